// Each workspace's members with their role, as the directory pages through them: one look-up per workspace, kept
// until a member joins, leaves or changes role (events every identity replica hears) or, as a safety net, a minute.
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { WorkspaceContracts, WorkspaceEvents, type WorkspaceRole } from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { ProcessEvents, SharedLookups } from '@teamchat/service-kit';

/** The members of one workspace: ids in no particular order, and each one's role. */
export type Roster = ReadonlyMap<string, WorkspaceRole>;

export const ROSTER_TTL_MS = 60_000;
/** Members kept over every cached workspace: a 20,000-member roster takes about 2 MB. */
export const ROSTER_ENTRIES_MAX = 500_000;

@Injectable()
export class WorkspaceRoster {
  private readonly cache = new LRUCache<string, Roster>({
    maxSize: ROSTER_ENTRIES_MAX,
    sizeCalculation: (roster) => Math.max(1, roster.size),
    ttl: ROSTER_TTL_MS,
    ttlResolution: 0,
  });
  private readonly lookups = new SharedLookups<Roster>();

  constructor(
    private readonly bus: BusClient,
    events: ProcessEvents,
  ) {
    const forget = ({ workspaceId }: { workspaceId: string }) => this.forget(workspaceId);
    events.on(WorkspaceEvents.memberAdded, forget);
    events.on(WorkspaceEvents.memberRemoved, forget);
    events.on(WorkspaceEvents.memberRoleChanged, forget);
    events.onReset(() => this.clear());
  }

  /** Every member of the workspace with their role. */
  async all(workspaceId: string): Promise<Roster> {
    const cached = this.cache.get(workspaceId);
    if (cached) return cached;
    return this.lookups.get(
      workspaceId,
      async () => this.toRoster(await this.bus.request(WorkspaceContracts.listMembers, { workspaceId })),
      (roster) => this.cache.set(workspaceId, roster),
    );
  }

  /** The members among `userIds` with their role: from the cached roster, else asked for these alone. */
  async among(workspaceId: string, userIds: string[]): Promise<Roster> {
    const cached = this.cache.get(workspaceId);
    if (!cached && userIds.length === 0) return new Map();
    if (!cached) return this.toRoster(await this.bus.request(WorkspaceContracts.listMembers, { workspaceId, userIds }));
    const found = new Map<string, WorkspaceRole>();
    for (const id of userIds) {
      const role = cached.get(id);
      if (role) found.set(id, role);
    }
    return found;
  }

  forget(workspaceId: string): void {
    this.lookups.invalidate(workspaceId);
    this.cache.delete(workspaceId);
  }

  clear(): void {
    this.lookups.invalidate();
    this.cache.clear();
  }

  private toRoster(members: { userId: string; role: WorkspaceRole }[]): Roster {
    return new Map(members.map((m) => [m.userId, m.role]));
  }
}
