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

type Options = { [key: string]: unknown };

const options = (limit: AttemptLimit): IRateLimiterOptions => ({
  keyPrefix: limit.name,
  points: limit.points,
  duration: limit.durationSec,
  // refused attempts do not extend the window; counting restarts once the block lifts
  blockDuration: limit.durationSec,
});

const attemptOn = async (limiter: RateLimiterAbstract, key: string): Promise<AttemptOutcome> => {
  try {
    await limiter.consume(key);
    return { allowed: true };
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { allowed: false, retryAfterSec: retryAfterSec(refusal.msBeforeNext) };
  }
};

/** Whole seconds for Retry-After, never 0 while something is still refused. */
export const retryAfterSec = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

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

  // every call it answers is one that Redis could not; the failure delay reads, blocks and deletes besides consuming
  override consume(key: string | number, points?: number, options?: Options): Promise<RateLimiterRes> {
    this.standingIn();
    return super.consume(key, points, options);
  }

  override penalty(key: string | number, points?: number, options?: Options): Promise<RateLimiterRes> {
    this.standingIn();
    return super.penalty(key, points, options);
  }

  override reward(key: string | number, points?: number, options?: Options): Promise<RateLimiterRes> {
    this.standingIn();
    return super.reward(key, points, options);
  }

  override get(key: string | number, options?: Options): Promise<RateLimiterRes | null> {
    this.standingIn();
    return super.get(key, options);
  }

  override block(key: string | number, secDuration: number, options?: Options): Promise<RateLimiterRes> {
    this.standingIn();
    return super.block(key, secDuration, options);
  }

  override delete(key: string | number, options?: Options): Promise<boolean> {
    this.standingIn();
    return super.delete(key, options);
  }

  private standingIn(): void {
    if (!this.degraded) this.logger.warn('Redis unreachable: sign-in limits are counted per gateway until it returns');
    this.degraded = true;
    rateLimitFallbacks.inc();
  }
}

/** Picks the rate-limiter-flexible store to use for one call (Redis, or memory while Redis is away). */
export type StorePick = () => RateLimiterAbstract;

/** Memory only: one gateway process (standalone). Keys expire with their window, nothing to sweep. */
export const memoryStore = (opts: IRateLimiterOptions): StorePick => {
  const limiter = new RateLimiterMemory(opts);
  return () => limiter;
};

/**
 * Redis while it answers, this process's memory while it does not: a Redis outage must not turn sign-ins into 500s
 * (the limits then hold per gateway instead of across them). A connection that was up and is lost is not waited on
 * (a client still making its first connection is, as at start it should be), and a command unanswered after
 * `timeoutMs` falls back too; `auth_rate_limit_fallback_total` counts each fallback.
 */
export const redisStore = (
  redis: Redis,
  prefix: string,
  opts: IRateLimiterOptions,
  timeoutMs = REDIS_TIMEOUT_MS,
): StorePick => {
  const insuranceLimiter = new StandInLimiter(opts, new Logger('RateLimit'), redis);
  // the insurance sits on the timeout wrapper alone, so an attempt that times out and then fails counts once
  const shared = new RateLimiterRedis({ ...opts, keyPrefix: `${prefix}${opts.keyPrefix}`, storeClient: redis });
  const guarded = new RLWrapperTimeouts({
    limiter: shared,
    timeoutMs,
    blockDuration: opts.blockDuration,
    insuranceLimiter,
  });
  const redisDown = redisOutage(redis);
  return () => (redisDown() ? insuranceLimiter : guarded);
};

export const memoryAttemptLimiter = (limit: AttemptLimit): AttemptLimiter => {
  const store = memoryStore(options(limit));
  return { attempt: (key) => attemptOn(store(), key) };
};

export const redisAttemptLimiter = (
  redis: Redis,
  prefix: string,
  limit: AttemptLimit,
  timeoutMs = REDIS_TIMEOUT_MS,
): AttemptLimiter => {
  const store = redisStore(redis, prefix, options(limit), timeoutMs);
  return { attempt: (key) => attemptOn(store(), key) };
};
