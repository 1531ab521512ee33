import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import WebSocket from 'ws';
import pg from 'pg';
import { parseEnv, type Env } from '@teamchat/config';
import { EMBEDDED_PG_SETTINGS } from '@teamchat/database';
import { freePort } from '@teamchat/testing';
import { HTTP_KEEP_ALIVE_MS } from '@teamchat/gateway';
import { startStack, type RunningStack } from '../src/index.js';

const upgrade = (url: string, headers: Record<string, string> = {}) =>
  new Promise<number>((resolve) => {
    const ws = new WebSocket(url.replace('http', 'ws') + '/ws', { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });

describe('standalone process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-standalone-'));
  const webDist = join(dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  let env: Env;
  let stack: RunningStack;

  beforeAll(async () => {
    env = parseEnv(process.env, {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'silent',
    });
    delete (env as { DATABASE_URL?: string }).DATABASE_URL;
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('boots from a clean DATA_DIR on embedded PostgreSQL', async () => {
    // as `npm start` runs it: /metrics on a port of its own (METRICS_PORT), not on the site's
    stack = await startStack({ env, webDist, logger: false, metricsPort: await freePort() });
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
  }, 120000);

  it('runs the embedded server with the memory and planner settings message search is sized for', async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: env.EMBEDDED_PG_PORT,
      user: 'postgres',
      password: 'postgres',
      database: 'postgres',
    });
    await client.connect();
    try {
      for (const [name, value] of Object.entries(EMBEDDED_PG_SETTINGS)) {
        const { rows } = await client.query<{ setting: string }>(`SELECT current_setting($1) AS setting`, [name]);
        expect([name, rows[0].setting]).toEqual([name, value]);
      }
    } finally {
      await client.end();
    }
  });

  it('answers /api/health with 200 {"status":"ok"}', async () => {
    const res = await request(stack.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('is ready: Postgres and all six services answer over the in-process bus', async () => {
    const res = await request(stack.url).get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.details.bus).toEqual({ status: 'up', services: 6 });
  });

  it('serves the SPA at / and for client routes, but not for unknown /api paths', async () => {
    const root = await request(stack.url).get('/');
    expect(root.status).toBe(200);
    expect(root.text).toContain('<div id="root">');
    expect((await request(stack.url).get('/channel/abc')).text).toContain('<div id="root">');
    const api = await request(stack.url).get('/api/nope');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ error: 'Not found' });
  });

  it('refuses an unauthenticated /ws upgrade with 401', async () => {
    expect(await upgrade(stack.url)).toBe(401);
    expect(await upgrade(stack.url, { cookie: 'tc.sid=s:forged.signature' })).toBe(401);
  });

  it('exposes Prometheus metrics on the metrics port alone, and an OpenAPI document', async () => {
    const metrics = await request(stack.metricsUrl!).get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('http_request_duration_seconds');
    expect(metrics.text).toContain('nodejs_eventloop_lag');
    // the site's port, which the public reaches, answers no metrics to anyone
    const onSite = await request(stack.url).get('/metrics');
    expect(onSite.status).toBe(404);
    expect(onSite.text).not.toContain('nodejs_eventloop_lag');
    expect((await request(stack.metricsUrl!).get('/health/ready')).status).toBe(200);
    const docs = await request(stack.url).get('/api/docs/openapi.json');
    expect(docs.body.openapi).toBe('3.1.0');
    const paths = Object.keys(docs.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health/ready',
        '/api/register',
        '/api/channels/{channelId}/messages',
        '/objects/{key}',
      ]),
    );
    expect(paths.filter((p) => p.startsWith('/api/objects'))).toEqual([]);
    expect(
      docs.body.paths['/api/register'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('companySize');
  });

  it('answers malformed JSON and oversized bodies with 4xx and an error field', async () => {
    const bad = await request(stack.url).post('/api/health').set('content-type', 'application/json').send('{"a":');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Malformed JSON body');
    const huge = await request(stack.url)
      .post('/api/health')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('Request body too large');
  });

  it('listens with a queue sized for reconnect storms (LISTEN_BACKLOG, 4096 unless the kernel caps it lower)', () => {
    // for a listening socket, ss reports the backlog in the Send-Q column
    const ss = spawnSync('ss', ['-ltnH', `sport = :${stack.port}`], { encoding: 'utf8' });
    const sendQ = Number(ss.stdout.trim().split(/\s+/)[2]);
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(env.LISTEN_BACKLOG).toBe(4096);
    expect(sendQ).toBe(Math.min(4096, somaxconn));
  });

  it('keeps an idle HTTP connection open longer than the proxies in front of it (65 s, not the 5 s of Node)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ keepAlive: string; port: number | undefined }>((resolve, reject) => {
        const req = http.get(`${stack.url}/api/health`, { agent }, (res) => {
          // the agent takes the socket back once the answer has ended
          const port = res.socket.localPort;
          res.resume();
          res.on('end', () => resolve({ keepAlive: String(res.headers['keep-alive']), port }));
        });
        req.on('error', reject);
      });
    try {
      const first = await get();
      expect(HTTP_KEEP_ALIVE_MS).toBe(65_000);
      expect(first.keepAlive).toBe('timeout=65');
      // past Node's default, the same connection still answers
      await new Promise((resolve) => setTimeout(resolve, 5500));
      expect((await get()).port).toBe(first.port);
    } finally {
      agent.destroy();
    }
  }, 20000);

  it('reuses the data on a second start, warning of nothing about its data sources', async () => {
    await stack.close();
    const warnings: string[] = [];
    const quiet = () => undefined;
    const logger = {
      log: quiet,
      error: quiet,
      debug: quiet,
      verbose: quiet,
      warn: (m: unknown) => warnings.push(String(m)),
    };
    stack = await startStack({ env, webDist, logger });
    const res = await request(stack.url).get('/api/health/ready');
    expect(res.status).toBe(200);
    await stack.close();
    // six services, each an application with one data source named "default", in one process
    expect(warnings.filter((w) => /data source/i.test(w))).toEqual([]);
  }, 120000);
});
