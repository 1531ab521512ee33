// A removed member of a private channel stops receiving it on every gateway node (issue 62): their socket on the other
// node gets `channel_removed`, then none of the channel's messages, changes, reactions or typing, while the remaining
// members on either node keep receiving them; added back, they hear it again.
import { startGatewayNode, startTestStack, type GatewayNode, type TestStack } from '@teamchat/test-stack';
import { team, TestSocket, type Person } from './chat-helpers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('private channel membership across gateway nodes (NATS + Redis)', () => {
  let stack: TestStack;
  let nodeB: GatewayNode;
  let t: Awaited<ReturnType<typeof team>>;
  const sockets: TestSocket[] = [];

  const on = async (url: string, person: Person) => {
    const s = await TestSocket.joined(url, person);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'nats', env: { REDIS_URL } });
    nodeB = await startGatewayNode(stack);
    t = await team(stack.url, 98);
  }, 120_000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(async () => {
    await nodeB?.close();
    await stack?.close();
  });

  it('cuts a removed member’s socket on the other node off at once, and lets them back in when added again', async () => {
    const { body: room } = await t.admin.agent
      .post('/api/channels')
      .send({ name: 'cluster-secret', visibility: 'private', participantIds: [t.bob.user.id, t.carol.user.id] });
    const { body: general } = (await t.admin.agent.get('/api/channels')) as { body: { id: string }[] };
    const carolOnB = await on(nodeB.url, t.carol);
    const bobOnA = await on(stack.url, t.bob);
    const adminOnB = await on(nodeB.url, t.admin);
    // before: Carol on node B hears the channel, typing included (her node caches who hears it)
    adminOnB.send({ type: 'message', channelId: room.id, userId: t.admin.user.id, content: 'before' });
    await carolOnB.next('message', (f) => (f.message as { content: string }).content === 'before');
    carolOnB.send({ type: 'typing', channelId: room.id, userId: t.carol.user.id, isTyping: true });
    await bobOnA.next('typing', (f) => f.userId === t.carol.user.id);

    // removed through node A
    const removed = await t.admin.agent.delete(`/api/channels/${room.id}/members/${t.carol.user.id}`);
    expect(removed.status).toBe(200);
    await carolOnB.next('channel_removed', (f) => f.channelId === room.id);
    const atRemoval = carolOnB.frames.length;
    bobOnA.send({ type: 'message', channelId: room.id, userId: t.bob.user.id, content: 'after' });
    bobOnA.send({ type: 'typing', channelId: room.id, userId: t.bob.user.id, isTyping: true });
    await adminOnB.next('message', (f) => (f.message as { content: string }).content === 'after');
    const after = (await t.admin.agent.get(`/api/channels/${room.id}/messages`)).body as { id: string }[];
    await t.admin.agent.post(`/api/messages/${after.at(-1)!.id}/reactions`).send({ emoji: '👍' });
    await adminOnB.next('reactions', (f) => f.channelId === room.id);
    carolOnB.send({ type: 'typing', channelId: room.id, userId: t.carol.user.id, isTyping: true });
    await carolOnB.next('error', (f) => f.code === 'CHAT.CHANNEL_NOT_FOUND');
    // a public message after all that reaches her: whatever of the channel was coming would have come before it
    adminOnB.send({ type: 'message', channelId: general[0].id, userId: t.admin.user.id, content: 'marker' });
    await carolOnB.next('message', (f) => (f.message as { content: string }).content === 'marker');
    const leaked = carolOnB.frames
      .slice(atRemoval)
      .filter((f) => f.type !== 'error' && JSON.stringify(f).includes(room.id));
    expect(leaked).toEqual([]);

    // added back: she hears it again, on node B
    await t.bob.agent.post(`/api/channels/${room.id}/members`).send({ userIds: [t.carol.user.id] });
    await carolOnB.next('channel_member_added', (f) => f.channelId === room.id);
    bobOnA.send({ type: 'message', channelId: room.id, userId: t.bob.user.id, content: 'welcome back' });
    await carolOnB.next('message', (f) => (f.message as { content: string }).content === 'welcome back');
  });
});
