// The one answer to "may members write in that workspace now", for every service that takes writes (chat's messages).
import { LRUCache } from 'lru-cache';
import {
  ErrorCodes,
  isReadOnlyAt,
  WORKSPACE_READ_ONLY_MESSAGE,
  WorkspaceContracts,
  type EventPayloadOf,
  type BillingEvents,
} from '@teamchat/contracts';
import { type BusClient, DomainError } from '@teamchat/bus';
import { SharedLookups } from './shared-lookups.js';

/** How a write to a read-only workspace is refused (402 at the gateway, an `error` frame on the socket). */
export const workspaceReadOnly = () => new DomainError(ErrorCodes.workspaceReadOnly, WORKSPACE_READ_ONLY_MESSAGE);

/** Where a workspace's write deadline is read: the workspace service, which keeps billing's decision on its row. */
export interface EntitlementSource {
  /** Until when the workspace may be written to (ISO time), null for as long as it stays paid. */
  writableUntil(workspaceId: string): Promise<string | null>;
}

export const busEntitlementSource = (bus: Pick<BusClient, 'request'>): EntitlementSource => ({
  async writableUntil(workspaceId) {
    return (await bus.request(WorkspaceContracts.entitlement, { workspaceId })).writableUntil;
  },
});

interface Known {
  writableUntil: string | null;
  /** When billing decided it (0 when read from the workspace service): an older event never overwrites a newer one. */
  changedAt: number;
}

export interface EntitlementCacheOptions {
  max: number;
  /** Safety net only: `billing.entitlement.changed` updates every process, so this bounds what a lost event costs. */
  ttlMs: number;
}

export const ENTITLEMENT_CACHE_DEFAULTS: EntitlementCacheOptions = { max: 20_000, ttlMs: 5 * 60_000 };

/**
 * Write deadlines per workspace, asked once of the workspace service and then kept current by billing's
 * `billing.entitlement.changed` (applied in every process by `ProcessEventListener`). A trial running out needs no
 * event: the deadline is compared with the clock on every check, so a post costs no bus round trip.
 */
export class WorkspaceEntitlements {
  private readonly cache: LRUCache<string, Known>;
  private readonly lookups = new SharedLookups<string | null>();

  constructor(
    private readonly source: EntitlementSource,
    options: Partial<EntitlementCacheOptions> = {},
  ) {
    const cache = { ...ENTITLEMENT_CACHE_DEFAULTS, ...options };
    // ttlResolution 0: the clock read at each check, rather than cached behind a new 1 ms timer each time it expires
    this.cache = new LRUCache({ max: cache.max, ttl: cache.ttlMs, ttlResolution: 0 });
  }

  /** Refuses with BILLING.WORKSPACE_READ_ONLY once the workspace's deadline has passed. Check membership first. */
  async requireWritable(workspaceId: string): Promise<void> {
    if (isReadOnlyAt(await this.writableUntil(workspaceId))) throw workspaceReadOnly();
  }

  writableUntil(workspaceId: string): Promise<string | null> {
    const cached = this.cache.get(workspaceId);
    if (cached) return Promise.resolve(cached.writableUntil);
    return this.lookups.get(
      workspaceId,
      () => this.source.writableUntil(workspaceId),
      (writableUntil) => this.cache.set(workspaceId, { writableUntil, changedAt: 0 }),
    );
  }

  /** Billing changed the workspace's entitlement: the event carries the new deadline, so nothing is asked again. */
  apply(event: EventPayloadOf<typeof BillingEvents.entitlementChanged>): void {
    const changedAt = new Date(event.changedAt).getTime();
    const cached = this.cache.get(event.workspaceId);
    if (cached && cached.changedAt > changedAt) return;
    this.lookups.invalidate(event.workspaceId);
    this.cache.set(event.workspaceId, { writableUntil: event.writableUntil, changedAt });
  }

  /** Events may have been missed: every next check asks again. */
  clear(): void {
    this.lookups.invalidate();
    this.cache.clear();
  }
}
