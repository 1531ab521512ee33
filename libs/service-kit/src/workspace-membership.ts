// The one answer to "is this user a member of that workspace, and what may they do there", for every service.
import { LRUCache } from 'lru-cache';
import { ErrorCodes, WorkspaceContracts, type Actor, type WorkspaceRole } from '@teamchat/contracts';
import { type BusClient, DomainError } from '@teamchat/bus';
import { SharedLookups } from './shared-lookups.js';

/** An actor whose membership of their current workspace has been confirmed, with their role there. */
export interface WorkspaceMember {
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
}

/** Where memberships are read: the workspace service over the bus, or — in the workspace service — its own table. */
export interface MembershipSource {
  /** The user's role in the workspace, or null when they are not (or no longer) a member; other failures throw. */
  role(workspaceId: string, userId: string): Promise<WorkspaceRole | null>;
  /**
   * Every member of the workspace with their role, or null when it has more than `max`. Optional: a source without it
   * is asked one member at a time.
   */
  members?(workspaceId: string, max: number): Promise<{ userId: string; role: WorkspaceRole }[] | null>;
}

/** Asks the workspace service (`workspace.member.get`, `workspace.member.list`). */
export const busMembershipSource = (bus: Pick<BusClient, 'request'>): MembershipSource => ({
  async members(workspaceId, max) {
    const members = await bus.request(WorkspaceContracts.listMembers, { workspaceId, limit: max + 1 });
    return members.length > max ? null : members;
  },
  async role(workspaceId, userId) {
    try {
      return (await bus.request(WorkspaceContracts.getMember, { workspaceId, userId })).role;
    } catch (err) {
      if (
        err instanceof DomainError &&
        (err.code === ErrorCodes.memberNotFound || err.code === ErrorCodes.workspaceNotFound)
      ) {
        return null;
      }
      throw err;
    }
  },
});

/** The refusals callers see; a service may word them its own way (billing) or keep an older code (tasks). */
export interface MembershipErrors {
  noWorkspace(): DomainError;
  notMember(): DomainError;
  notAdmin(): DomainError;
}

export const membershipErrors = {
  noWorkspace: () => new DomainError(ErrorCodes.noWorkspace, 'No active workspace'),
  /** Another tenant's ids are never confirmed: a non-member is told the workspace does not exist. */
  workspaceNotFound: () => new DomainError(ErrorCodes.workspaceNotFound, 'Workspace not found'),
  /** What `workspace.member.get` answers for a non-member. */
  memberNotFound: () => new DomainError(ErrorCodes.memberNotFound, 'User not found in this workspace'),
  notAdmin: () => new DomainError(ErrorCodes.notAdmin, 'Only workspace admins can do this'),
} as const;

const defaultErrors: MembershipErrors = {
  noWorkspace: membershipErrors.noWorkspace,
  notMember: membershipErrors.workspaceNotFound,
  notAdmin: membershipErrors.notAdmin,
};

export interface MembershipCacheOptions {
  /** Memberships remembered at most (least recently used dropped first). */
  max: number;
  /**
   * Safety net only: removals and role changes drop entries through bus events on every replica, so this bounds
   * how long a lost event could leave a stale answer.
   */
  ttlMs: number;
  /**
   * The first check in a workspace (and the first after `ttlMs`) loads every member's role at once when the workspace
   * has at most this many members: its other members' first checks then ask nothing. 0 asks one member at a time.
   */
  rosterMax: number;
}

export const MEMBERSHIP_CACHE_DEFAULTS: MembershipCacheOptions = { max: 50_000, ttlMs: 5 * 60_000, rosterMax: 2_000 };

/**
 * After a roster fails, checks in that workspace ask one member at a time for this long: a service in trouble is not
 * asked twice for every miss (nor charged twice on its circuit breaker).
 */
const ROSTER_RETRY_MS = 10_000;

export interface WorkspaceMembershipOptions {
  errors?: Partial<MembershipErrors>;
  cache?: Partial<MembershipCacheOptions>;
}

type Roster = { userId: string; role: WorkspaceRole }[] | null;

/**
 * Confirmed memberships with their role, cached per (workspace, user) and dropped when the workspace service
 * announces a removal or role change (see `WorkspaceMembershipModule`). Refusals are never cached: someone added
 * after a refusal is accepted at once. The first check in a workspace of up to `rosterMax` members loads all of
 * them (its roster) in one look-up; anyone not on it is still asked on their own, so a member added since is not
 * refused.
 */
export class WorkspaceMembership {
  private readonly errors: MembershipErrors;
  private readonly cache: LRUCache<string, WorkspaceRole>;
  private readonly lookups = new SharedLookups<WorkspaceRole | null>();
  /**
   * Workspaces whose roster was loaded (or found longer than `rosterMax`) within the last `ttlMs`, or failed within
   * the last `ROSTER_RETRY_MS`.
   */
  private readonly rosters: LRUCache<string, true>;
  private readonly rosterLookups = new SharedLookups<Roster>();
  private readonly rosterMax: number;
  private readonly rosterListeners: ((workspaceId: string, userIds: string[]) => void)[] = [];

  constructor(
    private readonly source: MembershipSource,
    options: WorkspaceMembershipOptions = {},
  ) {
    this.errors = { ...defaultErrors, ...options.errors };
    const cache = { ...MEMBERSHIP_CACHE_DEFAULTS, ...options.cache };
    // ttlResolution 0: the clock read at each check, rather than cached behind a new 1 ms timer each time it expires
    this.cache = new LRUCache({ max: cache.max, ttl: cache.ttlMs, ttlResolution: 0 });
    this.rosters = new LRUCache({ max: Math.max(1, Math.ceil(cache.max / 10)), ttl: cache.ttlMs, ttlResolution: 0 });
    this.rosterMax = source.members ? cache.rosterMax : 0;
  }

  /** The actor as a member of their current workspace; refuses without one, and refuses non-members. */
  async member(actor: Actor): Promise<WorkspaceMember> {
    const { workspaceId, userId } = actor;
    if (!workspaceId) throw this.errors.noWorkspace();
    const role = await this.role(workspaceId, userId);
    if (!role) throw this.errors.notMember();
    return { userId, workspaceId, role };
  }

  /** As `member`, and refuses anyone but an admin. */
  async requireAdmin(actor: Actor): Promise<WorkspaceMember> {
    const member = await this.member(actor);
    if (member.role !== 'admin') throw this.errors.notAdmin();
    return member;
  }

  async isMember(workspaceId: string, userId: string): Promise<boolean> {
    return (await this.role(workspaceId, userId)) !== null;
  }

  /** The user's role in the workspace, or null for a non-member. Concurrent first asks share one look-up. */
  role(workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
    const key = `${workspaceId}:${userId}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    if (this.rosterMax > 0 && !this.rosters.has(workspaceId)) {
      return this.loadRoster(workspaceId).then(() => this.cache.get(key) ?? this.lookUp(key, workspaceId, userId));
    }
    return this.lookUp(key, workspaceId, userId);
  }

  /**
   * Called with a workspace's members each time its roster is loaded, so a service can warm what it keeps per user
   * (chat: their names) in one look-up as well.
   */
  onRoster(listener: (workspaceId: string, userIds: string[]) => void): void {
    this.rosterListeners.push(listener);
  }

  /** Every member of the workspace into the cache, unless an invalidation overtook the answer; never fails. */
  private loadRoster(workspaceId: string): Promise<unknown> {
    return this.rosterLookups
      .get(
        workspaceId,
        () => this.source.members!(workspaceId, this.rosterMax),
        (roster) => {
          this.rosters.set(workspaceId, true);
          if (!roster) return;
          for (const m of roster) this.cache.set(`${workspaceId}:${m.userId}`, m.role);
          const userIds = roster.map((m) => m.userId);
          for (const listener of this.rosterListeners) listener(workspaceId, userIds);
        },
      )
      .catch(() => {
        // each member is then asked on their own, which reports the failure; the roster is tried again later
        this.rosters.set(workspaceId, true, { ttl: Math.min(ROSTER_RETRY_MS, this.rosters.ttl) });
      });
  }

  private lookUp(key: string, workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
    return this.lookups.get(
      key,
      () => this.source.role(workspaceId, userId),
      (role) => {
        if (role !== null) this.cache.set(key, role); // refusals are never kept
      },
    );
  }

  /** Nothing cached can be trusted any more (invalidations may have been missed): every next check asks again. */
  clear(): void {
    this.lookups.invalidate();
    this.rosterLookups.invalidate();
    this.rosters.clear();
    this.cache.clear();
  }

  /** Someone joined the workspace: the next check of anyone not yet known there loads its roster again. */
  joined(workspaceId: string): void {
    this.rosterLookups.invalidate(workspaceId);
    this.rosters.delete(workspaceId);
  }

  /** The membership changed (removed, role changed): the next check asks again. */
  forget(workspaceId: string, userId: string): void {
    const key = `${workspaceId}:${userId}`;
    this.lookups.invalidate(key);
    // a roster on its way may still list them with their old role
    this.rosterLookups.invalidate(workspaceId);
    this.cache.delete(key);
  }
}
