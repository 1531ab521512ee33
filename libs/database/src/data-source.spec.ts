import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase, fakeOnly, waitFor, type TestDatabase } from '@teamchat/testing';
import { dataSourceOptions, openDataSource, POOL_IDLE_SECONDS, POOL_KEEPALIVE_MS } from './data-source.js';

const options = { schema: 'pooled', entities: [], migrations: [], poolSize: 2, migrationsRun: false };
/**
 * node-postgres's pool times idle connections with the global timers: only those are faked, so sockets, promises and
 * the clock run as they do.
 */
const fakePoolTimers = () => jest.useFakeTimers(fakeOnly('setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'));

/** The kernel's timer on this process's TCP socket from local port `port` (/proc/net/tcp's `tr`: 2 is keepalive). */
const timerOfSocket = (port: number): number | null => {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 6 || parseInt(fields[1]!.split(':')[1]!, 16) !== port) continue;
      return parseInt(fields[5]!.split(':')[0]!, 16);
    }
  }
  return null;
};

describe('a service data source pool', () => {
  let db: TestDatabase;
  let observer: pg.Client;
  const open: DataSource[] = [];

  const backendOf = async (ds: DataSource): Promise<number> =>
    ((await ds.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[])[0]!.pid;
  const alive = async (pid: number): Promise<boolean> =>
    (await observer.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 1;

  beforeAll(async () => {
    db = await createTestDatabase('pooled');
    observer = new pg.Client({ connectionString: db.url });
    await observer.connect();
  });

  afterEach(() => jest.useRealTimers());

  afterAll(async () => {
    await Promise.all(open.map((ds) => ds.destroy()));
    await observer?.end();
    await db?.drop();
  });

  it('keeps idle connections ten minutes by default, not the 10 s of node-postgres', () => {
    expect(POOL_IDLE_SECONDS).toBe(600);
    expect(dataSourceOptions({ ...options, url: db.url }).extra).toMatchObject({ max: 2, idleTimeoutMillis: 600_000 });
    expect(dataSourceOptions({ ...options, url: db.url, poolIdleSeconds: 0 }).extra).toMatchObject({
      idleTimeoutMillis: 0,
    });
  });

  it('probes an idle connection with TCP keepalive after a minute, so idle timers on the way do not drop it', async () => {
    expect(POOL_KEEPALIVE_MS).toBe(60_000);
    expect(dataSourceOptions({ ...options, url: db.url }).extra).toMatchObject({
      keepAlive: true,
      keepAliveInitialDelayMillis: 60_000,
    });
    const ds = await openDataSource({ ...options, url: db.url });
    open.push(ds);
    const pid = await backendOf(ds);
    const [{ port }] = (
      await observer.query<{ port: number }>('SELECT client_port AS port FROM pg_stat_activity WHERE pid = $1', [pid])
    ).rows as [{ port: number }];
    expect(timerOfSocket(port)).toBe(2);
  });

  it('lets the process exit while its connections are idle, and holds it while one is in use', async () => {
    expect(dataSourceOptions({ ...options, url: db.url }).extra).toMatchObject({ allowExitOnIdle: true });
    // what keeps Node's event loop alive: referenced sockets and timers
    const held = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap' || r === 'Timeout').length;
    const before = held();
    const ds = await openDataSource({ ...options, url: db.url });
    open.push(ds);
    await backendOf(ds);
    // nothing more than before the pool (a timer of the tests before may have ended meanwhile)
    const idle = held();
    expect(idle).toBeLessThanOrEqual(before);
    const runner = ds.createQueryRunner();
    await runner.connect();
    try {
      expect(held()).toBeGreaterThan(idle);
    } finally {
      await runner.release();
    }
    expect(held()).toBe(idle);
  });

  it('answers after a pause just short of its setting on the connection it already had', async () => {
    const ds = await openDataSource({ ...options, url: db.url });
    open.push(ds);
    fakePoolTimers();
    const pid = await backendOf(ds);
    // the idle timer of the connection just released
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(POOL_IDLE_SECONDS * 1000 - 1);
    expect(await alive(pid)).toBe(true);
    expect(await backendOf(ds)).toBe(pid);
  });

  it('closes a connection idle longer than its setting', async () => {
    const ds = await openDataSource({ ...options, url: db.url, poolIdleSeconds: 1 });
    open.push(ds);
    fakePoolTimers();
    const pid = await backendOf(ds);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(999);
    expect(await alive(pid)).toBe(true);
    jest.advanceTimersByTime(1);
    expect(jest.getTimerCount()).toBe(0);
    jest.useRealTimers();
    // the pool ends the connection at once; Postgres sees its backend go as soon as it reads the goodbye
    await waitFor(async () => !(await alive(pid)));
    expect(await backendOf(ds)).not.toBe(pid);
  });
});
