// Failed sign-ins per email address slow the next attempt down instead of locking the address: a hard lock after a few
// wrong passwords would let anyone who knows an email keep its owner out. The delay grows with each further failure and
// is short enough that the owner, typing the right password, gets in; a sign-in or a reset through the emailed link
// forgets the failures. Both counters live in rate-limiter-flexible stores (Redis, memory while Redis is away).
import type { Redis } from 'ioredis';
import type { IRateLimiterOptions } from 'rate-limiter-flexible';
import { memoryStore, redisStore, retryAfterSec, type AttemptOutcome, type StorePick } from './rate-limit.storage.js';

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

export interface FailureDelay {
  /** Whether an attempt for the key may go ahead now, or how long it has to wait. Counts nothing. */
  check(key: string): Promise<AttemptOutcome>;
  /** Records a failed attempt and starts the delay it earns. */
  fail(key: string): Promise<void>;
  /** Forgets the key's failures and any delay running. */
  clear(key: string): Promise<void>;
}

/** The wait after the `failures`-th failure: none up to the free ones, then base, 2×base, 4×base … capped. */
export const delayAfter = (policy: FailureDelayPolicy, failures: number): number => {
  const over = failures - policy.freeFailures;
  if (over < 0) return 0;
  // 2^over overflows to Infinity long before a counter gets there; the cap takes care of that
  return Math.min(policy.maxDelaySec, policy.baseDelaySec * 2 ** over);
};

const stores = (policy: FailureDelayPolicy) => ({
  // no attempt is ever refused by this counter (failures are added with penalty), it only counts within its window
  failures: { keyPrefix: policy.name, points: Number.MAX_SAFE_INTEGER, duration: policy.windowSec },
  // a delay is a block on this one: `get` tells whether it runs and for how long
  delay: { keyPrefix: `${policy.name}-delay`, points: 1, duration: policy.maxDelaySec },
});

class StoredFailureDelay implements FailureDelay {
  constructor(
    private readonly policy: FailureDelayPolicy,
    private readonly failures: StorePick,
    private readonly delays: StorePick,
  ) {}

  async check(key: string): Promise<AttemptOutcome> {
    const running = await this.delays().get(key);
    if (!running || running.consumedPoints < 1 || running.msBeforeNext <= 0) return { allowed: true };
    return { allowed: false, retryAfterSec: retryAfterSec(running.msBeforeNext) };
  }

  async fail(key: string): Promise<void> {
    const counted = await this.failures().penalty(key, 1);
    const delaySec = delayAfter(this.policy, counted.consumedPoints);
    if (delaySec > 0) await this.delays().block(key, delaySec);
  }

  async clear(key: string): Promise<void> {
    await Promise.all([this.failures().delete(key), this.delays().delete(key)]);
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
