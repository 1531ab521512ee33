import { Logger } from '@nestjs/common';
import { rateLimitFallbacks } from '@teamchat/observability';
import { redisOutage } from '../cluster/redis-outage.js';
import type { Redis } from 'ioredis';

/** The outcome of counting one attempt (the shape `@nestjs/throttler`'s `ThrottlerStorage.increment` returns). */
export interface RateLimitRecord {
  totalHits: number;
  /** Seconds until the counting window ends. */
  timeToExpire: number;
  isBlocked: boolean;
  /** Seconds until the block lifts (0 when not blocked). */
  timeToBlockExpire: number;
}

/** Counts attempts per key in a fixed window; over `limit` the key is blocked for `blockMs` (no counting meanwhile). */
export interface RateLimitStorage {
  increment(key: string, ttlMs: number, limit: number, blockMs: number): Promise<RateLimitRecord>;
}

const seconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

/** One gateway process (standalone). Expired entries are dropped as they are met and by a periodic sweep. */
export class MemoryRateLimitStorage implements RateLimitStorage {
  private readonly entries = new Map<string, { hits: number; expiresAt: number; blockedUntil: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  increment(key: string, ttlMs: number, limit: number, blockMs: number): Promise<RateLimitRecord> {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (entry && entry.blockedUntil > now) {
      return Promise.resolve({
        totalHits: entry.hits,
        timeToExpire: seconds(entry.expiresAt - now),
        isBlocked: true,
        timeToBlockExpire: seconds(entry.blockedUntil - now),
      });
    }
    if (!entry || entry.expiresAt <= now) {
      entry = { hits: 0, expiresAt: now + ttlMs, blockedUntil: 0 };
      this.entries.set(key, entry);
    }
    entry.hits += 1;
    if (entry.hits > limit && blockMs > 0) {
      entry.blockedUntil = now + blockMs;
      // counting starts afresh once the block lifts
      entry.expiresAt = entry.blockedUntil;
      return Promise.resolve({
        totalHits: entry.hits,
        timeToExpire: seconds(ttlMs),
        isBlocked: true,
        timeToBlockExpire: seconds(blockMs),
      });
    }
    return Promise.resolve({
      totalHits: entry.hits,
      timeToExpire: seconds(entry.expiresAt - now),
      isBlocked: false,
      timeToBlockExpire: 0,
    });
  }

  private sweep(now = Date.now()): void {
    for (const [key, entry] of this.entries)
      if (entry.expiresAt <= now && entry.blockedUntil <= now) this.entries.delete(key);
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

// One round trip, atomic across gateway replicas: count the hit in a fixed window, and once over the limit hold a
// block key for the block duration (hits are not counted while blocked, and counting restarts after it).
const SCRIPT = `
local hitsKey, blockKey = KEYS[1], KEYS[2]
local ttl, limit, block = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local blockLeft = redis.call('PTTL', blockKey)
if blockLeft > 0 then
  return { tonumber(redis.call('GET', hitsKey) or (limit + 1)), math.max(redis.call('PTTL', hitsKey), 0), 1, blockLeft }
end
local hits = redis.call('INCR', hitsKey)
if hits == 1 then redis.call('PEXPIRE', hitsKey, ttl) end
local hitsLeft = redis.call('PTTL', hitsKey)
if hits > limit and block > 0 then
  redis.call('SET', blockKey, '1', 'PX', block)
  redis.call('PEXPIRE', hitsKey, block)
  return { hits, hitsLeft, 1, block }
end
return { hits, hitsLeft, 0, 0 }
`;

/** Shared by every gateway replica (cluster mode). */
export class RedisRateLimitStorage implements RateLimitStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, ttlMs: number, limit: number, blockMs: number): Promise<RateLimitRecord> {
    const base = `${this.prefix}${key}`;
    const [totalHits, timeToExpire, blocked, timeToBlockExpire] = (await this.redis.eval(
      SCRIPT,
      2,
      `${base}:hits`,
      `${base}:block`,
      ttlMs,
      limit,
      blockMs,
    )) as [number, number, number, number];
    return {
      totalHits,
      timeToExpire: seconds(timeToExpire),
      isBlocked: blocked === 1,
      timeToBlockExpire: seconds(timeToBlockExpire),
    };
  }
}

/**
 * Redis while it answers, this process's memory while it does not: a Redis outage must not turn sign-ins into 500s
 * (the limits then hold per gateway instead of across them). Commands are not queued while Redis is away, and each
 * fallback is counted (`auth_rate_limit_fallback_total`); the switch is logged once per outage.
 */
export class FallbackRateLimitStorage implements RateLimitStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly memory = new MemoryRateLimitStorage();
  private degraded = false;
  private readonly redisDown: () => boolean;

  constructor(
    private readonly redis: Redis,
    private readonly shared: RateLimitStorage,
    private readonly timeoutMs = 500,
  ) {
    this.redisDown = redisOutage(redis);
  }

  async increment(key: string, ttlMs: number, limit: number, blockMs: number): Promise<RateLimitRecord> {
    if (!this.redisDown()) {
      try {
        const record = await withTimeout(this.shared.increment(key, ttlMs, limit, blockMs), this.timeoutMs);
        if (this.degraded) this.logger.log('Redis is back: sign-in limits are shared again');
        this.degraded = false;
        return record;
      } catch (err) {
        this.fellBack(err);
      }
    } else {
      this.fellBack(new Error(`Redis is ${this.redis.status}`));
    }
    rateLimitFallbacks.inc();
    return this.memory.increment(key, ttlMs, limit, blockMs);
  }

  close(): void {
    this.memory.close();
  }

  private fellBack(err: unknown): void {
    if (!this.degraded)
      this.logger.warn(`Redis unreachable (${String(err)}): sign-in limits are counted per gateway until it returns`);
    this.degraded = true;
  }
}

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
