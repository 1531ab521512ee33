import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { rateLimitFallbacks } from '@teamchat/observability';
import { freePort } from '@teamchat/testing';
import {
  delayAfter,
  memoryFailureDelay,
  redisFailureDelay,
  type FailureDelay,
  type FailureDelayPolicy,
} from './failure-delay.storage.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const clients: Redis[] = [];
const client = (url: string): Redis => {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, disconnectTimeout: 10 });
  clients.push(redis);
  return redis;
};
afterAll(() => clients.forEach((redis) => redis.disconnect()));

const policy = (freeFailures = 3): FailureDelayPolicy => ({
  name: `test:${randomUUID()}`,
  freeFailures,
  windowSec: 600,
  baseDelaySec: 1,
  maxDelaySec: 60,
});

/** The outcome of a claim as a wait: 0 when the attempt may go ahead (and then it is abandoned again). */
const waitNow = async (delay: FailureDelay, key: string): Promise<number> => {
  const claim = await delay.claim(key);
  if (!claim.allowed) return claim.retryAfterSec;
  await claim.attempt.abandoned();
  return 0;
};

/** `n` attempts that are let through and fail. */
const failTimes = async (delay: FailureDelay, key: string, n: number): Promise<void> => {
  for (let i = 0; i < n; i++) {
    const claim = await delay.claim(key);
    if (!claim.allowed) throw new Error(`attempt ${i + 1} refused for ${claim.retryAfterSec} s`);
    await claim.attempt.failed();
  }
};

const fallbacks = async (): Promise<number> => (await rateLimitFallbacks.get()).values[0]?.value ?? 0;

describe('delayAfter', () => {
  it('is free up to the free failures, then doubles from the base and stops at the cap', () => {
    const p = policy(5);
    expect([1, 4].map((n) => delayAfter(p, n))).toEqual([0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 12].map((n) => delayAfter(p, n))).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(delayAfter(p, 5000)).toBe(60);
  });
});

describe('memory failure delay', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('lets the right password in once the short delay after ten wrong ones has passed, not ten minutes later', async () => {
    const delay = memoryFailureDelay(policy(10));
    await failTimes(delay, 'owner@example.com', 10);
    expect(await delay.claim('owner@example.com')).toEqual({ allowed: false, retryAfterSec: 1 });
    jest.advanceTimersByTime(1_001);
    const claim = await delay.claim('owner@example.com');
    expect(claim.allowed).toBe(true);
    if (claim.allowed) await claim.attempt.succeeded();
    // signing in forgot the failures: the next wrong passwords are free again
    await failTimes(delay, 'owner@example.com', 9);
    expect(await waitNow(delay, 'owner@example.com')).toBe(0);
  });

  it('makes each further failure wait longer, up to the cap', async () => {
    const delay = memoryFailureDelay(policy(3));
    await failTimes(delay, 'k', 2);
    expect(await waitNow(delay, 'k')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      await failTimes(delay, 'k', 1);
      waits.push(await waitNow(delay, 'k'));
      jest.advanceTimersByTime(waits[i]! * 1000 + 1);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('refused and abandoned attempts are no failures', async () => {
    const delay = memoryFailureDelay(policy(3));
    await failTimes(delay, 'k', 3);
    for (let i = 0; i < 5; i++) expect(await waitNow(delay, 'k')).toBe(1);
    jest.advanceTimersByTime(1_001);
    // let through and abandoned (bad input, say): the next attempt still waits only what the third failure earned
    expect(await waitNow(delay, 'k')).toBe(0);
    await failTimes(delay, 'k', 1);
    expect(await waitNow(delay, 'k')).toBe(2);
  });

  it('lets no more parallel attempts through than the free failures and one more', async () => {
    const delay = memoryFailureDelay(policy(3));
    const claims = await Promise.all(Array.from({ length: 20 }, () => delay.claim('k')));
    const allowed = claims.filter((c) => c.allowed);
    expect(allowed).toHaveLength(4);
    // the one past the free failures holds the key until it is settled
    expect(claims.filter((c) => !c.allowed).every((c) => !c.allowed && c.retryAfterSec <= 10)).toBe(true);
    await Promise.all(allowed.map((c) => (c.allowed ? c.attempt.failed() : null)));
    expect(await delay.claim('k')).toEqual({ allowed: false, retryAfterSec: 2 });
  });

  it('forgets the failures when cleared (a password reset)', async () => {
    const delay = memoryFailureDelay(policy(3));
    await failTimes(delay, 'k', 3);
    jest.advanceTimersByTime(1_001);
    await failTimes(delay, 'k', 1);
    jest.advanceTimersByTime(2_001);
    await failTimes(delay, 'k', 1);
    expect(await delay.claim('k')).toEqual({ allowed: false, retryAfterSec: 4 });
    await delay.clear('k');
    // counting starts again from nothing: the next failures are free
    await failTimes(delay, 'k', 2);
    expect(await waitNow(delay, 'k')).toBe(0);
  });

  it('forgets failures once their window has passed', async () => {
    const delay = memoryFailureDelay(policy(3));
    await failTimes(delay, 'k', 2);
    jest.advanceTimersByTime(600_001);
    await failTimes(delay, 'k', 1);
    expect(await waitNow(delay, 'k')).toBe(0);
  });

  it('keeps keys apart', async () => {
    const delay = memoryFailureDelay(policy(1));
    await failTimes(delay, 'a', 1);
    expect(await waitNow(delay, 'a')).toBe(1);
    expect(await waitNow(delay, 'b')).toBe(0);
  });
});

describe('redis failure delay', () => {
  it('keeps the failure count and the running delay in Redis, its TTL the delay earned', async () => {
    const redis = client(redisUrl);
    const p = policy(3);
    const prefix = `test:${randomUUID()}:`;
    const delay = redisFailureDelay(redis, prefix, p);
    await failTimes(delay, 'k', 2);
    expect(await redis.get(`${prefix}${p.name}:k`)).toBe('2');
    expect(await waitNow(delay, 'k')).toBe(0);
    // another gateway on the same Redis sees the same failures
    await failTimes(redisFailureDelay(client(redisUrl), prefix, p), 'k', 1);
    expect(await redis.get(`${prefix}${p.name}:k`)).toBe('3');
    const ttl = await redis.pttl(`${prefix}${p.name}-delay:k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1000);
    expect(await delay.claim('k')).toEqual({ allowed: false, retryAfterSec: 1 });
    expect(await redis.get(`${prefix}${p.name}:k`)).toBe('3');
    // a longer delay, without waiting out the first: the key's delay set as a later failure would
    await redis.del(`${prefix}${p.name}-delay:k`);
    await failTimes(delay, 'k', 1);
    const second = await redis.pttl(`${prefix}${p.name}-delay:k`);
    expect(second).toBeGreaterThan(1000);
    expect(second).toBeLessThanOrEqual(2000);
    await redis.set(`${prefix}${p.name}:k`, '100', 'KEEPTTL');
    await redis.del(`${prefix}${p.name}-delay:k`);
    await failTimes(delay, 'k', 1);
    expect(await redis.pttl(`${prefix}${p.name}-delay:k`)).toBeGreaterThan(32_000);
    expect(await redis.pttl(`${prefix}${p.name}-delay:k`)).toBeLessThanOrEqual(60_000);
  });

  it('forgets the failures and the running delay when cleared', async () => {
    const redis = client(redisUrl);
    const p = policy(1);
    const prefix = `test:${randomUUID()}:`;
    const delay = redisFailureDelay(redis, prefix, p);
    await failTimes(delay, 'k', 1);
    expect(await delay.claim('k')).toMatchObject({ allowed: false });
    await delay.clear('k');
    expect(await redis.exists(`${prefix}${p.name}:k`, `${prefix}${p.name}-delay:k`)).toBe(0);
    expect(await waitNow(delay, 'k')).toBe(0);
  });

  it('counts in memory while Redis is unreachable, with the same delays, and counts each fallback', async () => {
    const delay = redisFailureDelay(client(`redis://127.0.0.1:${await freePort()}`), 'test:', policy(2));
    const before = await fallbacks();
    await failTimes(delay, 'k', 2);
    expect(await delay.claim('k')).toEqual({ allowed: false, retryAfterSec: 1 });
    await delay.clear('k');
    expect(await waitNow(delay, 'k')).toBe(0);
    expect(await fallbacks()).toBeGreaterThan(before);
  });

  it('lets no more parallel attempts through than the free failures and one more, across gateways', async () => {
    const p = policy(3);
    const prefix = `test:${randomUUID()}:`;
    const gateways = [redisFailureDelay(client(redisUrl), prefix, p), redisFailureDelay(client(redisUrl), prefix, p)];
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => gateways[i % 2]!.claim('k')));
    expect(claims.filter((c) => c.allowed)).toHaveLength(4);
  });
});
