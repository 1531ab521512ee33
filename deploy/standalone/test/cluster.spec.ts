import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { createTestDatabase, freePortBlock, waitFor, type TestDatabase } from '@teamchat/testing';

const root = new URL('../../..', import.meta.url).pathname;

describe('cluster runner (npm run cluster)', () => {
  let db: TestDatabase;
  let cluster: ChildProcess;
  let output = '';
  // gateways at base and base + 1, metrics from base + 100 (the range is this suite's alone, see freePortBlock)
  let base: number;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-missing'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(build.stderr);
    base = await freePortBlock(106, [20000, 32768]);
    db = await createTestDatabase('cluster');
    cluster = spawn(process.execPath, [join(root, 'scripts/cluster.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        PORT: String(base),
        METRICS_PORT: String(base + 100),
        GATEWAY_REPLICAS: '2',
        BUS_NAMESPACE: `cluster${process.pid}.`,
        LOG_LEVEL: 'warn',
        SESSION_SECRET: 'cluster-test-session-secret-long-enough-0001',
        UPLOAD_SIGNING_SECRET: 'cluster-test-upload-secret-long-enough-0002',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    cluster.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  }, 120000);

  afterAll(async () => {
    if (cluster.exitCode === null) {
      cluster.kill('SIGTERM');
      await waitFor(() => cluster.exitCode !== null, { timeoutMs: 20000 }).catch(() => cluster.kill('SIGKILL'));
    }
    await db.drop();
  });

  it('starts six services and two gateways over real NATS, Redis and Postgres; both gateways are ready', async () => {
    for (const port of [base, base + 1]) {
      // ready as soon as one service answers; every one of the six is started alongside, some a moment later
      await waitFor(
        async () => {
          const res = await request(`http://127.0.0.1:${port}`).get('/api/health/ready');
          return (
            res.status === 200 &&
            (res.body as { details?: { bus?: { services?: number } } }).details?.bus?.services === 6
          );
        },
        { timeoutMs: 90000, intervalMs: 500 },
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${output.slice(-3000)}`);
      });
      const ready = await request(`http://127.0.0.1:${port}`).get('/api/health/ready');
      expect(ready.body.details).toMatchObject({
        postgres: { status: 'up' },
        bus: { status: 'up', services: 6 },
        redis: { status: 'up' },
      });
    }
  }, 120000);

  it('exposes metrics on every service process', async () => {
    for (let i = 0; i < 6; i++) {
      const url = `http://127.0.0.1:${base + 100 + i}`;
      await waitFor(
        async () =>
          (
            await request(url)
              .get('/metrics')
              .catch(() => null)
          )?.status === 200,
        {
          timeoutMs: 30000,
          intervalMs: 250,
        },
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${output.slice(-3000)}`);
      });
      const res = await request(url).get('/metrics');
      expect(res.status).toBe(200);
      expect(res.text).toContain('nodejs_eventloop_lag');
    }
  });

  it('stops every process on SIGTERM', async () => {
    cluster.kill('SIGTERM');
    await waitFor(() => cluster.exitCode !== null, { timeoutMs: 20000 });
    expect(cluster.exitCode).toBe(0);
    await expect(request(`http://127.0.0.1:${base}`).get('/api/health')).rejects.toThrow();
  }, 30000);
});

describe('configuration', () => {
  it('exits non-zero naming the variable when PORT=abc', () => {
    const r = spawnSync(process.execPath, [join(root, 'gateway/dist/main.js')], {
      env: { ...process.env, PORT: 'abc', DATABASE_URL: 'postgres://x@127.0.0.1/x' },
      encoding: 'utf8',
      timeout: 30000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('PORT');
  });

  it('exits non-zero naming the variable when a service gets BUS_TIMEOUT_MS=soon', () => {
    const r = spawnSync(process.execPath, [join(root, 'services/chat/dist/main.js')], {
      env: { ...process.env, BUS_TIMEOUT_MS: 'soon', DATABASE_URL: 'postgres://x@127.0.0.1/x' },
      encoding: 'utf8',
      timeout: 30000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('BUS_TIMEOUT_MS');
  });
});
