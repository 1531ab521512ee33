import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../../gateway.runtime.js';
import { REDIS } from '../../infrastructure.js';
import { FANOUT, type Fanout } from './fanout.js';
import { InMemoryFanout } from './in-memory.fanout.js';
import { RedisFanout } from './redis.fanout.js';
import { TracedFanout } from './traced.fanout.js';

/** The one place the fan-out is chosen: Redis pub/sub when REDIS_URL is set, in memory otherwise. */
export const fanoutProvider: Provider = {
  provide: FANOUT,
  inject: [REDIS, GATEWAY_RUNTIME],
  useFactory: (redis: Redis | null, runtime: GatewayRuntime): Fanout =>
    new TracedFanout(redis ? new RedisFanout(redis, runtime.env.BUS_NAMESPACE) : new InMemoryFanout()),
};
