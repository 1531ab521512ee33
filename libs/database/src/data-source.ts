import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface ServiceDatabaseOptions {
  /** Postgres schema owned by the service (its name). */
  schema: string;
  url: string;
  entities: MixedList<Function | string | EntitySchema>;
  migrations: MixedList<Function | string>;
  poolSize?: number;
  /** Seconds a pooled connection may sit idle before it is closed; 0 keeps it (see {@link POOL_IDLE_SECONDS}). */
  poolIdleSeconds?: number;
  /** Off for replicas when a migration job runs first. */
  migrationsRun?: boolean;
}

/**
 * How long a pooled Postgres connection is kept while nothing uses it. node-postgres closes idle connections after
 * 10 s by default, so under light traffic (a team after lunch, a night shift) nearly every request opened a new one:
 * the TCP and authentication handshake, then a cold backend that loads its catalog caches and text-search
 * dictionaries again and parses every prepared statement again — the first search after a 12 s pause took 20 ms at
 * the median where the same search right after took 6 (bench/search `--pauses`). A pool never holds more than its size
 * anyway, so keeping the connections costs nothing the deployment has not already budgeted for (`DB_POOL_SIZE` per
 * process).
 */
export const POOL_IDLE_SECONDS = 600;

/**
 * After how long idle a pooled connection's socket starts TCP keepalive probes. A connection kept minutes idle must
 * outlive the idle timers between the service and Postgres (a cloud load balancer or NAT forgets a flow after 4–6
 * minutes of silence, and the next query on it would wait for TCP to give up); the probes keep the flow alive, and
 * tell a dead peer from an idle one.
 */
export const POOL_KEEPALIVE_MS = 60_000;

/**
 * node-postgres pool settings for a pool of `max` connections kept `idleSeconds` while idle (0: kept), their sockets
 * probed after `POOL_KEEPALIVE_MS` of silence. Idle connections and their timers do not keep the process alive
 * (`allowExitOnIdle`): a script that ends without closing its pool exits rather than waiting out the ten minutes. The
 * gateway's session pool is set the same way.
 */
export const poolSettings = (max: number, idleSeconds = POOL_IDLE_SECONDS) => ({
  max,
  idleTimeoutMillis: idleSeconds * 1000,
  keepAlive: true,
  keepAliveInitialDelayMillis: POOL_KEEPALIVE_MS,
  allowExitOnIdle: true,
});

export const dataSourceOptions = (o: ServiceDatabaseOptions): DataSourceOptions => ({
  type: 'postgres',
  url: o.url,
  schema: o.schema,
  entities: o.entities,
  migrations: o.migrations,
  migrationsTableName: 'migrations',
  migrationsRun: false,
  synchronize: false,
  extra: { ...poolSettings(o.poolSize ?? 5, o.poolIdleSeconds), application_name: `teamchat-${o.schema}` },
});

/** Advisory lock key per schema, so concurrent replicas never run the same migrations at once. */
const lockKey = (schema: string): number => [...schema].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

/** Creates the service's schema and runs its committed migrations under an advisory lock. */
export const migrate = async (ds: DataSource, schema: string): Promise<void> => {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [lockKey(schema)]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [lockKey(schema)]).catch(() => undefined);
    await runner.release();
  }
};

export const openDataSource = async (o: ServiceDatabaseOptions): Promise<DataSource> => {
  const ds = new DataSource(dataSourceOptions(o));
  await ds.initialize();
  if (o.migrationsRun ?? true) await migrate(ds, o.schema);
  return ds;
};
