import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { SERVICE_NAMES } from '@teamchat/contracts';
import { createTestDatabase, freePortBlock, waitFor, type TestDatabase } from '@teamchat/testing';
import { repoRoot } from './support/env-usage.js';

// Cluster mode as deployed: six service processes and two gateway processes over NATS, Redis and Postgres. One
// gateway gets SIGTERM while messages flow; its clients must resume on the other one and miss nothing.

const MESSAGES = 60;
const SEND_EVERY_MS = 25;
const GRACE_MS = 10000;
const PASSWORD = 'graceful-password-1';

interface Message {
  id: string;
  channelId: string;
  userId: string;
  createdAt: string;
  clientMsgId?: string | null;
}

/** An HTTP client with its own session cookie. */
class Browser {
  cookie = '';
  async call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('tc.sid='));
    if (session) this.cookie = session;
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }
  async ok(base: string, method: string, path: string, body?: unknown): Promise<any> {
    const res = await this.call(base, method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
    return res.json;
  }
}

/**
 * A live-socket client that behaves like the SPA behind a load balancer: when its gateway goes away (1001) it
 * reconnects to another one and joins with `since`; a sender resends every message not yet echoed back, under the
 * same clientMsgId (the server deduplicates).
 */
class LiveClient {
  socket: WebSocket | null = null;
  readonly received = new Map<string, Message>();
  readonly closeCodes: number[] = [];
  readonly unacked = new Map<string, string>();
  lastSeen = '';
  joins = 0;
  /** Messages the server replayed after a `since` join, and messages this sender sent again after reconnecting. */
  replayed = 0;
  resent = 0;

  constructor(
    private readonly browser: Browser,
    private readonly user: { id: string; username: string },
    private gateways: string[],
  ) {}

  connect(): Promise<void> {
    const [base] = this.gateways;
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie: this.browser.cookie } });
    this.socket = socket;
    return new Promise((resolve, reject) => {
      socket.on('error', reject);
      socket.on('open', () =>
        socket.send(
          JSON.stringify({
            type: 'join',
            userId: this.user.id,
            username: this.user.username,
            ...(this.lastSeen ? { since: this.lastSeen } : {}),
          }),
        ),
      );
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; message?: Message; replayed?: number };
        if (frame.type === 'joined') {
          this.joins++;
          this.replayed += frame.replayed ?? 0;
          this.resent += this.joins > 1 ? this.unacked.size : 0;
          for (const payload of this.unacked.values()) socket.send(payload);
          resolve();
        } else if (frame.type === 'message' && frame.message) {
          const m = frame.message;
          if (m.createdAt > this.lastSeen) this.lastSeen = m.createdAt;
          if (m.clientMsgId) {
            this.received.set(m.clientMsgId, m);
            if (m.userId === this.user.id) this.unacked.delete(m.clientMsgId);
          }
        }
      });
      socket.on('close', (code) => {
        this.closeCodes.push(code);
        if (code === 1001) {
          // the load balancer sends the reconnect to a gateway that is still up
          this.gateways = [...this.gateways.slice(1), this.gateways[0]];
          void this.connect().catch(() => undefined);
        }
      });
    });
  }

  send(channelId: string, clientMsgId: string, content: string): void {
    const payload = JSON.stringify({
      type: 'message',
      channelId,
      userId: this.user.id,
      username: this.user.username,
      content,
      clientMsgId,
    });
    this.unacked.set(clientMsgId, payload);
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(payload);
  }

  close(): void {
    this.socket?.removeAllListeners('close');
    this.socket?.close();
  }
}

describe('graceful shutdown in cluster mode', () => {
  // gateways at base and base + 1, metrics from base + 100 (the range is this suite's alone, see freePortBlock)
  let base: number;
  let gateways: string[];
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-graceful-'));
  const processes = new Map<string, ChildProcess>();
  const logs = new Map<string, string>();
  const namespace = `graceful${process.pid}${Date.now().toString(36)}.`;
  let db: TestDatabase;

  const launch = (name: string, script: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, [join(repoRoot, script)], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: db.url,
        BUS_TRANSPORT: 'nats',
        NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        BUS_NAMESPACE: namespace,
        SESSION_SECRET: 'graceful-shutdown-session-secret-0123456789',
        UPLOAD_SIGNING_SECRET: 'graceful-shutdown-upload-secret-0123456789',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    logs.set(name, '');
    const append = (d: Buffer) => logs.set(name, (logs.get(name) ?? '') + d.toString());
    child.stdout!.on('data', append);
    child.stderr!.on('data', append);
    processes.set(name, child);
    return child;
  };
  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) =>
      child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
    );
  const tail = () => [...logs].map(([name, text]) => `[${name}] ${text.slice(-1500)}`).join('\n');

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [join(repoRoot, 'scripts/build.mjs'), '--if-missing'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(build.stderr);
    base = await freePortBlock(202, [10000, 20000]);
    gateways = [`http://127.0.0.1:${base}`, `http://127.0.0.1:${base + 1}`];
    db = await createTestDatabase('graceful');
    SERVICE_NAMES.forEach((s, i) => launch(s, `services/${s}/dist/main.js`, { METRICS_PORT: String(base + 100 + i) }));
    // a second chat replica, to stop while requests flow
    launch('chat-2', 'services/chat/dist/main.js', { METRICS_PORT: String(base + 110) });
    gateways.forEach((url, i) =>
      launch(`gateway-${i + 1}`, 'gateway/dist/main.js', {
        PORT: String(base + i),
        // production requires the site's origin (its links are built on it)
        PUBLIC_URL: url,
        METRICS_PORT: String(base + 200 + i),
      }),
    );
    await waitFor(async () => (await fetch(`http://127.0.0.1:${base + 110}/health/ready`)).status === 200, {
      timeoutMs: 90000,
      intervalMs: 300,
    });
    for (const url of gateways) {
      await waitFor(async () => (await fetch(`${url}/api/health/ready`)).status === 200, {
        timeoutMs: 90000,
        intervalMs: 300,
      }).catch((err: Error) => {
        throw new Error(`${err.message}\n${tail()}`);
      });
    }
  }, 180000);

  afterAll(async () => {
    for (const child of processes.values()) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      [...processes.values()].map((c) => Promise.race([exited(c), new Promise((r) => setTimeout(r, 15000).unref())])),
    );
    for (const child of processes.values()) if (child.exitCode === null) child.kill('SIGKILL');
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('moves the sockets of a stopping gateway to the other one; no message is lost or stored twice', async () => {
    const [g1, g2] = gateways;
    // a workspace with three members: alice writes, bob and carol read
    const alice = new Browser();
    const aliceUser = await alice.ok(g1, 'POST', '/api/register', {
      firstName: 'Alice',
      lastName: 'Admin',
      email: `alice-${base}@example.com`,
      password: PASSWORD,
      companySize: '2-5',
    });
    const { clientSecret } = await alice.ok(g1, 'POST', '/api/create-signup-subscription', { seats: 5 });
    await alice.ok(g1, 'POST', '/api/local-payments/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242' });
    await waitFor(async () => (await alice.ok(g1, 'POST', '/api/verify-payment-status', {})).paymentCompleted, {
      timeoutMs: 10000,
      intervalMs: 200,
    });
    await alice.ok(g1, 'POST', '/api/workspaces', { name: 'Graceful' });
    const [channel] = (await alice.ok(g1, 'GET', '/api/channels')) as { id: string }[];
    const join = async (name: string) => {
      const { token } = await alice.ok(g1, 'POST', '/api/invites', {});
      const browser = new Browser();
      const user = await browser.ok(g2, 'POST', `/api/invites/${token}/accept`, {
        email: `${name}-${base}@example.com`,
        firstName: name,
        lastName: 'Member',
        password: PASSWORD,
      });
      return { browser, user };
    };
    const bob = await join('bob');
    const carol = await join('carol');

    // alice and bob are on gateway 1, the one that will stop; carol is on gateway 2
    const sender = new LiveClient(alice, aliceUser, [g1, g2]);
    const onStopping = new LiveClient(bob.browser, bob.user, [g1, g2]);
    const onStaying = new LiveClient(carol.browser, carol.user, [g2, g1]);
    await Promise.all([sender.connect(), onStopping.connect(), onStaying.connect()]);

    const ids = Array.from({ length: MESSAGES }, (_, i) => `graceful-${base}-${i}`);
    const gateway1 = processes.get('gateway-1')!;
    let stoppedAt = 0;
    let exitedAt = 0;
    const gateway1Exit = exited(gateway1).then((code) => {
      exitedAt = Date.now();
      return code;
    });
    // HTTP requests in flight when SIGTERM arrives either complete or are refused before they start, never cut off
    const inFlight: Promise<number | string>[] = [];
    for (const [i, id] of ids.entries()) {
      sender.send(channel.id, id, `message ${i}`);
      if (i === Math.floor(MESSAGES / 3)) {
        for (let k = 0; k < 5; k++) {
          inFlight.push(
            alice
              .call(g1, 'POST', `/api/channels/${channel.id}/messages`, {
                content: `in flight ${k}`,
                clientMsgId: `${id}-http-${k}`,
              })
              .then((r) => r.status)
              .catch((err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message),
          );
        }
        stoppedAt = Date.now();
        gateway1.kill('SIGTERM');
      }
      await new Promise((r) => setTimeout(r, SEND_EVERY_MS));
    }

    await waitFor(
      () => sender.unacked.size === 0 && ids.every((id) => onStopping.received.has(id) && onStaying.received.has(id)),
      {
        timeoutMs: 30000,
        intervalMs: 50,
      },
    ).catch((err: Error) => {
      const missing = (c: LiveClient) => ids.filter((id) => !c.received.has(id)).length;
      throw new Error(
        `${err.message}: unacked ${sender.unacked.size} (resent ${sender.resent}), bob misses ${missing(onStopping)} (replayed ${onStopping.replayed}), carol misses ${missing(onStaying)}\n${tail()}`,
      );
    });

    // the stopping gateway closed its sockets with 1001 and its clients joined the other gateway
    expect(onStopping.closeCodes).toContain(1001);
    expect(sender.closeCodes).toContain(1001);
    expect(onStopping.joins).toBe(2);
    expect(onStaying.closeCodes).toEqual([]);
    // it exited cleanly within its grace period
    expect(await gateway1Exit).toBe(0);
    expect(exitedAt - stoppedAt).toBeLessThan(GRACE_MS);
    const outcomes = await Promise.all(inFlight);
    for (const outcome of outcomes) expect([201, 'ECONNREFUSED']).toContain(outcome);

    // every message was stored exactly once, whatever was resent after the reconnect
    const stored = (await alice.ok(g2, 'GET', `/api/channels/${channel.id}/messages?limit=200`)) as Message[];
    const storedIds = stored.map((m) => m.clientMsgId).filter((id): id is string => !!id && ids.includes(id));
    expect(storedIds.sort()).toEqual([...ids].sort());
    sender.close();
    onStopping.close();
    onStaying.close();
  }, 120000);

  it('lets a stopping service replica finish its bus requests while the other replica takes the new ones', async () => {
    const g2 = gateways[1];
    const dave = new Browser();
    await dave.ok(g2, 'POST', '/api/register', {
      firstName: 'Dave',
      lastName: 'Admin',
      email: `dave-${base}@example.com`,
      password: PASSWORD,
      companySize: '2-5',
    });
    const { clientSecret } = await dave.ok(g2, 'POST', '/api/create-signup-subscription', { seats: 5 });
    await dave.ok(g2, 'POST', '/api/local-payments/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242' });
    await waitFor(async () => (await dave.ok(g2, 'POST', '/api/verify-payment-status', {})).paymentCompleted, {
      timeoutMs: 10000,
      intervalMs: 200,
    });
    await dave.ok(g2, 'POST', '/api/workspaces', { name: 'Service drain' });
    const [channel] = (await dave.ok(g2, 'GET', '/api/channels')) as { id: string }[];

    const replica = processes.get('chat-2')!;
    const replicaExit = exited(replica);
    const statuses: number[] = [];
    const stream = async (s: number) => {
      for (let i = 0; i < 15; i++) {
        const res = await dave.call(g2, 'POST', `/api/channels/${channel.id}/messages`, { content: `drain ${s}.${i}` });
        statuses.push(res.status);
        if (s === 0 && i === 4) replica.kill('SIGTERM');
      }
    };
    await Promise.all([0, 1, 2, 3].map(stream));

    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(await replicaExit).toBe(0);
    const stored = (await dave.ok(g2, 'GET', `/api/channels/${channel.id}/messages?limit=200`)) as {
      content: string;
    }[];
    expect(stored.filter((m) => m.content.startsWith('drain '))).toHaveLength(60);
  }, 60000);
});
