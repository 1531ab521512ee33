import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { rateLimitFallbacks } from '@teamchat/observability';
import { freePort, waitFor } from '@teamchat/testing';
import {
  memoryAttemptLimiter,
  redisAttemptLimiter,
  type AttemptLimit,
  type AttemptLimiter,
  type AttemptOutcome,
} from './rate-limit.storage.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const clients: Redis[] = [];
const client = (url: string): Redis => {
  // a client left connecting to a closed port would otherwise hold the run open for ioredis's 2 s disconnect timeout
  const redis = new Redis(url, { maxRetriesPerRequest: 1, disconnectTimeout: 10 });
  clients.push(redis);
  return redis;
};
afterAll(() => clients.forEach((redis) => redis.disconnect()));

const limit = (points: number, durationSec = 600): AttemptLimit => ({
  name: `test:${randomUUID()}`,
  points,
  durationSec,
});

const attempts = async (limiter: AttemptLimiter, key: string, n: number): Promise<AttemptOutcome[]> => {
  const outcomes = [];
  for (let i = 0; i < n; i++) outcomes.push(await limiter.attempt(key));
  return outcomes;
};

const fallbacks = async (): Promise<number> => (await rateLimitFallbacks.get()).values[0]?.value ?? 0;

describe.each([
  ['memory', (l: AttemptLimit) => memoryAttemptLimiter(l)],
  ['redis', (l: AttemptLimit) => redisAttemptLimiter(client(redisUrl), 'test:', l)],
])('%s attempt limiter', (_name, make) => {
  it('allows `points` attempts and refuses the next ones for the rest of the block', async () => {
    const limiter = make(limit(3));
    const outcomes = await attempts(limiter, 'a@example.com', 5);
    expect(outcomes.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    for (const refused of outcomes.slice(3)) {
      expect(refused).toMatchObject({ allowed: false });
      // the block is the whole window: ten minutes here, so well over a minute whatever the machine's speed
      expect((refused as { retryAfterSec: number }).retryAfterSec).toBeGreaterThan(60);
    }
  });

  it('keeps keys apart', async () => {
    const limiter = make(limit(1));
    expect(await attempts(limiter, 'a', 2)).toEqual([{ allowed: true }, expect.objectContaining({ allowed: false })]);
    expect(await limiter.attempt('b')).toEqual({ allowed: true });
  });
});

describe('memory attempt limiter', () => {
  afterEach(() => jest.useRealTimers());

  it('counts afresh once the block has passed', async () => {
    jest.useFakeTimers();
    const limiter = memoryAttemptLimiter(limit(1, 60));
    expect(await attempts(limiter, 'k', 2)).toEqual([{ allowed: true }, { allowed: false, retryAfterSec: 60 }]);
    jest.advanceTimersByTime(59_000);
    expect(await limiter.attempt('k')).toMatchObject({ allowed: false, retryAfterSec: 1 });
    jest.advanceTimersByTime(1_001);
    expect(await limiter.attempt('k')).toEqual({ allowed: true });
  });
});

describe('redis attempt limiter', () => {
  it('keeps the counter under the prefix and the limit name, shared by every limiter on it', async () => {
    const redis = client(redisUrl);
    const shared = limit(2);
    const prefix = `test:${randomUUID()}:`;
    await redisAttemptLimiter(redis, prefix, shared).attempt('k');
    await redisAttemptLimiter(client(redisUrl), prefix, shared).attempt('k');
    expect(await redis.get(`${prefix}${shared.name}:k`)).toBe('2');
    expect(await redisAttemptLimiter(redis, prefix, shared).attempt('k')).toMatchObject({ allowed: false });
  });

  it('counts afresh once the block has passed', async () => {
    const limiter = redisAttemptLimiter(client(redisUrl), 'test:', limit(1, 1));
    expect(await attempts(limiter, 'k', 2)).toEqual([{ allowed: true }, expect.objectContaining({ allowed: false })]);
    await waitFor(async () => (await limiter.attempt('k')).allowed, { timeoutMs: 10_000, intervalMs: 100 });
  });

  it('counts in memory while Redis is unreachable, with the same limits, and counts each fallback', async () => {
    const down = client(`redis://127.0.0.1:${await freePort()}`);
    const limiter = redisAttemptLimiter(down, 'test:', limit(2));
    const before = await fallbacks();
    const outcomes = await attempts(limiter, 'k', 3);
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, false]);
    expect(await fallbacks()).toBe(before + 3);
  });
});
