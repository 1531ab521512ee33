import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import {
  IdentityEvents,
  WorkspaceContracts,
  WorkspaceEvents,
  type IdentityUser,
  type WorkspaceRole,
} from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { ClusterSignals, type SignalSender } from '../cluster/cluster-signals.js';
import { GatewayEvents } from '../cluster/gateway-events.js';
import { sessionUser } from './session-user.js';

/** Who is calling: `workspaceId`/`role` describe the user's current workspace (null when they have none). */
export interface RequestActor {
  userId: string;
  workspaceId: string | null;
  role: WorkspaceRole | null;
}

/** The actor on routes behind `@RequireWorkspace()`. */
export interface WorkspaceActor extends RequestActor {
  workspaceId: string;
  role: WorkspaceRole;
}

export interface ResolvedRequest {
  actor: RequestActor;
  user: IdentityUser;
}

const PENDING = Symbol('teamchat.actor.pending');
const RESOLVED = Symbol('teamchat.actor');
type WithActor = Request & { [PENDING]?: Promise<ResolvedRequest | null>; [RESOLVED]?: ResolvedRequest | null };

/** What `ActorService.resolve` found for this request, once it has finished (i.e. behind AuthGuard). */
export const resolvedOf = (req: Request): ResolvedRequest | null | undefined => (req as WithActor)[RESOLVED];

/** A lookup in progress or done; `found` is its answer once it found the user. */
interface Entry {
  readonly lookup: Promise<ResolvedRequest | null>;
  found?: ResolvedRequest;
}

/**
 * A backstop only: every change that alters a user's record, current workspace or role drops the cached actor on every
 * node through events (see `onModuleInit`); this bounds what a change made behind the services' backs can leave stale.
 */
export const ACTOR_TTL_MS = 60_000;

/**
 * The user and actor behind each session, asked of identity and workspace once and then kept in memory, shared by HTTP
 * routes and the live socket. Dropped on every gateway node when the user is updated or deleted, joins, leaves or
 * changes role in a workspace, creates or switches workspace.
 */
@Injectable()
export class ActorService implements OnModuleInit {
  // ttlResolution 0: the clock read at each check, rather than cached behind a new 1 ms timer each time it expires
  private readonly cache = new LRUCache<string, Entry>({ max: 100_000, ttl: ACTOR_TTL_MS, ttlResolution: 0 });
  private readonly forgetEverywhere: SignalSender<string>;

  constructor(
    private readonly bus: BusClient,
    private readonly events: GatewayEvents,
    signals: ClusterSignals,
  ) {
    this.forgetEverywhere = signals.define<string>('actor-changes', (userId) => this.cache.delete(userId));
  }

  onModuleInit(): void {
    const forget = ({ userId }: { userId: string }) => this.forget(userId);
    this.events.on(IdentityEvents.userUpdated, ({ id }) => this.forget(id));
    this.events.on(IdentityEvents.userDeleted, forget);
    this.events.on(WorkspaceEvents.workspaceCreated, ({ createdBy }) => this.forget(createdBy));
    this.events.on(WorkspaceEvents.memberAdded, forget);
    this.events.on(WorkspaceEvents.memberRemoved, forget);
    this.events.on(WorkspaceEvents.memberRoleChanged, forget);
  }

  /**
   * The user and actor of the request's session, or null when there is no session or its user no longer exists.
   * Asked once per request; later calls reuse the answer.
   */
  resolve(req: Request): Promise<ResolvedRequest | null> {
    const r = req as WithActor;
    const userId = req.session?.userId;
    if (!userId) return Promise.resolve(null);
    r[PENDING] ??= this.ofUser(userId).then((resolved) => (r[RESOLVED] = resolved));
    return r[PENDING];
  }

  /** The user and actor of a user id, from the cache when it holds them (the live socket's upgrade and join). */
  ofUser(userId: string): Promise<ResolvedRequest | null> {
    let entry = this.cache.get(userId);
    if (!entry) {
      const made: Entry = { lookup: this.lookUp(userId) };
      this.cache.set(userId, (entry = made));
      // neither a failure nor a missing user is remembered; only the entry this lookup made is removed
      const drop = () => this.cache.peek(userId) === made && this.cache.delete(userId);
      made.lookup.then((resolved) => (resolved ? (made.found = resolved) : drop()), drop);
    }
    return entry.lookup;
  }

  /** Forgets what was resolved for this request (after signing in or switching workspace within the same request). */
  reset(req: Request): void {
    delete (req as WithActor)[PENDING];
    delete (req as WithActor)[RESOLVED];
  }

  /** The user's record, workspace or role changed: every node asks again on their next request. */
  forget(userId: string): Promise<void> {
    return this.forgetEverywhere(userId);
  }

  private async lookUp(userId: string): Promise<ResolvedRequest | null> {
    const [user, current] = await Promise.all([
      sessionUser(this.bus, userId),
      this.bus.request(WorkspaceContracts.resolveActor, { userId }),
    ]);
    if (!user) return null;
    return { user, actor: { userId, workspaceId: current.workspaceId, role: current.role } };
  }
}
