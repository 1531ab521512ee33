// Sign-in attempt counters on rate-limiter-flexible: Redis shared by every gateway replica (cluster), this process's
// memory while Redis is away or when the gateway has none (standalone).
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { rateLimitFallbacks } from '@teamchat/observability';
import { redisOutage } from '../cluster/redis-outage.js';

/** One named limit: `points` attempts per `durationSec`; past it the key is refused for another `durationSec`. */
export interface AttemptLimit {
  /** Also the key prefix, so `auth:email` keeps its counters under `<prefix>auth:email:<email>`. */
  name: string;
  points: number;
  durationSec: number;
}

export type AttemptOutcome = { allowed: true } | { allowed: false; retryAfterSec: number };

/** Counts one attempt per call; a refusal says how long the key stays refused. */
export interface AttemptLimiter {
  attempt(key: string): Promise<AttemptOutcome>;
}

/** A Redis that answers nothing within this is treated as down for that attempt. */
const REDIS_TIMEOUT_MS = 500;

const options = (limit: AttemptLimit): IRateLimiterOptions => ({
  keyPrefix: limit.name,
  points: limit.points,
  duration: limit.durationSec,
  // refused attempts do not extend the window; counting restarts once the block lifts
  blockDuration: limit.durationSec,
});

class LibraryLimiter implements AttemptLimiter {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  async attempt(key: string): Promise<AttemptOutcome> {
    try {
      await this.limiter.consume(key);
      return { allowed: true };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    }
  }
}

/** The in-process limiter, also Redis's stand-in: each attempt it counts while standing in is counted and logged. */
class StandInLimiter extends RateLimiterMemory {
  private degraded = false;

  constructor(
    opts: IRateLimiterOptions,
    private readonly logger: Logger,
    redis: Redis,
  ) {
    super(opts);
    redis.on('ready', () => {
      if (this.degraded) this.logger.log('Redis is back: sign-in limits are shared again');
      this.degraded = false;
    });
  }

  override consume(
    key: string | number,
    points?: number,
    options?: { [key: string]: unknown },
  ): Promise<RateLimiterRes> {
    if (!this.degraded) this.logger.warn('Redis unreachable: sign-in limits are counted per gateway until it returns');
    this.degraded = true;
    rateLimitFallbacks.inc();
    return super.consume(key, points, options);
  }
}

/** Memory only: one gateway process (standalone). Keys expire with their window, nothing to sweep. */
export const memoryAttemptLimiter = (limit: AttemptLimit): AttemptLimiter =>
  new LibraryLimiter(new RateLimiterMemory(options(limit)));

/**
 * Redis while it answers, this process's memory while it does not: a Redis outage must not turn sign-ins into 500s
 * (the limits then hold per gateway instead of across them). A connection that was up and is lost is not waited on
 * (a client still making its first connection is, as at start it should be), and a command unanswered after
 * `timeoutMs` falls back too; `auth_rate_limit_fallback_total` counts each fallback.
 */
export const redisAttemptLimiter = (
  redis: Redis,
  prefix: string,
  limit: AttemptLimit,
  timeoutMs = REDIS_TIMEOUT_MS,
): AttemptLimiter => {
  const opts = options(limit);
  const insuranceLimiter = new StandInLimiter(opts, new Logger('RateLimit'), redis);
  // the insurance sits on the timeout wrapper alone, so an attempt that times out and then fails counts once
  const shared = new RateLimiterRedis({ ...opts, keyPrefix: `${prefix}${limit.name}`, storeClient: redis });
  const guarded = new LibraryLimiter(
    new RLWrapperTimeouts({ limiter: shared, timeoutMs, blockDuration: opts.blockDuration, insuranceLimiter }),
  );
  const standIn = new LibraryLimiter(insuranceLimiter);
  const redisDown = redisOutage(redis);
  return { attempt: (key) => (redisDown() ? standIn : guarded).attempt(key) };
};
