// A clean stop: SIGTERM (or a terminal's Ctrl-C) to `npm start`, to the standalone process and to the processes of
// `npm run cluster` exits 0 with nothing logged at error level, and the embedded Postgres is stopped after its pools.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestDatabase, freePort, type TestDatabase } from '@teamchat/testing';
import { healthy, killAll, launch, root, stopWith, type Launched } from './launched-process.js';

/** Lines logged at pino level error or fatal (50, 60), uncaught errors, and Postgres ending a connection under a pool. */
const errorLines = (output: string) =>
  output
    .split('\n')
    .filter((line) =>
      /"level":(5|6)\d\b|unhandled|uncaught|terminating connection|^\s*\w*Error\b|^npm error/i.test(line),
    );

/** Only what would be an error: a warn about a lost idle connection is allowed when Postgres got the signal too. */
const errorLevelLines = (output: string) =>
  output.split('\n').filter((line) => /"level":(5|6)\d\b|unhandled|uncaught|^\s*\w*Error\b|^npm error/i.test(line));

/** Signs a user up and creates a workspace, so the gateway's session pool and the services' pools hold connections. */
const exercise = async (url: string) => {
  const agent = request.agent(url);
  const reg = await agent.post('/api/register').send({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${Date.now()}@example.com`,
    password: 'password123',
    companySize: '2-5',
  });
  expect(reg.status).toBe(201);
  return agent;
};

const secrets = {
  SESSION_SECRET: 'clean-stop-session-secret-long-enough-0001',
  UPLOAD_SIGNING_SECRET: 'clean-stop-upload-secret-long-enough-0002',
};

const running: Launched[] = [];
const started = (launched: Launched) => {
  running.push(launched);
  return launched;
};

beforeAll(() => {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-missing'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(build.stderr);
}, 120_000);

afterEach(() => killAll(running));

describe('embedded Postgres', () => {
  // a process that asks a connected client for a row 300 ms after SIGTERM, and only then stops the server
  const script = `
    import pg from 'pg';
    import { startEmbeddedPostgres } from '@teamchat/database';
    const [dataDir, port] = process.argv.slice(-2);
    const db = await startEmbeddedPostgres(dataDir, Number(port));
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    process.on('SIGTERM', async () => {
      await new Promise((r) => setTimeout(r, 300));
      const { rows } = await client.query('SELECT 1 AS one');
      await client.end();
      await db.stop();
      console.log('still answering after SIGTERM:', rows[0].one);
      process.exit(0);
    });
    process.kill(process.pid, 'SIGTERM');
  `;

  it('is stopped by the process that started it, after its connections close, not at once on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-stop-pg-'));
    try {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, dataDir, String(await freePort())], {
        cwd: join(root, 'deploy', 'standalone'),
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain('still answering after SIGTERM: 1');
      expect(r.status).toBe(0);
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('standalone process', () => {
  it('exits 0 on SIGTERM with nothing logged at error level (DATABASE_URL)', async () => {
    const db: TestDatabase = await createTestDatabase('stop');
    const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-stop-'));
    try {
      const port = await freePort();
      const app = started(
        launch(process.execPath, ['deploy/standalone/dist/main.js'], {
          ...secrets,
          PORT: String(port),
          METRICS_PORT: String(await freePort()),
          DATABASE_URL: db.url,
          DATA_DIR: dataDir,
        }),
      );
      await healthy(`http://127.0.0.1:${port}/api/health`, app);
      await exercise(`http://127.0.0.1:${port}`);
      const exit = await stopWith(app, 'SIGTERM');
      expect(errorLines(app.output())).toEqual([]);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(app.output()).toContain('"msg":"stopping"');
    } finally {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('npm start on embedded Postgres', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-stop-embedded-'));
  const postmasterPid = join(dataDir, 'postgres', 'postmaster.pid');
  let env: Record<string, string>;

  beforeAll(async () => {
    env = {
      ...secrets,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      METRICS_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('passes SIGTERM on and exits 0 once the app and then Postgres have stopped, with no error line', async () => {
    const app = started(launch('npm', ['start'], env));
    await healthy(`http://127.0.0.1:${env.PORT}/api/health`, app);
    expect(existsSync(postmasterPid)).toBe(true);
    await exercise(`http://127.0.0.1:${env.PORT}`);
    // metrics on METRICS_PORT, none on the site's port
    expect((await fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${env.PORT}/metrics`)).status).toBe(404);
    const exit = await stopWith(app, 'SIGTERM');
    expect(errorLines(app.output())).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(app.output()).toContain('"signal":"SIGTERM","msg":"stopping"');
    expect(existsSync(postmasterPid)).toBe(false);
  }, 180_000);

  it('stops cleanly on Ctrl-C, which signals every process of the terminal (Postgres included)', async () => {
    const app = started(launch('npm', ['start'], env));
    await healthy(`http://127.0.0.1:${env.PORT}/api/health`, app);
    await exercise(`http://127.0.0.1:${env.PORT}`);
    const exit = await stopWith(app, 'SIGINT', true);
    expect(errorLevelLines(app.output())).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(existsSync(postmasterPid)).toBe(false);
  }, 180_000);
});

describe('npm start when the embedded Postgres port is taken', () => {
  it('exits 1 at once with one line naming the port and the settings to change', async () => {
    // a program that reads what it is sent, as servers do: the start asks it whether it speaks PostgreSQL
    const taken = createServer((socket) => socket.resume());
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-taken-'));
    try {
      const app = started(
        launch('npm', ['start'], {
          ...secrets,
          PORT: String(await freePort()),
          EMBEDDED_PG_PORT: String(port),
          METRICS_PORT: String(await freePort()),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
        }),
      );
      const exit = await Promise.race([
        app.exited,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`still running\n${app.output()}`)), 60_000).unref(),
        ),
      ]);
      expect(exit).toEqual({ code: 1, signal: null });
      const fatal = app
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":60'));
      expect(fatal).toHaveLength(1);
      // what holds it is named: this test's own process
      expect(fatal[0]).toContain(
        `port ${port} of the embedded PostgreSQL is already in use by another program (pid ${process.pid}: `,
      );
      expect(fatal[0]).toContain('set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use a running server');
      // no bare `undefined`, no uncaught stack printed by Node
      expect(app.output()).not.toMatch(/^undefined$|^\s+at .*\(node:internal/m);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('cluster processes', () => {
  let db: TestDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-stop-cluster-'));

  beforeAll(async () => {
    db = await createTestDatabase('stopcluster');
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a service and a gateway each exit 0 on SIGTERM with no error line', async () => {
    const [gatewayPort, metricsPort] = [await freePort(), await freePort()];
    const env = {
      ...secrets,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      BUS_TRANSPORT: 'nats',
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      BUS_NAMESPACE: `stop${process.pid}${Date.now().toString(36)}.`,
    };
    const identity = started(
      launch(process.execPath, ['services/identity/dist/main.js'], { ...env, METRICS_PORT: String(metricsPort) }),
    );
    const gateway = started(launch(process.execPath, ['gateway/dist/main.js'], { ...env, PORT: String(gatewayPort) }));
    await healthy(`http://127.0.0.1:${metricsPort}/health`, identity);
    await healthy(`http://127.0.0.1:${gatewayPort}/api/health`, gateway);
    await exercise(`http://127.0.0.1:${gatewayPort}`);

    const [gatewayExit, identityExit] = [await stopWith(gateway, 'SIGTERM'), await stopWith(identity, 'SIGTERM')];
    expect(errorLines(gateway.output())).toEqual([]);
    expect(errorLines(identity.output())).toEqual([]);
    expect(gatewayExit).toEqual({ code: 0, signal: null });
    expect(identityExit).toEqual({ code: 0, signal: null });
  }, 180_000);
});
