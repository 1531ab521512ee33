// A NATS server that hangs (SIGSTOP: its connections stay open, nothing answers) under a stack that uses it: API
// calls needing the bus answer 503 at once instead of after the 5 s bus timeout, readiness turns 503, and both
// recover as soon as the broker answers again (SIGCONT). A private nats-server, started and frozen by this test.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import request from 'supertest';
import { freePort, waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace } from '../accounts/helpers.js';

const NATS_SERVER = existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a hung message broker (NATS frozen with SIGSTOP)', () => {
  let nats: ChildProcess;
  let stack: TestStack;
  const store = mkdtempSync(join(tmpdir(), 'broker-hang-'));
  let agent: Awaited<ReturnType<typeof adminWithWorkspace>>['agent'];

  beforeAll(async () => {
    const port = await freePort();
    // with JetStream, as every cluster's NATS runs (durable events)
    nats = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], { stdio: 'ignore' });
    await waitFor(() => listening(port), { timeoutMs: 10_000, intervalMs: 100 });
    stack = await startTestStack({ transport: 'nats', env: { NATS_URL: `nats://127.0.0.1:${port}` } });
    ({ agent } = await adminWithWorkspace(stack.url, 'Frozen Broker', '10.81.0.1'));
  }, 120_000);
  afterAll(async () => {
    nats?.kill('SIGCONT');
    await stack?.close();
    nats?.kill('SIGKILL');
    rmSync(store, { recursive: true, force: true });
  });

  it('answers 503 within a second while it is frozen, turns readiness 503, and recovers once it resumes', async () => {
    expect((await agent.get('/api/channels')).status).toBe(200);
    expect((await request(stack.url).get('/api/health/ready')).status).toBe(200);

    nats.kill('SIGSTOP');
    const frozenAt = Date.now();
    // a caller every 100 ms for 2 s, the first ones already waiting when the freeze is found
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await sleep(i * 100);
        const started = Date.now();
        const res = await agent.get('/api/channels');
        return { status: res.status, code: (res.body as { code?: string }).code, ms: Date.now() - started };
      }),
    );
    const notReady = await request(stack.url).get('/api/health/ready');
    const readyVerdictMs = Date.now() - frozenAt;
    const slowest = Math.max(...answers.map((a) => a.ms));
    process.stdout.write(`broker hang: slowest 503 ${slowest} ms, readiness 503 by ${readyVerdictMs} ms\n`);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
    expect(new Set(answers.map((a) => a.code))).toEqual(new Set(['BUS.UNAVAILABLE']));
    // the bus timeout is 5 s: a breaker that did not trip would show it (slack for a busy machine)
    expect(slowest).toBeLessThan(2000);
    expect(notReady.status).toBe(503);
    expect(notReady.body.details?.bus).toMatchObject({ status: 'down', broker: 'The message broker is not answering' });

    nats.kill('SIGCONT');
    const resumedAt = Date.now();
    await waitFor(async () => (await agent.get('/api/channels')).status === 200, { timeoutMs: 10_000, intervalMs: 50 });
    const recoveredMs = Date.now() - resumedAt;
    await waitFor(async () => (await request(stack.url).get('/api/health/ready')).status === 200, {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    process.stdout.write(`broker hang: serving again ${recoveredMs} ms after SIGCONT\n`);
    expect(recoveredMs).toBeLessThan(4000);
  }, 60_000);
});
