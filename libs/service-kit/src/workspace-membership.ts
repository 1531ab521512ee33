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
}

/** Asks the workspace service (`workspace.member.get`). */
export const busMembershipSource = (bus: Pick<BusClient, 'request'>): MembershipSource => ({
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
}

export const MEMBERSHIP_CACHE_DEFAULTS: MembershipCacheOptions = { max: 50_000, ttlMs: 5 * 60_000 };

export interface WorkspaceMembershipOptions {
  errors?: Partial<MembershipErrors>;
  cache?: Partial<MembershipCacheOptions>;
}

/**
 * Confirmed memberships with their role, cached per (workspace, user) and dropped when the workspace service
 * announces a removal or role change (see `WorkspaceMembershipModule`). Refusals are never cached: someone added
 * after a refusal is accepted at once.
 */
export class WorkspaceMembership {
  private readonly errors: MembershipErrors;
  private readonly cache: LRUCache<string, WorkspaceRole>;
  private readonly lookups = new SharedLookups<WorkspaceRole | null>();

  constructor(
    private readonly source: MembershipSource,
    options: WorkspaceMembershipOptions = {},
  ) {
    this.errors = { ...defaultErrors, ...options.errors };
    const cache = { ...MEMBERSHIP_CACHE_DEFAULTS, ...options.cache };
    this.cache = new LRUCache({ max: cache.max, ttl: cache.ttlMs });
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
    this.cache.clear();
  }

  /** The membership changed (removed, role changed): the next check asks again. */
  forget(workspaceId: string, userId: string): void {
    const key = `${workspaceId}:${userId}`;
    this.lookups.invalidate(key);
    this.cache.delete(key);
  }
}
