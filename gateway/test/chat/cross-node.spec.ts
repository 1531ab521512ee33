// Two gateway nodes over one NATS namespace and one Redis (DESIGN §1, §6): live frames reach sockets on the other
// node, each node listens only to the workspaces of its own sockets, and nothing is lost across a reconnect.
import { Redis } from 'ioredis';
import { waitFor } from '@teamchat/testing';
import { startGatewayNode, startTestStack, type GatewayNode, type TestStack } from '@teamchat/test-stack';
import { team, TestSocket, type Person } from './chat-helpers.js';
import { DEFAULT_REALTIME_OPTIONS } from '../../src/realtime/realtime.options.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('delivery across gateway nodes (NATS + Redis)', () => {
  let stack: TestStack;
  let nodeB: GatewayNode;
  let urlA: string;
  let urlB: string;
  let redis: Redis;
  let t: Awaited<ReturnType<typeof team>>;
  let general: string;
  const sockets: TestSocket[] = [];

  const on = async (url: string, person: Person, since?: string) => {
    const s = await TestSocket.joined(url, person, since);
    sockets.push(s);
    return s;
  };
  const subscribers = async (workspaceId: string) =>
    Number(((await redis.pubsub('NUMSUB', `${stack.env.BUS_NAMESPACE}tc:ws:${workspaceId}`)) as [string, number])[1]);

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'nats', env: { REDIS_URL } });
    nodeB = await startGatewayNode(stack);
    urlA = stack.url;
    urlB = nodeB.url;
    redis = new Redis(REDIS_URL);
    t = await team(urlA, 5);
    general = (await t.admin.agent.get('/api/channels')).body[0].id;
  }, 120000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(async () => {
    redis?.disconnect();
    await nodeB?.close();
    await stack?.close();
  });

  it('delivers a message sent on node A to a member connected to node B (and to A’s sockets)', async () => {
    const receiver = await on(urlB, t.bob);
    const sender = await on(urlA, t.admin);
    sender.send({ type: 'message', channelId: general, userId: t.admin.user.id, content: 'across nodes' });
    const got = await receiver.next('message', (f) => (f.message as { content: string }).content === 'across nodes');
    expect(got.message).toMatchObject({ channelId: general, userId: t.admin.user.id, username: t.admin.user.username });
    await sender.next('message', (f) => (f.message as { content: string }).content === 'across nodes');
  });

  it('delivers typing across nodes but not back to the typist', async () => {
    const receiver = await on(urlB, t.carol);
    const typist = await on(urlA, t.bob);
    typist.send({ type: 'typing', channelId: general, userId: t.bob.user.id, username: 'b', isTyping: true });
    expect(await receiver.next('typing')).toMatchObject({ userId: t.bob.user.id, isTyping: true });
    typist.send({ type: 'message', channelId: general, userId: t.bob.user.id, content: 'typing marker' });
    await typist.next('message', (f) => (f.message as { content: string }).content === 'typing marker');
    expect(typist.of('typing')).toEqual([]);
  });

  it('keeps a DM between its participants on every node', async () => {
    const { body: dm } = await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id });
    const bob = await on(urlB, t.bob);
    const carol = await on(urlB, t.carol);
    const admin = await on(urlA, t.admin);
    admin.send({ type: 'message', channelId: dm.id, userId: t.admin.user.id, content: 'dm across nodes' });
    admin.send({ type: 'message', channelId: general, userId: t.admin.user.id, content: 'dm marker' });
    await bob.next('message', (f) => (f.message as { content: string }).content === 'dm across nodes');
    await carol.next('message', (f) => (f.message as { content: string }).content === 'dm marker');
    expect(carol.messages().map((m) => m.content)).not.toContain('dm across nodes');
  });

  it('counts presence over both nodes: offline only when the user’s last socket anywhere closes', async () => {
    // a team of its own: the shared one's sockets of earlier tests may still count, within their grace
    const solo = await team(urlA, 8);
    const watcher = await on(urlB, solo.admin);
    await watcher.watch(solo.carol);
    const onA = await on(urlA, solo.carol);
    await watcher.next('presence', (f) => f.userId === solo.carol.user.id && f.status === 'online');
    const onB = await on(urlB, solo.carol);
    await onA.close();
    await onB.close();
    await watcher.next('presence', (f) => f.userId === solo.carol.user.id && f.status === 'offline');
    expect(
      watcher
        .of('presence')
        .filter((f) => f.userId === solo.carol.user.id)
        .map((f) => f.status),
    ).toEqual(['online', 'offline']);
  });

  it('lets a user’s socket move from one node to the other within the grace without any presence change', async () => {
    const solo = await team(urlA, 8);
    const watcher = await on(urlB, solo.admin);
    await watcher.watch(solo.carol);
    const onA = await on(urlA, solo.carol);
    await watcher.next('presence', (f) => f.userId === solo.carol.user.id && f.status === 'online');
    await onA.close();
    await on(urlB, solo.carol);
    await new Promise((r) => setTimeout(r, DEFAULT_REALTIME_OPTIONS.presenceGraceMs + 500));
    expect(
      watcher
        .of('presence')
        .filter((f) => f.userId === solo.carol.user.id)
        .map((f) => f.status),
    ).toEqual(['online']);
  });

  it('counts who is online on either node for a socket joining on node B, and tells it who of those it watches', async () => {
    const solo = await team(urlA, 8);
    const onA = await on(urlA, solo.admin);
    await onA.watch(solo.carol);
    const carolOnB = await on(urlB, solo.carol);
    const joiner = await on(urlB, solo.bob);
    // a count, not the list of everyone connected
    expect(joiner.of('joined')[0]).not.toHaveProperty('online');
    expect(joiner.of('joined')[0].onlineCount).toBe(3);
    const watched = await joiner.watch(solo.admin, solo.carol);
    expect(watched.userIds.sort()).toEqual([solo.admin.user.id, solo.carol.user.id].sort());
    expect(watched.online.sort()).toEqual([solo.admin.user.id, solo.carol.user.id].sort());
    await carolOnB.close();
    await onA.next('presence', (f) => f.userId === solo.carol.user.id && f.status === 'offline');
    const again = await on(urlA, solo.bob);
    expect(again.of('joined')[0].onlineCount).toBe(2);
    expect((await again.watch(solo.admin, solo.carol)).online).toEqual([solo.admin.user.id]);
  });

  it('sends presence across nodes only to the sockets watching that user', async () => {
    const solo = await team(urlA, 8);
    const watcherB = await on(urlB, solo.admin);
    const watcherA = await on(urlA, solo.admin);
    const idleB = await on(urlB, solo.bob);
    await Promise.all([watcherB.watch(solo.carol), watcherA.watch(solo.carol), idleB.watch(solo.admin)]);
    const carol = await on(urlA, solo.carol);
    await watcherB.next('presence', (f) => f.userId === solo.carol.user.id && f.status === 'online');
    await watcherA.next('presence', (f) => f.userId === solo.carol.user.id && f.status === 'online');
    // the idle socket now watches carol too: her going offline, published after her coming online by the same node,
    // is the first presence frame about her it gets
    await idleB.watch(solo.admin, solo.carol);
    await carol.close();
    await idleB.next('presence', (f) => f.userId === solo.carol.user.id && f.status === 'offline');
    expect(idleB.of('presence').map((f) => [f.userId, f.status])).toEqual([[solo.carol.user.id, 'offline']]);
  });

  it('subscribes a node to a workspace only while it has sockets there', async () => {
    const solo = await team(urlA, 6);
    expect(await subscribers(solo.workspaceId)).toBe(0);
    const s = await on(urlB, solo.bob);
    expect(await subscribers(solo.workspaceId)).toBe(1);
    const s2 = await on(urlA, solo.carol);
    expect(await subscribers(solo.workspaceId)).toBe(2);
    await s.close();
    await s2.close();
    await waitFor(async () => (await subscribers(solo.workspaceId)) === 0);
  });

  it('resumes on the other node with `since` and loses nothing', async () => {
    const first = await on(urlA, t.bob);
    await t.admin.agent.post(`/api/channels/${general}/messages`).send({ content: 'last seen on A' });
    const seen = await first.next('message', (f) => (f.message as { content: string }).content === 'last seen on A');
    await first.close();
    const missed = [];
    for (let i = 0; i < 5; i++)
      missed.push(
        (await t.carol.agent.post(`/api/channels/${general}/messages`).send({ content: `gap ${i}` })).body.id,
      );
    const resumed = await on(urlB, t.bob, (seen.message as { createdAt: string }).createdAt);
    expect(resumed.messages().map((m) => m.id)).toEqual(missed);
  });

  it('pushes a service’s realtime.workspace.broadcast (team task changes) to sockets on every node', async () => {
    const onB = await on(urlB, t.bob);
    const onA = await on(urlA, t.carol);
    const { body: task } = await t.admin.agent.post('/api/tasks').send({ title: 'cross-node task', isTeam: true });
    for (const s of [onA, onB])
      expect(await s.next('tasks', (f) => f.taskId === task.id)).toMatchObject({ change: 'created' });
  });

  it('closes a removed member’s socket on the other node', async () => {
    const fresh = await team(urlA, 7);
    const victim = await on(urlB, fresh.carol);
    const res = await fresh.admin.agent.delete(`/api/workspaces/${fresh.workspaceId}/users/${fresh.carol.user.id}`);
    expect(res.status).toBe(200);
    await waitFor(() => victim.closed !== null);
    expect(victim.closed!.code).toBe(4403);
  });
});
