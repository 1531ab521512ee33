import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { SERVICE_NAMES } from '@teamchat/contracts';
import { createTestDatabase, waitFor, type TestDatabase } from '@teamchat/testing';
import { loadBuiltMigrations, pendingMigrations, runAllMigrations, waitForMigrations } from '../docker/migrations.mjs';
import { repoRoot } from './support/env-usage.js';

/** The committed migrations of a service from its sources (the image loads the built copies). */
const loadSource = async (service: string): Promise<unknown[]> => {
  const mod = (await import(`../../services/${service}/src/migrations/index.ts`)) as Record<string, unknown>;
  return Object.values(mod).find(Array.isArray) as unknown[];
};

const schemas = async (url: string): Promise<string[]> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ name: string }>('SELECT schema_name AS name FROM information_schema.schemata');
    return r.rows.map((row) => row.name).filter((n) => (SERVICE_NAMES as readonly string[]).includes(n));
  } finally {
    await c.end();
  }
};

describe('migration job (deploy/docker/migrations.mjs)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('migrate');
  });
  afterAll(() => db.drop());

  it('reports every committed migration as pending on an empty database, and creates nothing while looking', async () => {
    for (const service of SERVICE_NAMES) {
      const expected = (await loadSource(service)).length;
      expect(await pendingMigrations({ databaseUrl: db.url, service, load: loadSource })).toHaveLength(expected);
    }
    expect(await schemas(db.url)).toEqual([]);
  });

  it('makes an init container wait, and gives up with the pending names after its timeout', async () => {
    const chat = await loadSource('chat');
    if (chat.length === 0) return;
    await expect(
      waitForMigrations({ databaseUrl: db.url, service: 'chat', load: loadSource, timeoutMs: 300, intervalMs: 100 }),
    ).rejects.toThrow(/chat migrations not applied after 300 ms \(waiting for /);
  });

  it("applies every service's migrations in its own schema, then nothing on a second run", async () => {
    const applied = await runAllMigrations({ databaseUrl: db.url, load: loadSource });
    for (const service of SERVICE_NAMES) {
      expect(applied[service]).toHaveLength((await loadSource(service)).length);
      expect(await pendingMigrations({ databaseUrl: db.url, service, load: loadSource })).toEqual([]);
    }
    expect((await schemas(db.url)).sort()).toEqual([...SERVICE_NAMES].sort());
    const again = await runAllMigrations({ databaseUrl: db.url, load: loadSource });
    expect(Object.values(again).flat()).toEqual([]);
    await expect(
      waitForMigrations({ databaseUrl: db.url, service: 'chat', load: loadSource, timeoutMs: 1000 }),
    ).resolves.toBeUndefined();
  });
});

describe('migrate process in the image (node deploy/docker/entrypoint.mjs migrate)', () => {
  let db: TestDatabase;
  const entry = join(repoRoot, 'deploy/docker/entrypoint.mjs');
  const env = (extra: Record<string, string>) => ({ ...process.env, LOG_LEVEL: 'silent', ...extra });
  const start = (args: string[], extra: Record<string, string>) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd: repoRoot, env: env(extra) });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const done = new Promise<{ code: number | null; out: string }>((resolve) =>
      child.on('exit', (code) => resolve({ code, out })),
    );
    return { output: () => out, done };
  };
  const run = (args: string[], extra: Record<string, string>) => start(args, extra).done;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [join(repoRoot, 'scripts/build.mjs'), '--if-missing'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(build.stderr);
    db = await createTestDatabase('migrateproc');
  }, 180000);
  afterAll(() => db.drop());

  it('exits 78 naming DATABASE_URL when it is missing', async () => {
    const r = await run(['migrate'], { DATABASE_URL: '' });
    expect(r.code).toBe(78);
    expect(r.out).toContain('DATABASE_URL is required to run migrations');
  });

  it('does nothing when MIGRATIONS_RUN=false', async () => {
    const r = await run(['migrate'], { DATABASE_URL: db.url, MIGRATIONS_RUN: 'false' });
    expect(r.code).toBe(0);
    expect(await schemas(db.url)).toEqual([]);
  });

  it('holds a waiting init container until the job has migrated, then both exit 0', async () => {
    // a service whose built copy has migrations (a stale local build may lag behind the sources)
    let service = '';
    for (const name of SERVICE_NAMES) if (!service && (await loadBuiltMigrations(name)).length > 0) service = name;
    expect(service).not.toBe('');
    const waiting = start(['migrate', '--wait', service], { DATABASE_URL: db.url });
    await waitFor(() => waiting.output().includes(`"msg":"${service}: waiting for`), {
      timeoutMs: 20000,
      intervalMs: 100,
    });
    const job = await run(['migrate'], { DATABASE_URL: db.url, MIGRATIONS_RUN: 'true' });
    expect(job.code).toBe(0);
    for (const service of SERVICE_NAMES) expect(job.out).toContain(`"msg":"${service}: `);
    const waited = await waiting.done;
    expect(waited.code).toBe(0);
    expect(waited.out).toContain(`${service}: schema is current`);
    expect((await schemas(db.url)).sort()).toEqual([...SERVICE_NAMES].sort());
  }, 60000);

  it('refuses --wait without a known service', async () => {
    const r = await run(['migrate', '--wait', 'nope'], { DATABASE_URL: db.url });
    expect(r.code).toBe(64);
    expect(r.out).toContain('usage: migrate --wait <identity|workspace|chat|tasks|billing|media>');
  });
});
