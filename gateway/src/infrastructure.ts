import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { Redis } from 'ioredis';
import { redisConnected } from '@teamchat/observability';
import { GATEWAY_RUNTIME, type GatewayRuntime } from './gateway.runtime.js';
import { createSessionKit, type SessionKit } from './auth/session.js';
import { ClusterSignals } from './cluster/cluster-signals.js';

export const PG_POOL = Symbol('PG_POOL');
export const REDIS = Symbol('REDIS');
export const SESSION_KIT = Symbol('SESSION_KIT');

/** Connections the gateway itself holds: its session pool, and Redis when configured (cluster mode). */
class Closer implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(SESSION_KIT) private readonly sessions: SessionKit,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    // the store's pruning timer would otherwise fire on the ended pool and log "Failed to prune sessions"
    await this.sessions.close();
    await this.pool.end().catch(() => undefined);
    this.redis?.disconnect();
  }
}

/**
 * An idle connection that Postgres ends (restart, failover, shutdown) is dropped from the pool and replaced on next
 * use; without a listener pg would raise it as an uncaught 'error' event and end the process. Idle connections are
 * kept `DB_POOL_IDLE_SECONDS` with TCP keepalive probes after a minute, and do not keep the process alive, as the
 * services' pools (libs/database `poolSettings`).
 */
const sessionPool = (runtime: GatewayRuntime): pg.Pool => {
  const pool = new pg.Pool({
    connectionString: runtime.databaseUrl,
    max: runtime.env.SESSION_POOL_SIZE,
    idleTimeoutMillis: runtime.env.DB_POOL_IDLE_SECONDS * 1000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 60_000,
    allowExitOnIdle: true,
  });
  const logger = new Logger('SessionPool');
  pool.on('error', (err) => logger.warn(`idle session connection lost: ${err.message}`));
  return pool;
};

@Global()
@Module({})
export class InfrastructureModule {
  static register(runtime: GatewayRuntime) {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: GATEWAY_RUNTIME, useValue: runtime },
        // sessions are read from memory on a warm cache; the pool serves cold reads, sign-ins and touches
        { provide: PG_POOL, useFactory: () => sessionPool(runtime) },
        {
          provide: REDIS,
          useFactory: () => {
            if (!runtime.env.REDIS_URL) return null;
            const redis = new Redis(runtime.env.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
            // what the RedisUnreachable alert reads
            redisConnected.set(0);
            redis.on('ready', () => redisConnected.set(1));
            redis.on('close', () => redisConnected.set(0));
            return redis;
          },
        },
        {
          provide: ClusterSignals,
          inject: [REDIS],
          useFactory: (redis: Redis | null) => new ClusterSignals(redis, runtime.env.BUS_NAMESPACE),
        },
        {
          provide: SESSION_KIT,
          inject: [PG_POOL, ClusterSignals],
          useFactory: (pool: pg.Pool, signals: ClusterSignals): SessionKit =>
            createSessionKit(pool, signals, {
              secret: runtime.sessionSecret,
              maxAgeSeconds: runtime.env.SESSION_MAX_AGE_SECONDS,
              touchIntervalSeconds: runtime.env.SESSION_TOUCH_INTERVAL_SECONDS,
              publicUrl: runtime.env.PUBLIC_URL,
            }),
        },
        Closer,
      ],
      exports: [GATEWAY_RUNTIME, PG_POOL, REDIS, SESSION_KIT, ClusterSignals],
    };
  }
}
