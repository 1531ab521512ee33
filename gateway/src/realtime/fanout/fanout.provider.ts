import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../../gateway.runtime.js';
import { REDIS } from '../../infrastructure.js';
import { FANOUT, type Fanout } from './fanout.js';
import { InMemoryFanout } from './in-memory.fanout.js';
import { InMemoryPresenceStore } from './in-memory-presence.store.js';
import { PRESENCE_STORE, RedisPresenceStore, type PresenceStore } from './presence.store.js';
import { RedisFanout } from './redis.fanout.js';
import { TracedFanout } from './traced.fanout.js';

/** The one place the fan-out is chosen: Redis pub/sub when REDIS_URL is set, in memory otherwise. */
export const fanoutProvider: Provider = {
  provide: FANOUT,
  inject: [REDIS, GATEWAY_RUNTIME],
  useFactory: (redis: Redis | null, runtime: GatewayRuntime): Fanout =>
    new TracedFanout(redis ? new RedisFanout(redis, runtime.env.BUS_NAMESPACE) : new InMemoryFanout()),
};

/** Presence counts, chosen the same way: in Redis across nodes, in memory for one. */
export const presenceProvider: Provider = {
  provide: PRESENCE_STORE,
  inject: [REDIS, GATEWAY_RUNTIME],
  useFactory: (redis: Redis | null, runtime: GatewayRuntime): PresenceStore =>
    redis
      ? new RedisPresenceStore(redis, runtime.env.BUS_NAMESPACE, { ttlMs: runtime.env.PRESENCE_TTL_MS })
      : new InMemoryPresenceStore(),
};
