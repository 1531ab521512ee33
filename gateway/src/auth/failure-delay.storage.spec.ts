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

const failTimes = async (delay: FailureDelay, key: string, n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await delay.fail(key);
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
    expect(await delay.check('owner@example.com')).toEqual({ allowed: false, retryAfterSec: 1 });
    jest.advanceTimersByTime(1_001);
    expect(await delay.check('owner@example.com')).toEqual({ allowed: true });
  });

  it('makes each further failure wait longer, up to the cap', async () => {
    const delay = memoryFailureDelay(policy(3));
    await failTimes(delay, 'k', 2);
    expect(await delay.check('k')).toEqual({ allowed: true });
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      await delay.fail('k');
      const outcome = await delay.check('k');
      waits.push(outcome.allowed ? 0 : outcome.retryAfterSec);
      jest.advanceTimersByTime(waits[i]! * 1000 + 1);
      expect(await delay.check('k')).toEqual({ allowed: true });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('forgets the failures when cleared (a sign-in or a password reset)', async () => {
    const delay = memoryFailureDelay(policy(3));
    await failTimes(delay, 'k', 6);
    expect(await delay.check('k')).toEqual({ allowed: false, retryAfterSec: 8 });
    await delay.clear('k');
    expect(await delay.check('k')).toEqual({ allowed: true });
    // counting starts again from nothing: the next failures are free
    await failTimes(delay, 'k', 2);
    expect(await delay.check('k')).toEqual({ allowed: true });
  });

  it('forgets failures once their window has passed', async () => {
    const delay = memoryFailureDelay(policy(3));
    await failTimes(delay, 'k', 2);
    jest.advanceTimersByTime(600_001);
    await delay.fail('k');
    expect(await delay.check('k')).toEqual({ allowed: true });
  });

  it('keeps keys apart', async () => {
    const delay = memoryFailureDelay(policy(1));
    await delay.fail('a');
    expect(await delay.check('a')).toMatchObject({ allowed: false });
    expect(await delay.check('b')).toEqual({ allowed: true });
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
    expect(await delay.check('k')).toEqual({ allowed: true });
    // another gateway on the same Redis sees the same failures
    await redisFailureDelay(client(redisUrl), prefix, p).fail('k');
    expect(await redis.get(`${prefix}${p.name}:k`)).toBe('3');
    const ttl = await redis.pttl(`${prefix}${p.name}-delay:k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1000);
    expect(await delay.check('k')).toEqual({ allowed: false, retryAfterSec: 1 });
    await failTimes(delay, 'k', 10);
    expect(await redis.pttl(`${prefix}${p.name}-delay:k`)).toBeGreaterThan(32_000);
    expect(await redis.pttl(`${prefix}${p.name}-delay:k`)).toBeLessThanOrEqual(60_000);
  });

  it('forgets the failures and the running delay when cleared', async () => {
    const redis = client(redisUrl);
    const p = policy(1);
    const prefix = `test:${randomUUID()}:`;
    const delay = redisFailureDelay(redis, prefix, p);
    await failTimes(delay, 'k', 4);
    expect(await delay.check('k')).toMatchObject({ allowed: false });
    await delay.clear('k');
    expect(await delay.check('k')).toEqual({ allowed: true });
    expect(await redis.exists(`${prefix}${p.name}:k`, `${prefix}${p.name}-delay:k`)).toBe(0);
  });

  it('counts in memory while Redis is unreachable, with the same delays, and counts each fallback', async () => {
    const delay = redisFailureDelay(client(`redis://127.0.0.1:${await freePort()}`), 'test:', policy(2));
    const before = await fallbacks();
    await failTimes(delay, 'k', 2);
    expect(await delay.check('k')).toEqual({ allowed: false, retryAfterSec: 1 });
    await delay.clear('k');
    expect(await delay.check('k')).toEqual({ allowed: true });
    expect(await fallbacks()).toBeGreaterThan(before);
  });
});
