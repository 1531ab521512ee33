// Pinned messages through the gateway (issue 18): pin and unpin by any member who may read the channel, the channel's
// pin list newest pin first, other workspaces and DMs one is not in, deleted messages, and the live message_updated.
import type { Message } from '@teamchat/contracts';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import {
  adminWithWorkspace,
  nextIp,
  team,
  TestSocket,
  type Agent,
  type Frame,
  type Person,
  TRANSPORT_VARIANTS,
} from './chat-helpers.js';

describe.each(TRANSPORT_VARIANTS)('pins (%s)', (_name, transport, env) => {
  const block = transport === 'nats' ? 83 : 82;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  const sockets: TestSocket[] = [];

  const join = async (person: Person, since?: string | number) => {
    const s = await TestSocket.joined(stack.url, person, since);
    sockets.push(s);
    return s;
  };
  const channel = async (name: string): Promise<string> =>
    (await t.admin.agent.post('/api/channels').send({ name, description: '' })).body.id;
  const post = async (agent: Agent, channelId: string, content: string): Promise<Message> => {
    const res = await agent.post(`/api/channels/${channelId}/messages`).send({ content });
    expect(res.status).toBe(201);
    return res.body as Message;
  };
  const pins = async (agent: Agent, channelId: string) => {
    const res = await agent.get(`/api/channels/${channelId}/pins`);
    expect(res.status).toBe(200);
    return (res.body as Message[]).map((m) => m.content);
  };

  beforeAll(async () => {
    stack = await startTestStack({ transport, env });
    t = await team(stack.url, block);
    other = await adminWithWorkspace(stack.url, 'Elsewhere', nextIp(block));
  }, 120000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(() => stack?.close());

  it('pins a message for any member: it gains pinnedAt and pinnedBy, and pinning again keeps the first pin', async () => {
    const c = await channel('pin-basics');
    const message = await post(t.admin.agent, c, 'pin me');
    const pinned = await t.bob.agent.post(`/api/messages/${message.id}/pin`);
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({
      id: message.id,
      channelId: c,
      content: 'pin me',
      pinnedAt: expect.any(String),
      pinnedBy: t.bob.user.id,
      reactions: [],
    });
    expect(Date.parse(pinned.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(pinned.body.pinnedAt));
    expect(Date.parse(pinned.body.updatedAt)).toBeGreaterThan(Date.parse(message.createdAt));

    const again = await t.carol.agent.post(`/api/messages/${message.id}/pin`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ pinnedAt: pinned.body.pinnedAt, pinnedBy: t.bob.user.id });

    const page = (await t.carol.agent.get(`/api/channels/${c}/messages`)).body as Message[];
    expect(page.find((m) => m.id === message.id)).toMatchObject({ pinnedAt: pinned.body.pinnedAt });
  });

  it('unpins: the message loses pinnedAt and pinnedBy; unpinning again changes nothing', async () => {
    const c = await channel('pin-unpin');
    const message = await post(t.admin.agent, c, 'pin then unpin');
    await t.bob.agent.post(`/api/messages/${message.id}/pin`);
    const unpinned = await t.carol.agent.delete(`/api/messages/${message.id}/pin`);
    expect(unpinned.status).toBe(200);
    expect(unpinned.body).toMatchObject({ id: message.id, content: 'pin then unpin' });
    expect(unpinned.body.pinnedAt).toBeUndefined();
    expect(unpinned.body.pinnedBy).toBeUndefined();
    expect(await pins(t.admin.agent, c)).toEqual([]);
    const again = await t.carol.agent.delete(`/api/messages/${message.id}/pin`);
    expect(again.status).toBe(200);
    expect(again.body.pinnedAt).toBeUndefined();
  });

  it('lists a channel’s pins newest pin first, whatever the order of the messages, and only that channel’s', async () => {
    const c = await channel('pin-list');
    const elsewhere = await channel('pin-list-other');
    const [first, second, third] = [
      await post(t.admin.agent, c, 'first'),
      await post(t.bob.agent, c, 'second'),
      await post(t.carol.agent, c, 'third'),
    ];
    await post(t.admin.agent, c, 'never pinned');
    await t.bob.agent.post(`/api/messages/${(await post(t.admin.agent, elsewhere, 'other channel')).id}/pin`);
    expect(await pins(t.bob.agent, c)).toEqual([]);
    for (const m of [second, third, first]) await t.bob.agent.post(`/api/messages/${m.id}/pin`);
    expect(await pins(t.carol.agent, c)).toEqual(['first', 'third', 'second']);
    await t.admin.agent.delete(`/api/messages/${third.id}/pin`);
    expect(await pins(t.carol.agent, c)).toEqual(['first', 'second']);
    // a pin moved to the top by unpinning and pinning again
    await t.admin.agent.delete(`/api/messages/${second.id}/pin`);
    await t.admin.agent.post(`/api/messages/${second.id}/pin`);
    const listed = (await t.carol.agent.get(`/api/channels/${c}/pins`)).body as Message[];
    expect(listed.map((m) => m.content)).toEqual(['second', 'first']);
    expect(listed[0]).toMatchObject({
      pinnedBy: t.admin.user.id,
      userId: t.bob.user.id,
      username: t.bob.user.username,
    });
    expect(await pins(t.admin.agent, elsewhere)).toEqual(['other channel']);
  });

  it("answers 404 for another workspace's message or channel, a malformed id and a DM one is not in", async () => {
    const c = await channel('pin-private');
    const message = await post(t.admin.agent, c, 'ours');
    for (const path of [`/api/messages/${message.id}/pin`, '/api/messages/not-a-uuid/pin']) {
      expect((await other.agent.post(path)).status).toBe(404);
      expect((await other.agent.delete(path)).status).toBe(404);
    }
    const refused = await other.agent.post(`/api/messages/${message.id}/pin`);
    expect(refused.body).toMatchObject({ error: 'Message not found', code: 'CHAT.MESSAGE_NOT_FOUND' });
    expect((await other.agent.get(`/api/channels/${c}/pins`)).status).toBe(404);
    expect((await t.bob.agent.get('/api/channels/not-a-uuid/pins')).status).toBe(404);
    expect(await pins(t.admin.agent, c)).toEqual([]);

    const dm = (await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id })).body;
    const secret = await post(t.admin.agent, dm.id, 'between us');
    expect((await t.carol.agent.post(`/api/messages/${secret.id}/pin`)).status).toBe(404);
    expect((await t.carol.agent.get(`/api/channels/${dm.id}/pins`)).status).toBe(404);
    expect((await t.bob.agent.post(`/api/messages/${secret.id}/pin`)).status).toBe(200);
    expect(await pins(t.admin.agent, dm.id)).toEqual(['between us']);
  });

  it('refuses to pin or unpin a deleted message, and a pinned message that is deleted leaves the list', async () => {
    const c = await channel('pin-deleted');
    const gone = await post(t.bob.agent, c, 'deleted before the pin');
    expect((await t.bob.agent.delete(`/api/messages/${gone.id}`)).status).toBe(204);
    const refused = await t.carol.agent.post(`/api/messages/${gone.id}/pin`);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: 'Message not found' });

    const pinned = await post(t.bob.agent, c, 'pinned, then deleted');
    await t.carol.agent.post(`/api/messages/${pinned.id}/pin`);
    expect(await pins(t.admin.agent, c)).toEqual(['pinned, then deleted']);
    expect((await t.bob.agent.delete(`/api/messages/${pinned.id}`)).status).toBe(204);
    expect(await pins(t.admin.agent, c)).toEqual([]);
    expect((await t.carol.agent.delete(`/api/messages/${pinned.id}/pin`)).status).toBe(404);
  });

  it('puts message_updated in front of every member on pin and on unpin, and replays it after a disconnect', async () => {
    const c = await channel('pin-live');
    const [a, b] = await Promise.all([join(t.admin), join(t.bob)]);
    const message = await post(t.admin.agent, c, 'watch the pin');
    await b.next('message', (f) => (f.message as Message).id === message.id);
    const carol = await join(t.carol);
    await t.carol.agent.post(`/api/messages/${message.id}/pin`);
    const isPinned = (f: Frame) => (f.message as Message).id === message.id && Boolean((f.message as Message).pinnedAt);
    for (const s of [a, b, carol]) {
      const frame = await s.next('message_updated', isPinned);
      expect(frame.message).toMatchObject({ id: message.id, content: 'watch the pin', pinnedBy: t.carol.user.id });
    }

    // bob drops, the message is unpinned meanwhile: his resume carries the change
    const seenAt = (b.of('message_updated').find(isPinned)!.message as Message).updatedAt!;
    await b.close();
    await t.admin.agent.delete(`/api/messages/${message.id}/pin`);
    const unpinned = await a.next(
      'message_updated',
      (f) => (f.message as Message).id === message.id && !(f.message as Message).pinnedAt,
    );
    expect(unpinned.message).toMatchObject({ id: message.id, content: 'watch the pin' });
    const back = await join(t.bob, seenAt);
    const replayed = back.frames.filter(
      (f) => f.type === 'message_updated' && (f.message as Message).id === message.id,
    );
    expect(replayed).toHaveLength(1);
    expect((replayed[0].message as Message).pinnedAt).toBeUndefined();
  });

  it('documents the pin routes in /api/docs', async () => {
    const paths = (await t.admin.agent.get('/api/docs/openapi.json')).body.paths as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.keys(paths['/api/messages/{messageId}/pin'] ?? {})).toEqual(
      expect.arrayContaining(['post', 'delete']),
    );
    expect(Object.keys(paths['/api/channels/{channelId}/pins'] ?? {})).toEqual(['get']);
  });
});
