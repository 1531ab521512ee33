// Threads through the gateway (issue 18): replies one level deep, the root's summary, GET /api/messages/{id}/thread,
// followers and their unread replies, the channel page without thread-only replies, and the live and replayed frames.
import request from 'supertest';
import { waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { THREAD_ROOT_INVALID, type Message } from '@teamchat/contracts';
import { adminWithWorkspace, nextIp, team, TestSocket, type Person, TRANSPORT_VARIANTS } from './chat-helpers.js';

interface Followed {
  root: Message;
  unreadCount: number;
  lastReadAt: string | null;
}

describe.each(TRANSPORT_VARIANTS)('threads (%s)', (_name, transport, env) => {
  const block = transport === 'nats' ? 71 : 70;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let general: string;
  const sockets: TestSocket[] = [];

  const join = async (person: Person, since?: string | number) => {
    const s = await TestSocket.joined(stack.url, person, since);
    sockets.push(s);
    return s;
  };
  const post = async (person: Person, body: Record<string, unknown>, channelId = general) => {
    const res = await person.agent.post(`/api/channels/${channelId}/messages`).send(body);
    if (res.status !== 201) throw new Error(`post failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Message;
  };
  const thread = async (person: Person, id: string) => {
    const res = await person.agent.get(`/api/messages/${id}/thread`);
    return { status: res.status, body: res.body as { root: Message; replies: Message[] } };
  };
  const page = async (person: Person, channelId = general) =>
    ((await person.agent.get(`/api/channels/${channelId}/messages?limit=200`)).body as Message[]).map((m) => m.id);
  const followed = async (person: Person) => (await person.agent.get('/api/threads')).body as Followed[];
  const followedOf = async (person: Person, rootId: string) =>
    (await followed(person)).find((f) => f.root.id === rootId);

  beforeAll(async () => {
    stack = await startTestStack({ transport, env });
    t = await team(stack.url, block);
    other = await adminWithWorkspace(stack.url, 'Other Co', nextIp(block));
    general = (await t.admin.agent.get('/api/channels')).body[0].id;
  }, 120000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(() => stack?.close());

  it('stores a reply, counts it on the root with the last reply time and up to three repliers, newest first', async () => {
    const root = await post(t.admin, { content: 'root of a thread' });
    const first = await post(t.bob, { content: 'first reply', threadId: root.id });
    expect(first).toMatchObject({ threadId: root.id, alsoInChannel: false, content: 'first reply' });

    let { body } = await thread(t.admin, root.id);
    expect(body.root.thread).toEqual({ replyCount: 1, lastReplyAt: first.createdAt, replierIds: [t.bob.user.id] });
    // the root changed with the reply, just after it on the workspace's change clock
    expect(Date.parse(body.root.updatedAt!)).toBeGreaterThan(Date.parse(first.createdAt));

    await post(t.carol, { content: 'second', threadId: root.id });
    await post(t.admin, { content: 'third', threadId: root.id });
    const last = await post(t.bob, { content: 'fourth, bob again', threadId: root.id });
    ({ body } = await thread(t.carol, root.id));
    expect(body.root.thread).toEqual({
      replyCount: 4,
      lastReplyAt: last.createdAt,
      replierIds: [t.bob.user.id, t.admin.user.id, t.carol.user.id],
    });
    // the channel page carries the summary too
    const inChannel = ((await t.carol.agent.get(`/api/channels/${general}/messages`)).body as Message[]).find(
      (m) => m.id === root.id,
    );
    expect(inChannel?.thread?.replyCount).toBe(4);
  });

  it('answers the thread with its replies oldest first and their reactions; a reply id answers its root’s thread', async () => {
    const root = await post(t.admin, { content: 'ordered root' });
    const replies: Message[] = [];
    for (const [who, text] of [
      [t.bob, 'one'],
      [t.carol, 'two'],
      [t.bob, 'three'],
    ] as const)
      replies.push(await post(who, { content: text, threadId: root.id }));
    await t.admin.agent.post(`/api/messages/${replies[1].id}/reactions`).send({ reactionId: '👍' });

    const { status, body } = await thread(t.bob, root.id);
    expect(status).toBe(200);
    expect(body.root).toMatchObject({ id: root.id, content: 'ordered root', reactions: [] });
    expect(body.replies.map((r) => r.content)).toEqual(['one', 'two', 'three']);
    expect(body.replies[1].reactions).toEqual([
      expect.objectContaining({ reactionId: '👍', count: 1, userIds: [t.admin.user.id] }),
    ]);
    expect((await thread(t.bob, replies[2].id)).body).toEqual(body);
  });

  it('refuses a reply to a reply, to another channel’s message, and to an unknown or malformed id, with a clear 400', async () => {
    const root = await post(t.admin, { content: 'refusals root' });
    const reply = await post(t.bob, { content: 'a reply', threadId: root.id });
    const { body: other } = await t.admin.agent.post('/api/channels').send({ name: `side-${Date.now()}` });
    const elsewhere = await post(t.admin, { content: 'in another channel' }, other.id);

    for (const threadId of [reply.id, elsewhere.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.bob.agent.post(`/api/channels/${general}/messages`).send({ content: 'nope', threadId });
      expect({ threadId, status: res.status, error: res.body.error }).toEqual({
        threadId,
        status: 400,
        error: THREAD_ROOT_INVALID,
      });
    }
    const bad = await t.bob.agent
      .post(`/api/channels/${general}/messages`)
      .send({ content: 'x', threadId: root.id, alsoInChannel: 'yes' });
    expect(bad.status).toBe(400);
    expect((await thread(t.admin, root.id)).body.root.thread?.replyCount).toBe(1);
  });

  it('answers 404 for another workspace’s message, a DM the caller is not in, and an unknown id', async () => {
    const root = await post(t.admin, { content: 'private to acme' });
    expect((await thread(other, root.id)).status).toBe(404);
    expect((await other.agent.post(`/api/messages/${root.id}/thread/read`)).status).toBe(404);

    const { body: dm } = await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id });
    const secret = await post(t.admin, { content: 'just us two' }, dm.id);
    await post(t.bob, { content: 'in our thread', threadId: secret.id }, dm.id);
    expect((await thread(t.bob, secret.id)).status).toBe(200);
    expect((await thread(t.carol, secret.id)).status).toBe(404);
    expect((await thread(t.carol, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await request(stack.url).get(`/api/messages/${root.id}/thread`)).status).toBe(401);
    // replying into a foreign DM's thread is refused like posting there
    const res = await t.carol.agent
      .post(`/api/channels/${dm.id}/messages`)
      .send({ content: 'let me in', threadId: secret.id });
    expect(res.status).toBe(404);
  });

  it('leaves a plain reply out of the channel page and its unread count; an alsoInChannel reply shows in both', async () => {
    await t.carol.agent.post(`/api/channels/${general}/read`);
    const root = await post(t.admin, { content: 'visible root' });
    const hidden = await post(t.bob, { content: 'thread only', threadId: root.id });
    const shown = await post(t.bob, { content: 'also in channel', threadId: root.id, alsoInChannel: true });
    expect(shown).toMatchObject({ threadId: root.id, alsoInChannel: true });

    const ids = await page(t.carol);
    expect(ids).toContain(root.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    const unread = (await t.carol.agent.get('/api/unread')).body as { channelId: string; count: number }[];
    expect(unread.find((u) => u.channelId === general)?.count).toBe(2);
    expect((await thread(t.carol, root.id)).body.replies.map((r) => r.id)).toEqual([hidden.id, shown.id]);
  });

  it('has the replier, the root’s author and the mentioned follow the thread, with unread replies from others', async () => {
    const root = await post(t.admin, { content: 'who follows?' });
    // bob replies and mentions carol: all three follow; bob has read up to his reply
    await post(t.bob, { content: `what do you think @${t.carol.user.username}?`, threadId: root.id });
    expect(await followedOf(t.admin, root.id)).toMatchObject({ unreadCount: 1, lastReadAt: null });
    expect(await followedOf(t.carol, root.id)).toMatchObject({ unreadCount: 1 });
    expect(await followedOf(t.bob, root.id)).toMatchObject({ unreadCount: 0 });
    expect((await followedOf(t.bob, root.id))?.root.thread?.replyCount).toBe(1);
    // nobody outside the workspace follows, whatever they are called
    expect(await followed(other)).toEqual([]);

    await post(t.admin, { content: 'admin answers', threadId: root.id });
    expect(await followedOf(t.admin, root.id)).toMatchObject({ unreadCount: 0 });
    expect(await followedOf(t.bob, root.id)).toMatchObject({ unreadCount: 1 });
    expect(await followedOf(t.carol, root.id)).toMatchObject({ unreadCount: 2 });

    const read = await t.carol.agent.post(`/api/messages/${root.id}/thread/read`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ threadId: root.id, lastReadAt: expect.any(String) });
    expect(await followedOf(t.carol, root.id)).toMatchObject({ unreadCount: 0, lastReadAt: read.body.lastReadAt });
    // opened again with no reply since: the mark stays where it was; a new reply moves it on the next read
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await t.carol.agent.post(`/api/messages/${root.id}/thread/read`)).body).toEqual(read.body);
    await post(t.bob, { content: 'one more thing', threadId: root.id });
    expect(await followedOf(t.carol, root.id)).toMatchObject({ unreadCount: 1, lastReadAt: read.body.lastReadAt });
    const moved = await t.carol.agent.post(`/api/messages/${root.id}/thread/read`);
    expect(Date.parse(moved.body.lastReadAt)).toBeGreaterThan(Date.parse(read.body.lastReadAt));
    expect(await followedOf(t.carol, root.id)).toMatchObject({ unreadCount: 0, lastReadAt: moved.body.lastReadAt });
    // a thread not followed lists nowhere; marking it read changes nothing
    const loner = await post(t.carol, { content: 'nobody replies' });
    expect(await followedOf(t.carol, loner.id)).toBeUndefined();
    expect((await t.bob.agent.post(`/api/messages/${loner.id}/thread/read`)).status).toBe(200);
    expect(await followedOf(t.bob, loner.id)).toBeUndefined();
  });

  it('fans a reply out live with its threadId, and the root’s new summary as message_updated, to every socket', async () => {
    const root = await post(t.admin, { content: 'live root' });
    const [a, c] = await Promise.all([join(t.admin), join(t.carol)]);
    const b = await join(t.bob);
    b.send({
      type: 'message',
      channelId: general,
      userId: t.bob.user.id,
      content: 'live reply',
      threadId: root.id,
      clientMsgId: `live-${Date.now()}`,
    });
    for (const s of [a, b, c]) {
      const reply = (await s.next('message', (f) => (f.message as Message).content === 'live reply'))
        .message as Message;
      expect(reply).toMatchObject({ threadId: root.id, alsoInChannel: false });
      const updated = (await s.next('message_updated', (f) => (f.message as Message).id === root.id))
        .message as Message;
      expect(updated.thread).toEqual({ replyCount: 1, lastReplyAt: reply.createdAt, replierIds: [t.bob.user.id] });
    }
    // a socket reply to a reply is refused with an error frame naming its clientMsgId
    const reply = (await thread(t.admin, root.id)).body.replies[0];
    b.send({
      type: 'message',
      channelId: general,
      userId: t.bob.user.id,
      content: 'deeper',
      threadId: reply.id,
      clientMsgId: 'deep-1',
    });
    const error = await b.next('error', (f) => f.clientMsgId === 'deep-1');
    expect(error).toMatchObject({ code: 'VALIDATION.FAILED', message: THREAD_ROOT_INVALID });
  });

  it('replays a reply and the root’s change to a socket that was away', async () => {
    const root = await post(t.admin, { content: 'replayed root' });
    const away = await join(t.carol);
    await away.close();
    const since = root.updatedAt!;
    await new Promise((r) => setTimeout(r, 5));
    const reply = await post(t.bob, { content: 'while carol was away', threadId: root.id });

    const back = await join(t.carol, since);
    const replayed = (await back.next('message', (f) => (f.message as Message).id === reply.id)).message as Message;
    expect(replayed).toMatchObject({ threadId: root.id, content: 'while carol was away' });
    const updated = (await back.next('message_updated', (f) => (f.message as Message).id === root.id))
      .message as Message;
    expect(updated.thread).toMatchObject({ replyCount: 1, replierIds: [t.bob.user.id] });
    // the replayed frames come before `joined`
    const order = back.frames.map((f) => f.type);
    expect(order.lastIndexOf('message')).toBeLessThan(order.lastIndexOf('joined'));
  });

  it('keeps a repeated clientMsgId to one reply and one count', async () => {
    const root = await post(t.admin, { content: 'dedupe root' });
    const body = { content: 'once', threadId: root.id, clientMsgId: `dup-${Date.now()}` };
    const first = await post(t.bob, body);
    const again = await t.bob.agent.post(`/api/channels/${general}/messages`).send(body);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.id);
    await waitFor(async () => (await thread(t.admin, root.id)).body.replies.length === 1);
    expect((await thread(t.admin, root.id)).body.root.thread?.replyCount).toBe(1);
  });

  it('answers a deleted root as a tombstone with its replies, and refuses new replies to it', async () => {
    const root = await post(t.bob, { content: 'soon gone' });
    const reply = await post(t.carol, { content: 'still here', threadId: root.id });
    expect((await t.bob.agent.delete(`/api/messages/${root.id}`)).status).toBe(204);

    const { status, body } = await thread(t.carol, root.id);
    expect(status).toBe(200);
    expect(body.root).toMatchObject({ id: root.id, deleted: true, content: null });
    expect(body.replies.map((r) => r.id)).toEqual([reply.id]);
    const res = await t.carol.agent
      .post(`/api/channels/${general}/messages`)
      .send({ content: 'too late', threadId: root.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(THREAD_ROOT_INVALID);
  });

  it('documents the thread routes in /api/docs', async () => {
    const paths = Object.keys((await request(stack.url).get('/api/docs/openapi.json')).body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/messages/{messageId}/thread',
        '/api/messages/{messageId}/thread/read',
        '/api/threads',
      ]),
    );
  });
});
