// The live socket when something goes wrong (DESIGN §6), through real gateway nodes over NATS and Redis: a node that
// dies without a clean shutdown leaves no one "online" forever, while a clean shutdown still announces at once; a
// client that stops reading is closed with 1013 once its send queue is full, and catches up with `since`.
import { jest } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { BusClient } from '@teamchat/bus';
import { wsReadPauses } from '@teamchat/observability';
import type { Redis } from 'ioredis';
import type { Env } from '@teamchat/config';
import { waitFor } from '@teamchat/testing';
import { startGatewayNode, startTestStack, type TestStack } from '@teamchat/test-stack';
import { closeGateway } from '../../src/index.js';
import { REDIS } from '../../src/infrastructure.js';
import { FANOUT, type Fanout } from '../../src/realtime/fanout/fanout.js';
import { SocketConnections } from '../../src/realtime/connections.js';
import { PRESENCE_STORE, type PresenceStore } from '../../src/realtime/fanout/presence.store.js';
import { ChatContracts } from '@teamchat/contracts';
import { team, TestSocket, type Person } from './chat-helpers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Short, so the test need not wait long for a dead node; node A's heartbeat (which reaps) runs every third of it. */
const PRESENCE_TTL_MS = 1500;
/** Frames a socket may have waiting (behind 64 handed to the network) before it is closed with 1013. */
const WS_SEND_QUEUE_MAX = 50;

describe('live socket resilience (NATS, Redis fan-out)', () => {
  let stack: TestStack;
  const nodes: NestExpressApplication[] = [];
  const sockets: TestSocket[] = [];

  const on = async (url: string, person: Person, since?: string) => {
    const s = await TestSocket.joined(url, person, since);
    sockets.push(s);
    return s;
  };
  /** Another gateway node sharing the stack's services, NATS and Redis. */
  const startNode = async (env: Partial<Env> = {}) => {
    const node = await startGatewayNode(stack, env);
    nodes.push(node.app);
    return node;
  };
  const presenceOf = (s: TestSocket, person: Person) =>
    s
      .of('presence')
      .filter((f) => f.userId === person.user.id)
      .map((f) => f.status);

  beforeAll(async () => {
    stack = await startTestStack({
      transport: 'nats',
      env: { REDIS_URL, PRESENCE_TTL_MS: String(PRESENCE_TTL_MS), WS_SEND_QUEUE_MAX: String(WS_SEND_QUEUE_MAX) },
    });
  }, 120000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(async () => {
    for (const app of nodes) await closeGateway(app).catch(() => undefined);
    await stack?.close();
  });

  it('announces the users of a node that died without a clean shutdown offline once its presence expires, unless they still have a socket on another node', async () => {
    const t = await team(stack.url, 11);
    const c = await startNode({ PRESENCE_TTL_MS: 1000 });
    const watcher = await on(stack.url, t.admin);
    await watcher.watch(t.bob, t.carol);
    await on(stack.url, t.bob);
    const carolOnC = await on(c.url, t.carol);
    const bobOnC = await on(c.url, t.bob);
    await watcher.next('presence', (f) => f.userId === t.carol.user.id && f.status === 'online');

    // node C crashes: it stops talking to Redis (no heartbeat, no clean leave) and its sockets are gone
    c.app.get<Redis>(REDIS, { strict: false }).disconnect();
    carolOnC.ws.terminate();
    bobOnC.ws.terminate();

    await watcher.next('presence', (f) => f.userId === t.carol.user.id && f.status === 'offline', 10000);
    expect(presenceOf(watcher, t.carol)).toEqual(['online', 'offline']);
    const joiner = await on(stack.url, t.carol);
    expect(joiner.of('joined')[0].onlineCount).toBe(3);
    expect((await joiner.watch(t.admin, t.bob)).online.sort()).toEqual([t.admin.user.id, t.bob.user.id].sort());
    // bob kept his socket on node A: never offline
    expect(presenceOf(watcher, t.bob)).toEqual(['online']);
  });

  it('still announces the users of a node that shuts down cleanly at once, long before its presence would expire', async () => {
    const t = await team(stack.url, 12);
    const d = await startNode({ PRESENCE_TTL_MS: 600_000 });
    const watcher = await on(stack.url, t.admin);
    await watcher.watch(t.carol);
    await on(d.url, t.carol);
    await watcher.next('presence', (f) => f.userId === t.carol.user.id && f.status === 'online');
    nodes.splice(nodes.indexOf(d.app), 1);
    await closeGateway(d.app);
    await watcher.next('presence', (f) => f.userId === t.carol.user.id && f.status === 'offline');
    expect(presenceOf(watcher, t.carol)).toEqual(['online', 'offline']);
    const joiner = await on(stack.url, t.bob);
    expect(joiner.of('joined')[0].onlineCount).toBe(2);
    expect((await joiner.watch(t.admin, t.carol)).online).toEqual([t.admin.user.id]);
  });

  it('closes a socket that stops reading with 1013 once its send queue is full; reconnecting with `since` brings what it missed', async () => {
    const t = await team(stack.url, 13);
    const general = (await t.admin.agent.get('/api/channels')).body[0].id as string;
    const overflows = async () => {
      const text = await (await fetch(`${stack.url}/metrics`)).text();
      return Number(/^ws_frames_dropped_total\{type="overflow"\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    const reader = await on(stack.url, t.bob);
    const sender = await on(stack.url, t.admin);
    // bob's client stops reading: what the gateway sends piles up in the TCP buffers, then in his send queue
    (reader.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const before = await overflows();
    // long messages (3 bytes a character) fill the network buffers in a few hundred frames
    const content = (i: number) => `${i} ${'ह'.repeat(3990)}`;
    let posted = 0;
    while ((await overflows()) === before) {
      if (posted >= 3000) throw new Error('the paused socket was never closed');
      for (let i = 0; i < 25; i++)
        sender.send({ type: 'message', channelId: general, userId: t.admin.user.id, content: content(posted++) });
      await waitFor(() => sender.messages().length === posted, { timeoutMs: 20000 });
    }
    const all = sender.messages().map((m) => m.id);

    (reader.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await waitFor(() => reader.closed !== null, { timeoutMs: 20000 });
    expect(reader.closed).toEqual({ code: 1013, reason: 'Try again later' });
    // what reached bob is what was sent up to some point, in order; the rest was never put on his socket
    const received = reader.messages().map((m) => m.id);
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(all.length);
    expect(received).toEqual(all.slice(0, received.length));

    const last = reader.messages()[received.length - 1] as unknown as { createdAt: string };
    const back = await on(stack.url, t.bob, last.createdAt);
    expect(back.of('resync')).toEqual([]);
    const replayed = back.messages().map((m) => m.id);
    expect(replayed.filter((id) => !received.includes(id))).toEqual(all.slice(received.length));
    expect(back.closed).toBeNull();
  });

  it('joins in two round trips one after the other: the actor from the upgrade, then the replay and the presence count at once', async () => {
    const t = await team(stack.url, 15);
    const e = await startNode();
    await on(e.url, t.admin); // the workspace's fan-out is subscribed on node E from here on
    // every bus request, presence call and subscription of node E now takes ROUND_TRIP_MS more, so the join's time
    // counts its round trips that run one after the other
    const ROUND_TRIP_MS = 300;
    const slowed: string[] = [];
    const slow = <T extends object>(target: T, method: keyof T & string) => {
      const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
      jest.spyOn(target, method as never).mockImplementation((async (...args: unknown[]) => {
        slowed.push(method === 'request' ? `request ${(args[0] as { subject: string }).subject}` : method);
        await new Promise((resolve) => setTimeout(resolve, ROUND_TRIP_MS));
        return original(...args);
      }) as never);
    };
    const bus = e.app.get(BusClient, { strict: false });
    const presence = e.app.get<PresenceStore>(PRESENCE_STORE, { strict: false });
    const fanout = e.app.get<Fanout>(FANOUT, { strict: false });
    const since = new Date().toISOString();
    const socket = await TestSocket.open(e.url, t.bob); // the upgrade resolves and caches bob's actor
    sockets.push(socket);
    slow(bus, 'request');
    slow(presence, 'connect');
    slow(presence, 'count');
    slow(fanout, 'subscribe');
    try {
      const started = Date.now();
      const joined = await socket.join(t.bob, since);
      const took = Date.now() - started;
      expect(joined).toMatchObject({ workspaceId: t.workspaceId, replayed: 0 });
      expect(joined.onlineCount).toBe(2);
      // the subscription, then the replay and the presence count together; the actor was not asked again
      expect(slowed.sort()).toEqual(['connect', `request ${ChatContracts.replay.subject}`, 'subscribe']);
      expect(took).toBeGreaterThanOrEqual(2 * ROUND_TRIP_MS);
      expect(took).toBeLessThan(3 * ROUND_TRIP_MS);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('stops reading its sockets while too many of their frames wait, and stores and echoes every one of them once', async () => {
    const t = await team(stack.url, 16);
    const general = (await t.admin.agent.get('/api/channels')).body[0].id as string;
    const g = await startNode({ WS_FRAMES_PENDING_MAX: 10 });
    const people = [t.admin, t.bob, t.carol];
    const senders = await Promise.all(people.map((p) => on(g.url, p)));
    // chat answers each message 50 ms late, so the frames pile up behind it
    const bus = g.app.get(BusClient, { strict: false });
    const request = bus.request.bind(bus);
    jest.spyOn(bus, 'request').mockImplementation((async (contract: { subject: string }, ...rest: unknown[]) => {
      if (contract.subject === ChatContracts.createMessage.subject) await new Promise((r) => setTimeout(r, 50));
      return (request as (...args: unknown[]) => Promise<unknown>)(contract, ...rest);
    }) as never);
    const pauses = async () => (await wsReadPauses.get()).values[0]?.value ?? 0;
    const pausedBefore = await pauses();
    try {
      senders.forEach((s, i) => {
        for (let n = 0; n < 15; n++)
          s.send({
            type: 'message',
            channelId: general,
            userId: people[i].user.id,
            content: `backpressure ${i}-${n}`,
            clientMsgId: `bp-${i}-${n}`,
          });
      });
      const connections = g.app.get(SocketConnections, { strict: false });
      await waitFor(
        () => senders.every((s) => s.messages().filter((m) => m.content?.startsWith('backpressure ')).length === 45),
        {
          timeoutMs: 20_000,
        },
      );
      expect(await pauses()).toBeGreaterThan(pausedBefore);
      expect(connections.readingSockets).toBe(true);
      expect(senders.flatMap((s) => s.of('error'))).toEqual([]);
      const stored = (await t.admin.agent.get(`/api/channels/${general}/messages?limit=200`)).body as {
        content: string;
      }[];
      const contents = stored.map((m) => m.content).filter((c) => c.startsWith('backpressure '));
      expect(contents).toHaveLength(45);
      expect(new Set(contents).size).toBe(45);
      // each sender's messages in the order it sent them
      for (let i = 0; i < 3; i++)
        expect(contents.filter((c) => c.startsWith(`backpressure ${i}-`))).toEqual(
          Array.from({ length: 15 }, (_, n) => `backpressure ${i}-${n}`),
        );
      // and the node reads again: a frame sent now is handled as usual
      senders[0].send({ type: 'message', channelId: general, userId: t.admin.user.id, content: 'after the wave' });
      await senders[1].next('message', (f) => (f.message as { content: string }).content === 'after the wave');
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('takes a reconnect storm: 200 sockets dropped at once all join again with `since`, with no error and nothing missed', async () => {
    const t = await team(stack.url, 14);
    const general = (await t.admin.agent.get('/api/channels')).body[0].id as string;
    const people = [t.admin, t.bob, t.carol];
    const first = await Promise.all(Array.from({ length: 200 }, (_, i) => on(stack.url, people[i % people.length])));
    const since = new Date().toISOString();
    // the network path goes away: every connection ends at once, without a close handshake
    for (const s of first) s.ws.terminate();
    const { body: missed } = await t.carol.agent
      .post(`/api/channels/${general}/messages`)
      .send({ content: 'posted while everyone was away' })
      .expect(201);
    // every client reconnects at the same moment, each upgrade and join racing the others
    const results = await Promise.allSettled(first.map((_, i) => on(stack.url, people[i % people.length], since)));
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures.map((f) => String(f.reason))).toEqual([]);
    const back = results.map((r) => (r as PromiseFulfilledResult<TestSocket>).value);
    expect(back.flatMap((s) => s.of('error'))).toEqual([]);
    // each got what was posted while it was away, once, by replay
    expect(back.map((s) => s.messages().filter((m) => m.id === (missed as { id: string }).id).length)).toEqual(
      back.map(() => 1),
    );
    expect(back.every((s) => s.closed === null)).toBe(true);
  }, 60_000);
});
