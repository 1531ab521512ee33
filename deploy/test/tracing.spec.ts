import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  freePort,
  startFakeCollector,
  waitFor,
  type CollectedSpan,
  type FakeCollector,
  type TestDatabase,
} from '@teamchat/testing';
import { repoRoot } from './support/env-usage.js';

// The built gateway and identity processes as deployed (ES modules, started by their own entry points), exporting to
// a collector over OTLP/HTTP protobuf. One sign-in attempt must come out as one trace across both processes, with the
// libraries reached through `import` (Express, ioredis) and through `require` (pg) instrumented.

const SERVER = 2;
const CLIENT = 3;

describe('distributed tracing across processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-tracing-'));
  const namespace = `tracing${process.pid}${Date.now().toString(36)}.`;
  const processes = new Map<string, ChildProcess>();
  const logs = new Map<string, string>();
  let db: TestDatabase;
  let collector: FakeCollector;
  let gateway = '';
  let gatewayMetricsUrl = '';

  const launch = (name: string, script: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, [join(repoRoot, script)], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: db.url,
        NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        BUS_NAMESPACE: namespace,
        SESSION_SECRET: 'tracing-test-session-secret-0123456789abcdef',
        UPLOAD_SIGNING_SECRET: 'tracing-test-upload-secret-0123456789abcdef',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'debug',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    logs.set(name, '');
    const append = (d: Buffer) => logs.set(name, (logs.get(name) ?? '') + d.toString());
    child.stdout!.on('data', append);
    child.stderr!.on('data', append);
    processes.set(name, child);
  };
  const tail = () => [...logs].map(([name, text]) => `[${name}] ${text.slice(-2000)}`).join('\n');
  const logLines = (name: string): Record<string, unknown>[] =>
    (logs.get(name) ?? '')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [join(repoRoot, 'scripts/build.mjs'), '--if-missing'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(build.stderr);
    db = await createTestDatabase('tracing');
    collector = await startFakeCollector();
    const [port, metricsPort, gatewayMetrics] = [await freePort(), await freePort(), await freePort()];
    gateway = `http://127.0.0.1:${port}`;
    launch('identity', 'services/identity/dist/main.js', { METRICS_PORT: String(metricsPort) });
    gatewayMetricsUrl = `http://127.0.0.1:${gatewayMetrics}`;
    launch('gateway', 'gateway/dist/main.js', {
      PORT: String(port),
      // as the manifests run it: /metrics on a port of its own
      GATEWAY_METRICS_PORT: String(gatewayMetrics),
      // production requires the site's origin (its links are built on it)
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    await waitFor(
      async () =>
        (await fetch(`http://127.0.0.1:${metricsPort}/health/ready`).catch(() => null))?.status === 200 &&
        (await fetch(`${gateway}/api/health`).catch(() => null))?.status === 200,
      { timeoutMs: 90000, intervalMs: 300 },
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${tail()}`);
    });
  }, 120000);

  afterAll(async () => {
    for (const child of processes.values()) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      [...processes.values()].map((c) =>
        c.exitCode !== null ? undefined : new Promise((resolve) => c.once('exit', resolve)),
      ),
    );
    await collector?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the gateway's /metrics and health on GATEWAY_METRICS_PORT, and no /metrics on the site's port", async () => {
    const metrics = await fetch(`${gatewayMetricsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('ws_open_sockets');
    await waitFor(async () => (await fetch(`${gatewayMetricsUrl}/health/ready`)).status === 200, {
      timeoutMs: 20000,
      intervalMs: 200,
    });
    // the site answers these paths as it answers any unknown one (the SPA's page, or 404), never with the metrics
    for (const path of ['/metrics', '/METRICS', '/metrics/x'])
      expect({ path, metrics: (await (await fetch(`${gateway}${path}`)).text()).includes('ws_open_sockets') }).toEqual({
        path,
        metrics: false,
      });
  });

  it('continues an incoming traceparent through the gateway, NATS and the identity service down to Postgres', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const res = await fetch(`${gateway}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${callerSpanId}-01` },
      body: JSON.stringify({ email: `nobody-${process.pid}@example.com`, password: 'not-the-password-1' }),
    });
    expect(res.status).toBe(401);

    // the batch processors export within seconds
    const inTrace = (): CollectedSpan[] => collector.spans.filter((s) => s.traceId === traceId);
    await waitFor(
      () => {
        const spans = inTrace();
        return (
          spans.some((s) => s.service === 'identity' && s.scope.includes('instrumentation-pg')) &&
          spans.some((s) => s.service === 'gateway' && s.scope.includes('instrumentation-http'))
        );
      },
      { timeoutMs: 20000, intervalMs: 200 },
    ).catch((err: Error) => {
      throw new Error(
        `${err.message}\nspans: ${JSON.stringify(collector.spans.map((s) => [s.service, s.name]))}\n${tail()}`,
      );
    });
    const spans = inTrace();
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const ancestors = (s: CollectedSpan): CollectedSpan[] => {
      const chain: CollectedSpan[] = [];
      for (let p = byId.get(s.parentSpanId); p; p = byId.get(p.parentSpanId)) chain.push(p);
      return chain;
    };

    // the gateway's HTTP span continues the caller's span
    const http = spans.find((s) => s.service === 'gateway' && s.scope.includes('instrumentation-http'))!;
    expect(http).toMatchObject({ kind: SERVER, parentSpanId: callerSpanId });
    // Express is loaded through `import` by @nestjs/platform-express: patched by the ESM loader hook
    const handler = spans.find((s) => s.service === 'gateway' && s.scope.includes('instrumentation-express'));
    expect(handler && ancestors(handler)).toContain(http);
    // so is ioredis (the sign-in rate limit counts in Redis)
    const redis = spans.find((s) => s.service === 'gateway' && s.scope.includes('instrumentation-ioredis'));
    expect(redis && ancestors(redis)).toContain(http);

    // the bus request: a client span in the gateway, a server span in identity whose parent it is
    const send = spans.find((s) => s.service === 'gateway' && s.name === 'send identity.user.authenticate')!;
    expect(send).toMatchObject({ kind: CLIENT, attributes: { 'messaging.system': 'nats' } });
    expect(ancestors(send)).toContain(http);
    const processed = spans.find((s) => s.service === 'identity' && s.name === 'process identity.user.authenticate')!;
    expect(processed).toMatchObject({
      kind: SERVER,
      parentSpanId: send.spanId,
      attributes: { 'messaging.consumer.group.name': 'identity' },
    });
    // a refused sign-in is an answer, not a failure
    expect(processed.attributes['teamchat.error.code']).toBe('IDENTITY.INVALID_CREDENTIALS');

    // and the service's queries belong to its span
    const queries = spans.filter((s) => s.service === 'identity' && s.scope.includes('instrumentation-pg'));
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) expect(ancestors(q)).toContain(processed);

    // log lines written while handling it carry the trace, in both processes
    await waitFor(() => logLines('gateway').some((l) => l.trace_id === traceId), { timeoutMs: 5000, intervalMs: 100 });
    const gatewayLine = logLines('gateway').find((l) => l.trace_id === traceId)!;
    expect(byId.get(String(gatewayLine.span_id))?.service).toBe('gateway');
    const identityLines = logLines('identity').filter((l) => l.trace_id === traceId);
    expect(identityLines.length).toBeGreaterThan(0);
    for (const line of identityLines) expect(byId.get(String(line.span_id))?.service).toBe('identity');
    expect(collector.refused).toEqual([]);
  }, 60000);
});
