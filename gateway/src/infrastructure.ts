import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { Redis } from 'ioredis';
import { GATEWAY_RUNTIME, type GatewayRuntime } from './gateway.runtime.js';
import { createSessionKit, type SessionKit } from './auth/session.js';

export const PG_POOL = Symbol('PG_POOL');
export const REDIS = Symbol('REDIS');
export const SESSION_KIT = Symbol('SESSION_KIT');

/** Connections the gateway itself holds: its session pool, and Redis when configured (cluster mode). */
class Closer implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    await this.pool.end().catch(() => undefined);
    this.redis?.disconnect();
  }
}

@Global()
@Module({})
export class InfrastructureModule {
  static register(runtime: GatewayRuntime) {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: GATEWAY_RUNTIME, useValue: runtime },
        { provide: PG_POOL, useFactory: () => new pg.Pool({ connectionString: runtime.databaseUrl, max: runtime.env.DB_POOL_SIZE }) },
        {
          provide: REDIS,
          useFactory: () =>
            runtime.env.REDIS_URL ? new Redis(runtime.env.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }) : null,
        },
        {
          provide: SESSION_KIT,
          inject: [PG_POOL],
          useFactory: (pool: pg.Pool): SessionKit => createSessionKit(pool, runtime.sessionSecret, runtime.env.SESSION_MAX_AGE_SECONDS),
        },
        Closer,
      ],
      exports: [GATEWAY_RUNTIME, PG_POOL, REDIS, SESSION_KIT],
    };
  }
}
