// Failed sign-ins per email address slow the next attempt down instead of locking the address: a hard lock after a few
// wrong passwords would let anyone who knows an email keep its owner out. The delay grows with each further failure and
// is short enough that the owner, typing the right password, gets in; a sign-in or a reset through the emailed link
// forgets the failures. Both counters live in rate-limiter-flexible stores (Redis, memory while Redis is away).
import type { Redis } from 'ioredis';
import { RateLimiterRes, type IRateLimiterOptions } from 'rate-limiter-flexible';
import { memoryStore, redisStore, retryAfterSec, type StorePick } from './rate-limit.storage.js';

export interface FailureDelayPolicy {
  /** Also the key prefix: failures are counted under `<prefix><name>:<key>`, the running delay under `<name>-delay`. */
  name: string;
  /** Failures that cost nothing; from the next one on each failure makes the following attempt wait. */
  freeFailures: number;
  /** Failures are forgotten this long after the first one of a series. */
  windowSec: number;
  /** The first delay; each further failure doubles it up to `maxDelaySec`. */
  baseDelaySec: number;
  maxDelaySec: number;
}

/** An attempt let through: it is settled exactly once, by what the attempt turned out to be. */
export interface ClaimedAttempt {
  /** A wrong password: counted already, it starts the delay it earns. */
  failed(): Promise<void>;
  /** Signed in: the key's failures are forgotten. */
  succeeded(): Promise<void>;
  /** Neither (bad input, an error, a dropped connection): as if it had not been made. */
  abandoned(): Promise<void>;
}

export type Claim = { allowed: true; attempt: ClaimedAttempt } | { allowed: false; retryAfterSec: number };

export interface FailureDelay {
  /**
   * Lets an attempt for the key go ahead, or says how long it has to wait. Decided by atomic counters, so parallel
   * attempts get no more through than sequential ones would: the free failures, then one at a time past them.
   */
  claim(key: string): Promise<Claim>;
  /** Forgets the key's failures and any delay running (a password reset through the emailed link). */
  clear(key: string): Promise<void>;
}

/** The wait after the `failures`-th failure: none up to the free ones, then base, 2×base, 4×base … capped. */
export const delayAfter = (policy: FailureDelayPolicy, failures: number): number => {
  const over = failures - policy.freeFailures;
  if (over < 0) return 0;
  // 2^over overflows to Infinity long before a counter gets there; the cap takes care of that
  return Math.min(policy.maxDelaySec, policy.baseDelaySec * 2 ** over);
};

/** Past the free failures one attempt at a time holds the key; one that never settles lets go after this. */
const IN_FLIGHT_SEC = 10;

const stores = (policy: FailureDelayPolicy) => ({
  // no attempt is ever refused by this counter (failures are added with penalty), it only counts within its window
  failures: { keyPrefix: policy.name, points: Number.MAX_SAFE_INTEGER, duration: policy.windowSec },
  // one point: consumed by the attempt in flight past the free failures; a running delay is a block on it
  delay: { keyPrefix: `${policy.name}-delay`, points: 1, duration: IN_FLIGHT_SEC },
});

const waitOf = (ms: number): Claim => ({ allowed: false, retryAfterSec: retryAfterSec(ms) });

class StoredFailureDelay implements FailureDelay {
  constructor(
    private readonly policy: FailureDelayPolicy,
    private readonly failures: StorePick,
    private readonly delays: StorePick,
  ) {}

  async claim(key: string): Promise<Claim> {
    const running = await this.delays().get(key);
    if (running && running.consumedPoints > 0 && running.msBeforeNext > 0) return waitOf(running.msBeforeNext);
    // counted as a failure up front: each parallel attempt gets its own number from the store
    const counted = await this.failures().penalty(key, 1);
    if (counted.consumedPoints <= this.policy.freeFailures) return { allowed: true, attempt: this.attempt(key, false) };
    try {
      await this.delays().consume(key);
      return { allowed: true, attempt: this.attempt(key, true) };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      await this.failures().reward(key, 1);
      return waitOf(refusal.msBeforeNext);
    }
  }

  async clear(key: string): Promise<void> {
    await Promise.all([this.failures().delete(key), this.delays().delete(key)]);
  }

  private attempt(key: string, holdsKey: boolean): ClaimedAttempt {
    return {
      failed: async () => {
        const failures = (await this.failures().get(key))?.consumedPoints ?? 0;
        const delaySec = delayAfter(this.policy, failures);
        if (delaySec > 0) await this.delays().block(key, delaySec);
        else if (holdsKey) await this.delays().delete(key);
      },
      succeeded: () => this.clear(key),
      abandoned: async () => {
        await this.failures().reward(key, 1);
        if (holdsKey) await this.delays().delete(key);
      },
    };
  }
}

export const memoryFailureDelay = (policy: FailureDelayPolicy): FailureDelay => {
  const opts = stores(policy);
  return new StoredFailureDelay(policy, memoryStore(opts.failures), memoryStore(opts.delay));
};

export const redisFailureDelay = (
  redis: Redis,
  prefix: string,
  policy: FailureDelayPolicy,
  timeoutMs?: number,
): FailureDelay => {
  const opts = stores(policy);
  const store = (o: IRateLimiterOptions) => redisStore(redis, prefix, o, timeoutMs);
  return new StoredFailureDelay(policy, store(opts.failures), store(opts.delay));
};
