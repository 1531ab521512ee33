import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryRateLimitStorage, RedisRateLimitStorage, type RateLimitStorage } from './rate-limit.storage.js';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
  lazyConnect: true,
  maxRetriesPerRequest: 1,
});
const memory = new MemoryRateLimitStorage();

afterAll(async () => {
  memory.close();
  redis.disconnect();
});

describe.each([
  ['memory', () => memory as RateLimitStorage],
  ['redis', () => new RedisRateLimitStorage(redis, `test:${randomUUID()}:`) as RateLimitStorage],
])('%s rate-limit storage', (_name, make) => {
  let storage: RateLimitStorage;
  beforeEach(() => {
    storage = make();
  });

  it('counts hits within the window and blocks past the limit', async () => {
    const key = randomUUID();
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await storage.increment(key, 60_000, 3, 60_000));
    expect(hits.map((h) => [h.totalHits, h.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    const blocked = await storage.increment(key, 60_000, 3, 60_000);
    expect(blocked.isBlocked).toBe(true);
    expect(blocked.timeToBlockExpire).toBeGreaterThan(50);
    expect((await storage.increment(key, 60_000, 3, 60_000)).isBlocked).toBe(true);
  });

  it('keeps keys apart', async () => {
    const a = randomUUID();
    await storage.increment(a, 60_000, 1, 60_000);
    expect((await storage.increment(a, 60_000, 1, 60_000)).isBlocked).toBe(true);
    expect((await storage.increment(randomUUID(), 60_000, 1, 60_000)).isBlocked).toBe(false);
  });

  it('starts counting afresh once the window and the block have passed', async () => {
    // The window is long enough that the second hit lands inside it even on a loaded machine (a 100 ms window once
    // expired between the two hits in CI, and the second hit then counted afresh).
    const key = randomUUID();
    await storage.increment(key, 1000, 1, 1000);
    expect((await storage.increment(key, 1000, 1, 1000)).isBlocked).toBe(true);
    await new Promise((r) => setTimeout(r, 1200));
    const after = await storage.increment(key, 1000, 1, 1000);
    expect(after).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});
