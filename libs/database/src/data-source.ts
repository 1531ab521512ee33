import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface ServiceDatabaseOptions {
  /** Postgres schema owned by the service (its name). */
  schema: string;
  url: string;
  entities: MixedList<Function | string | EntitySchema>;
  migrations: MixedList<Function | string>;
  poolSize?: number;
  /** Off for replicas when a migration job runs first. */
  migrationsRun?: boolean;
}

export const dataSourceOptions = (o: ServiceDatabaseOptions): DataSourceOptions => ({
  type: 'postgres',
  url: o.url,
  schema: o.schema,
  entities: o.entities,
  migrations: o.migrations,
  migrationsTableName: 'migrations',
  migrationsRun: false,
  synchronize: false,
  extra: { max: o.poolSize ?? 5, application_name: `teamchat-${o.schema}` },
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
