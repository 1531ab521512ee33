// How much of a service one workspace, and one user, may take at once: requests of a tenant beyond its concurrency
// wait in a bounded queue of their own, and beyond that are refused at once. One busy tenant then holds a few of the
// service's pooled connections and handlers, never all of them, so another tenant's sign-in or read runs next to it.
import pLimit, { type LimitFunction } from 'p-limit';
import { ErrorCodes, type DomainErrorPayload } from '@teamchat/contracts';

export interface TenantLimitOptions {
  /** Requests of one workspace handled at once by one service process. */
  workspaceConcurrency: number;
  /** Requests of one user handled at once by one service process. */
  userConcurrency: number;
  /** Requests of one workspace (or user) waiting for their turn; past it a request is refused with 429. */
  queueMax: number;
  /**
   * How long a request may wait for its turn before it is refused with 429: less than the caller's bus timeout, so the
   * caller hears a refusal rather than timing out — a timeout would count against the whole service in the caller's
   * circuit breaker, and one tenant's burst would open it for everyone.
   */
  maxWaitMs?: number;
}

export const TENANT_BUSY_MESSAGE = 'Too many requests of this workspace at once. Try again in a moment.';
export const USER_BUSY_MESSAGE = 'Too many of your requests at once. Try again in a moment.';

/** Concurrency per key with a bounded queue; a key's limiter is dropped once it has nothing running or waiting. */
export class KeyedLimits {
  private readonly limits = new Map<string, LimitFunction>();

  constructor(
    private readonly concurrency: number,
    private readonly queueMax: number,
    /** What a request past the queue, or waiting too long, is refused with (thrown as it is). */
    private readonly refuse: () => unknown,
    private readonly maxWaitMs?: number,
  ) {}

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let limit = this.limits.get(key);
    if (!limit) {
      limit = pLimit(this.concurrency);
      this.limits.set(key, limit);
    }
    // a refusal, not a timeout: the caller hears at once, and its circuit breaker counts an answer, not a failure
    if (limit.pendingCount >= this.queueMax) return Promise.reject(this.refuse());
    const own = limit;
    const forget = () => {
      if (own.activeCount === 0 && own.pendingCount === 0 && this.limits.get(key) === own) this.limits.delete(key);
    };
    if (this.maxWaitMs === undefined || own.activeCount + own.pendingCount < this.concurrency)
      return own(work).finally(forget);
    // it will wait: refused when its turn has not come in time, and then skipped when the turn comes
    let timer: ReturnType<typeof setTimeout> | undefined;
    let refused = false;
    const turn = own(() => {
      clearTimeout(timer);
      return refused ? Promise.resolve(undefined as T) : work();
    }).finally(forget);
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        refused = true;
        reject(this.refuse());
      }, this.maxWaitMs);
    });
    return Promise.race([turn, late]);
  }

  /** Keys with work running or waiting (for tests and metrics). */
  get size(): number {
    return this.limits.size;
  }
}

/** The workspace and user a request is made for, from the actor every member-facing contract carries. */
export const tenantOf = (data: unknown): { workspaceId?: string; userId?: string } => {
  const actor = (data as { actor?: { workspaceId?: unknown; userId?: unknown } } | null)?.actor;
  return {
    workspaceId: typeof actor?.workspaceId === 'string' ? actor.workspaceId : undefined,
    userId: typeof actor?.userId === 'string' ? actor.userId : undefined,
  };
};

/**
 * A service process's limits: a request first waits for a turn of its user's, then for one of its workspace's — in
 * that order, so a user's queued requests never hold turns the rest of the workspace could use.
 */
export class TenantLimits {
  private readonly workspaces: KeyedLimits;
  private readonly users: KeyedLimits;

  constructor(options: TenantLimitOptions) {
    // outside the handler, a refusal is the payload the bus exception filter would have made of a domain error
    const busy = (message: string) => (): DomainErrorPayload => ({ code: ErrorCodes.tenantBusy, message });
    const { workspaceConcurrency, userConcurrency, queueMax, maxWaitMs } = options;
    this.workspaces = new KeyedLimits(workspaceConcurrency, queueMax, busy(TENANT_BUSY_MESSAGE), maxWaitMs);
    this.users = new KeyedLimits(userConcurrency, queueMax, busy(USER_BUSY_MESSAGE), maxWaitMs);
  }

  run<T>(data: unknown, work: () => Promise<T>): Promise<T> {
    const { workspaceId, userId } = tenantOf(data);
    const inWorkspace = workspaceId ? () => this.workspaces.run(workspaceId, work) : work;
    return userId ? this.users.run(userId, inWorkspace) : inWorkspace();
  }
}
