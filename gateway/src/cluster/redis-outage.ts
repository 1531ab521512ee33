import type { Redis } from 'ioredis';

/**
 * Whether a Redis connection is down right now: it was ready once and has not come back (or was ended). A client still
 * making its first connection is not down: its commands wait briefly in ioredis's queue, as at start they should.
 * What uses Redis for something the product can do without (cross-node fan-out, shared rate limits) asks this and
 * skips it, instead of queueing behind an outage.
 */
export const redisOutage = (redis: Redis): (() => boolean) => {
  let everReady = redis.status === 'ready';
  let lost = false;
  redis.on('ready', () => {
    everReady = true;
    lost = false;
  });
  redis.on('close', () => {
    if (everReady) lost = true;
  });
  return () => lost || redis.status === 'end';
};
