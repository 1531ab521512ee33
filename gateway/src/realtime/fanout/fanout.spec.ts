import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { waitFor } from '@teamchat/testing';
import { decodeEnvelope, encodeEnvelope, sentBy, type Envelope, type Fanout } from './fanout.js';
import { InMemoryFanout } from './in-memory.fanout.js';
import { RedisFanout } from './redis.fanout.js';
import { InMemoryPresenceStore } from './in-memory-presence.store.js';
import { RedisPresenceStore, type PresenceChange, type PresenceStore } from './presence.store.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const recorder = (fanout: Fanout) => {
  const got: { workspaceId: string; envelope: Envelope }[] = [];
  fanout.onEnvelope((workspaceId, envelope) => got.push({ workspaceId, envelope }));
  return got;
};

const frame = (text: string) => ({ userIds: null, frame: JSON.stringify({ type: 'typing', text }) });

describe('envelope encoding', () => {
  it('carries the frame unchanged after the header', () => {
    const env: Envelope = {
      origin: 'n1',
      userIds: ['u'],
      exceptUserId: 'x',
      frame: '{"type":"message","a":"line\\nbreak"}',
    };
    expect(decodeEnvelope(encodeEnvelope(env))).toEqual(env);
  });

  it('starts with its origin, whatever order the envelope was built in', () => {
    const env: Envelope = { userIds: null, messageId: 'm', frame: '{}', origin: 'node "1"' };
    const raw = encodeEnvelope(env);
    expect(raw.startsWith(sentBy('node "1"'))).toBe(true);
    expect(raw.startsWith(sentBy('node "2"'))).toBe(false);
    expect(decodeEnvelope(raw)).toEqual(env);
  });
});

describe(InMemoryFanout.name, () => {
  it('delivers to this node only while it is subscribed to the workspace', async () => {
    const fanout = new InMemoryFanout();
    const got = recorder(fanout);
    await fanout.publish('w1', frame('before'));
    await fanout.subscribe('w1');
    await fanout.subscribe('w1');
    await fanout.publish('w1', frame('during'));
    await fanout.unsubscribe('w1');
    await fanout.publish('w1', frame('still one socket left'));
    await fanout.unsubscribe('w1');
    await fanout.publish('w1', frame('after'));
    expect(got.map((g) => JSON.parse(g.envelope.frame).text)).toEqual(['during', 'still one socket left']);
    expect(fanout.subscribedWorkspaces()).toEqual([]);
  });
});

describe(RedisFanout.name, () => {
  const namespace = `fanout-spec-${randomUUID()}.`;
  const clients: Redis[] = [];
  const fanouts: RedisFanout[] = [];
  let admin: Redis;

  const node = () => {
    const client = new Redis(REDIS_URL);
    clients.push(client);
    const fanout = new RedisFanout(client, namespace);
    fanouts.push(fanout);
    return fanout;
  };
  const channels = () => admin.pubsub('CHANNELS', `${namespace}*`) as Promise<string[]>;

  beforeAll(() => {
    admin = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    for (const f of fanouts) await f.close();
    for (const c of [...clients, admin]) c.disconnect();
  });

  it('delivers a frame published on one node to another node subscribed to that workspace, and nowhere else', async () => {
    const a = node();
    const b = node();
    const c = node();
    const [gotA, gotB, gotC] = [recorder(a), recorder(b), recorder(c)];
    const [w1, w2] = [randomUUID(), randomUUID()];
    await b.subscribe(w1);
    await c.subscribe(w2);
    await a.publish(w1, frame('hello'));
    await waitFor(() => gotB.length === 1);
    expect(gotB[0]).toMatchObject({ workspaceId: w1, envelope: { origin: a.nodeId } });
    expect(JSON.parse(gotB[0].envelope.frame)).toEqual({ type: 'typing', text: 'hello' });
    await a.publish(w2, frame('for c'));
    await waitFor(() => gotC.length === 1);
    expect(gotA).toEqual([]);
    expect(gotB).toHaveLength(1);
  });

  it('delivers its own publication locally once, not again when Redis echoes it', async () => {
    const a = node();
    const b = node();
    const [gotA, gotB] = [recorder(a), recorder(b)];
    const w = randomUUID();
    await a.subscribe(w);
    await b.subscribe(w);
    await a.publish(w, frame('once'));
    expect(gotA).toHaveLength(1);
    await waitFor(() => gotB.length === 1);
    await b.publish(w, frame('marker'));
    await waitFor(() => gotA.length === 2);
    expect(gotA.map((g) => JSON.parse(g.envelope.frame).text)).toEqual(['once', 'marker']);
  });

  it("writes the PUBLISH to Redis before it hands the frame to this node's own sockets", async () => {
    const a = node();
    const w = randomUUID();
    await a.subscribe(w);
    const publish = jest.spyOn(clients[clients.length - 1], 'publish');
    const local = jest.fn();
    a.onEnvelope(local);
    await a.publish(w, frame('first out'));
    expect(publish).toHaveBeenCalledTimes(1);
    expect(local).toHaveBeenCalledTimes(1);
    expect(publish.mock.invocationCallOrder[0]).toBeLessThan(local.mock.invocationCallOrder[0]);
    publish.mockRestore();
  });

  it('ignores its own envelope also in the layout of earlier versions, origin last', async () => {
    const a = node();
    const b = node();
    const gotA = recorder(a);
    const w = randomUUID();
    await a.subscribe(w);
    await b.subscribe(w);
    const { frame: body, ...header } = { userIds: null, frame: '{"type":"typing","text":"old"}', origin: a.nodeId };
    await admin.publish(a.channelOf(w), `${JSON.stringify(header)}\n${body}`);
    await b.publish(w, frame('marker'));
    await waitFor(() => gotA.length === 1);
    expect(gotA.map((g) => JSON.parse(g.envelope.frame).text)).toEqual(['marker']);
  });

  it('drops its own envelopes by their first bytes, before reading the rest', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const a = node();
      const b = node();
      const gotA = recorder(a);
      const w = randomUUID();
      await a.subscribe(w);
      // what follows the origin is never parsed: as its own, even an unreadable envelope is dropped without a word
      await admin.publish(a.channelOf(w), `${sentBy(a.nodeId)} not JSON`);
      await b.publish(w, frame('marker'));
      await waitFor(() => gotA.length === 1);
      expect(gotA.map((g) => JSON.parse(g.envelope.frame).text)).toEqual(['marker']);
      expect(warn.mock.calls.filter(([m]) => String(m).includes('unreadable envelope'))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it("subscribes to a workspace's Redis channel only while it has sockets there", async () => {
    const a = node();
    const w = randomUUID();
    const channel = a.channelOf(w);
    expect(await channels()).not.toContain(channel);
    await a.subscribe(w);
    await a.subscribe(w);
    expect(await channels()).toContain(channel);
    await a.unsubscribe(w);
    expect(await channels()).toContain(channel);
    await a.unsubscribe(w);
    await waitFor(async () => !(await channels()).includes(channel));
    expect(a.subscribedWorkspaces()).toEqual([]);
  });

  it('keeps the last of quick subscribe/unsubscribe/subscribe calls', async () => {
    const a = node();
    const w = randomUUID();
    void a.subscribe(w);
    void a.unsubscribe(w);
    await a.subscribe(w);
    expect(await channels()).toContain(a.channelOf(w));
  });

  it('reports the subscribed workspaces when its Redis connection was lost and came back', async () => {
    const a = node();
    const w = randomUUID();
    await a.subscribe(w);
    const interrupted: string[][] = [];
    a.onInterrupted((ws) => interrupted.push(ws));
    (a as unknown as { subscriber: Redis }).subscriber.disconnect(true);
    await waitFor(() => interrupted.length === 1, { timeoutMs: 10000 });
    expect(interrupted[0]).toEqual([w]);
    const b = node();
    const got = recorder(a);
    await b.publish(w, frame('after reconnect'));
    await waitFor(() => got.length === 1);
  });
});

describe.each([
  ['in memory', () => new InMemoryPresenceStore()],
  ['Redis', () => new RedisPresenceStore(new Redis(REDIS_URL), `presence-spec-${randomUUID()}.`)],
])('presence store (%s)', (_name, make: () => PresenceStore) => {
  let store: PresenceStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => (store as unknown as { redis?: Redis }).redis?.disconnect());

  it('reports only the first connection and the last disconnection of a user', async () => {
    const [w, u] = [randomUUID(), randomUUID()];
    expect((await store.connect(w, u)).first).toBe(true);
    expect((await store.connect(w, u)).first).toBe(false);
    expect(await store.online(w)).toEqual([u]);
    expect(await store.disconnect(w, u)).toBe(false);
    expect(await store.disconnect(w, u)).toBe(true);
    expect(await store.online(w)).toEqual([]);
  });

  it('answers how many are online, this user included, in the same step as it counts the socket', async () => {
    const [w, u, v] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await store.connect(w, u)).toEqual({ first: true, count: 1 });
    expect(await store.connect(w, v)).toEqual({ first: true, count: 2 });
    expect(await store.connect(w, u)).toEqual({ first: false, count: 2 });
    await store.disconnect(w, v);
    expect(await store.count(w)).toBe(1);
    expect(await store.connect(randomUUID(), v)).toEqual({ first: true, count: 1 });
  });

  it('says which of some users are online, without listing the rest of the workspace', async () => {
    const [w, u, v, x] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await store.connect(w, u);
    await store.connect(w, v);
    expect(await store.onlineOf(w, [x, v])).toEqual([v]);
    expect(await store.onlineOf(w, [])).toEqual([]);
    expect(await store.onlineOf(randomUUID(), [u])).toEqual([]);
  });
});

describe(`${RedisPresenceStore.name} with gateway nodes that die`, () => {
  const TTL_MS = 300;
  const clients: Redis[] = [];
  const stores: RedisPresenceStore[] = [];
  let admin: Redis;
  let warn: jest.SpiedFunction<Logger['warn']>;

  /** Gateway nodes sharing one namespace; each store on its own connection, recording the changes it reports. */
  const cluster = () => {
    const namespace = `presence-nodes-${randomUUID()}.`;
    const nodes: { store: RedisPresenceStore; redis: Redis; changes: PresenceChange[] }[] = [];
    const node = () => {
      const redis = new Redis(REDIS_URL);
      clients.push(redis);
      const store = new RedisPresenceStore(redis, namespace, { ttlMs: TTL_MS });
      stores.push(store);
      const changes: PresenceChange[] = [];
      store.onChange((c) => {
        changes.push(...c);
      });
      nodes.push({ store, redis, changes });
      return nodes[nodes.length - 1];
    };
    return {
      node,
      /** Every change any node reported (whichever node reaps a dead one reports it). */
      reported: () => nodes.flatMap((n) => n.changes),
      registered: (store: RedisPresenceStore) => admin.zscore(`${namespace}tc:presence:nodes`, store.nodeId),
      nodeKeyExists: (store: RedisPresenceStore) => admin.exists(`${namespace}tc:presence:node:${store.nodeId}`),
    };
  };
  const offline = (workspaceId: string, userId: string): PresenceChange => ({ workspaceId, userId, status: 'offline' });
  const online = (workspaceId: string, userId: string): PresenceChange => ({ workspaceId, userId, status: 'online' });
  const ids = () => [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

  beforeAll(() => {
    admin = new Redis(REDIS_URL);
    // a dead node's own failing heartbeats are expected here
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterAll(async () => {
    await Promise.allSettled(stores.map((s) => s.close()));
    // not a client a test already disconnected (a crashed node): ioredis would arm a 2 s timer to destroy its stream,
    // waiting for a close event that stream already had, and that timer would hold the test worker open
    for (const c of [...clients, admin]) if (c.status !== 'end') c.disconnect();
    warn.mockRestore();
  });

  it('takes a node that stops heartbeating for dead: users with no socket on another node go offline, reported once', async () => {
    const nodes = cluster();
    const [a, b, c] = [nodes.node(), nodes.node(), nodes.node()];
    const [w, u, v, x] = ids();
    await Promise.all([a, b, c].map((n) => n.store.start()));
    expect((await b.store.connect(w, u)).first).toBe(true);
    expect((await b.store.connect(w, x)).first).toBe(true);
    expect((await a.store.connect(w, x)).first).toBe(false);
    expect((await a.store.connect(w, v)).first).toBe(true);
    expect((await c.store.online(w)).sort()).toEqual([u, v, x].sort());

    // b crashes: its connection is gone, so no heartbeat and no clean shutdown
    b.redis.disconnect();
    await waitFor(() => nodes.reported().length > 0, { timeoutMs: 5000 });
    await Promise.all([a.store.heartbeat(), c.store.heartbeat()]);
    expect(nodes.reported()).toEqual([offline(w, u)]);
    expect((await a.store.online(w)).sort()).toEqual([v, x].sort());
    expect(await nodes.registered(b.store)).toBeNull();
    expect(await nodes.nodeKeyExists(b.store)).toBe(0);

    // the survivors' own counts are untouched
    expect(await a.store.disconnect(w, x)).toBe(true);
    expect(await a.store.online(w)).toEqual([v]);
  });

  it('puts back the sockets of a node that was only late once it heartbeats again', async () => {
    const nodes = cluster();
    const [a, b] = [nodes.node(), nodes.node()];
    const [w, u, x] = ids();
    await Promise.all([a.store.start(), b.store.start()]);
    await b.store.connect(w, u);
    await b.store.connect(w, x);
    await a.store.connect(w, x);
    b.redis.disconnect();
    await waitFor(() => a.changes.length === 1, { timeoutMs: 5000 });
    expect(a.changes).toEqual([offline(w, u)]);

    await b.redis.connect();
    await waitFor(() => b.changes.length === 1, { timeoutMs: 5000 });
    expect(b.changes).toEqual([online(w, u)]);
    expect((await a.store.online(w)).sort()).toEqual([u, x].sort());
    expect(await nodes.registered(b.store)).not.toBeNull();
    // its counts are right again: x still has a socket on a, u had only this one
    expect(await b.store.disconnect(w, x)).toBe(false);
    expect(await b.store.disconnect(w, u)).toBe(true);
    expect(await a.store.online(w)).toEqual([x]);
    expect(a.changes).toEqual([offline(w, u)]);
  });

  it('registers a node taken for dead again on its next connect, which reports its other users back online', async () => {
    const nodes = cluster();
    const [a, b] = [nodes.node(), nodes.node()];
    const [w, u, y] = ids();
    await a.store.start();
    // b never heartbeats after registering with its first socket
    expect((await b.store.connect(w, u)).first).toBe(true);
    await waitFor(() => a.changes.length === 1, { timeoutMs: 5000 });
    expect(a.changes).toEqual([offline(w, u)]);
    expect(await a.store.online(w)).toEqual([]);

    const again = await b.store.connect(w, y);
    expect(again).toEqual({ first: true, count: 2 });
    expect(b.changes).toEqual([online(w, u)]);
    expect((await a.store.online(w)).sort()).toEqual([u, y].sort());
  });

  it('releases every socket of a node that closes cleanly at once, reporting who it leaves offline', async () => {
    const nodes = cluster();
    const [a, b] = [nodes.node(), nodes.node()];
    const [w, u, x] = ids();
    await Promise.all([a.store.start(), b.store.start()]);
    await b.store.connect(w, u);
    await b.store.connect(w, x);
    await a.store.connect(w, x);
    await b.store.close();
    expect(nodes.reported()).toEqual([offline(w, u)]);
    expect(await a.store.online(w)).toEqual([x]);
    expect(await nodes.registered(b.store)).toBeNull();
    expect(await nodes.nodeKeyExists(b.store)).toBe(0);
  });
});
