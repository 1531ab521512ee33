// Private channels and channel membership over the whole stack (issue 62): a private channel's messages, threads,
// pins, reactions, attachments, search results, unread counts, mentions, live frames, typing and replay reach its
// members only — an outsider and a member who was removed get 404 over HTTP and `/ws`, exactly as for another
// workspace's ids — while a public channel is found, previewed and read by everyone. Join, leave, add, remove, convert,
// archive, topic and purpose each post a system message and tell members' screens; bad input is a clear 4xx.
import { waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import {
  adminWithWorkspace,
  nextIp,
  team,
  TestSocket,
  uploadChatImage,
  type Agent,
  type Person,
} from './chat-helpers.js';

const BLOCK = 97;

interface Channel {
  id: string;
  name: string;
  visibility: 'public' | 'private';
  participantIds: string[];
  memberCount: number;
  joined: boolean;
  archived: boolean;
  topic: string | null;
  description: string | null;
  isDefault: boolean;
}
interface Msg {
  id: string;
  channelId: string;
  content: string | null;
  kind?: string;
  system?: { event: string; actorId: string; userIds?: string[]; text?: string | null };
}

describe('private channels and membership', () => {
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  const sockets: TestSocket[] = [];
  let seq = 0;

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'inprocess' });
    t = await team(stack.url, BLOCK);
    other = await adminWithWorkspace(stack.url, 'Elsewhere', nextIp(BLOCK));
  }, 120_000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(() => stack?.close());

  const on = async (person: Person, since?: string) => {
    const s = await TestSocket.joined(stack.url, person, since);
    sockets.push(s);
    return s;
  };
  const name = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 6)}`;
  const create = async (agent: Agent, body: Record<string, unknown>): Promise<Channel> => {
    const res = await agent.post('/api/channels').send(body);
    expect(res.status).toBe(201);
    return res.body as Channel;
  };
  const post = async (agent: Agent, channelId: string, body: Record<string, unknown>): Promise<Msg> => {
    const res = await agent.post(`/api/channels/${channelId}/messages`).send(body);
    expect(res.status).toBe(201);
    return res.body as Msg;
  };
  const sidebar = async (agent: Agent) => ((await agent.get('/api/channels')).body as Channel[]).map((c) => c.id);
  const messagesOf = async (agent: Agent, channelId: string) =>
    (await agent.get(`/api/channels/${channelId}/messages`)).body as Msg[];

  /** Every route that takes the channel's, a message's, a thread's, a pin's or a reaction's id, as one reader. */
  const everyRoute = (channelId: string, messageId: string, replyId: string) =>
    [
      ['GET', `/api/channels/${channelId}`],
      ['GET', `/api/channels/${channelId}/messages`],
      ['GET', `/api/channels/${channelId}/messages?around=${messageId}`],
      ['POST', `/api/channels/${channelId}/messages`, { content: 'sneaking in' }],
      ['POST', `/api/channels/${channelId}/read`],
      ['GET', `/api/channels/${channelId}/pins`],
      ['GET', `/api/channels/${channelId}/members`],
      ['POST', `/api/channels/${channelId}/members`, { userIds: [t.carol.user.id] }],
      ['DELETE', `/api/channels/${channelId}/members/${t.bob.user.id}`],
      ['POST', `/api/channels/${channelId}/join`],
      ['POST', `/api/channels/${channelId}/leave`],
      ['PATCH', `/api/channels/${channelId}`, { topic: 'mine now' }],
      ['PATCH', `/api/channels/${channelId}/name`, { name: name('taken-over') }],
      ['PATCH', `/api/channels/${channelId}/notification-preferences`, { level: 'all' }],
      ['POST', `/api/channels/${channelId}/archive`],
      ['GET', `/api/messages/${messageId}`],
      ['PATCH', `/api/messages/${messageId}`, { content: 'edited' }],
      ['DELETE', `/api/messages/${messageId}`],
      ['GET', `/api/messages/${messageId}/thread`],
      ['GET', `/api/messages/${replyId}/thread`],
      ['POST', `/api/messages/${messageId}/thread/read`],
      ['POST', `/api/messages/${messageId}/pin`],
      ['DELETE', `/api/messages/${messageId}/pin`],
      ['POST', `/api/messages/${messageId}/reactions`, { emoji: '👍' }],
      ['DELETE', `/api/messages/${messageId}/reactions`, { emoji: '👍' }],
    ] as const;

  const call = (agent: Agent, [method, path, body]: readonly [string, string, object?]) => {
    const req =
      method === 'GET'
        ? agent.get(path)
        : method === 'POST'
          ? agent.post(path)
          : method === 'PATCH'
            ? agent.patch(path)
            : agent.delete(path);
    return body ? req.send(body) : req;
  };

  /** A private channel of the admin and Bob, with a message, a thread reply, a pin, a reaction and an image. */
  const secretRoom = async () => {
    const channel = await create(t.admin.agent, {
      name: name('secret'),
      visibility: 'private',
      participantIds: [t.bob.user.id],
    });
    const image = (await uploadChatImage(t.admin.agent, 'message')).address;
    const root = await post(t.admin.agent, channel.id, { content: `launch codes ${channel.name}`, imageUrl: image });
    const reply = await post(t.bob.agent, channel.id, { content: 'thread reply', threadId: root.id });
    expect((await t.bob.agent.post(`/api/messages/${root.id}/pin`)).status).toBe(200);
    expect((await t.bob.agent.post(`/api/messages/${root.id}/reactions`).send({ emoji: '👍' })).status).toBe(200);
    return { channel, root, reply, image };
  };

  /** What an outsider of the channel gets: 404 on every route, nothing in lists, search, unread or mentions. */
  const expectShut = async (outsider: Person, room: Awaited<ReturnType<typeof secretRoom>>) => {
    for (const route of everyRoute(room.channel.id, room.root.id, room.reply.id)) {
      const res = await call(outsider.agent, route);
      expect({ route: `${route[0]} ${route[1]}`, status: res.status }).toEqual({
        route: `${route[0]} ${route[1]}`,
        status: 404,
      });
    }
    expect(await call(outsider.agent, ['GET', room.image]).then((r) => r.status)).toBe(404);
    expect(await sidebar(outsider.agent)).not.toContain(room.channel.id);
    const browse = (await outsider.agent.get(`/api/channels/browse?q=${room.channel.name}`)).body as Channel[];
    expect(browse).toEqual([]);
    const search = await outsider.agent.get(`/api/messages/search?q=${encodeURIComponent('launch codes')}`);
    expect((search.body as Msg[]).filter((m) => m.channelId === room.channel.id)).toEqual([]);
    const unread = (await outsider.agent.get('/api/unread')).body as { channelId: string }[];
    expect(unread.map((u) => u.channelId)).not.toContain(room.channel.id);
    const mentions = (await outsider.agent.get('/api/mentions')).body as { items: { channelId: string }[] };
    expect(mentions.items.map((i) => i.channelId)).not.toContain(room.channel.id);
    const threads = (await outsider.agent.get('/api/threads')).body as { root: { channelId: string } }[];
    expect(threads.map((th) => th.root.channelId)).not.toContain(room.channel.id);
  };

  describe('a private channel', () => {
    it('is its members’ only: created with them, listed, searched and counted for them', async () => {
      const room = await secretRoom();
      expect(room.channel).toMatchObject({ visibility: 'private', memberCount: 2, joined: true, archived: false });
      expect([...room.channel.participantIds].sort()).toEqual([t.admin.user.id, t.bob.user.id].sort());
      expect(await sidebar(t.bob.agent)).toContain(room.channel.id);
      expect((await t.bob.agent.get(`/api/channels/${room.channel.id}/messages`)).status).toBe(200);
      expect((await t.bob.agent.get(room.image)).status).toBe(200);
      const found = await t.bob.agent.get(`/api/messages/search?q=${encodeURIComponent(`"${room.channel.name}"`)}`);
      expect((found.body as Msg[]).map((m) => m.id)).toContain(room.root.id);
      const unread = (await t.bob.agent.get('/api/unread')).body as { channelId: string; count: number }[];
      expect(unread.find((u) => u.channelId === room.channel.id)?.count).toBe(1);
      const members = (await t.bob.agent.get(`/api/channels/${room.channel.id}/members`)).body as {
        userId: string;
        role: string;
      }[];
      expect(members).toEqual([
        expect.objectContaining({ userId: t.admin.user.id, role: 'admin' }),
        expect.objectContaining({ userId: t.bob.user.id, role: 'member' }),
      ]);
    });

    it('answers 404 to a colleague outside it on every route, and hides it from lists, search, unread and mentions', async () => {
      const room = await secretRoom();
      await post(t.admin.agent, room.channel.id, { content: `@${t.carol.user.username} you will not see this` });
      await expectShut(t.carol, room);
    });

    it('answers 404 to another workspace on every route', async () => {
      const room = await secretRoom();
      for (const route of everyRoute(room.channel.id, room.root.id, room.reply.id)) {
        expect((await call(other.agent, route)).status).toBe(404);
      }
    });

    it('refuses a join without an invitation with 404, changing nothing', async () => {
      const room = await secretRoom();
      const res = await t.carol.agent.post(`/api/channels/${room.channel.id}/join`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'CHAT.CHANNEL_NOT_FOUND' });
      const members = (await t.bob.agent.get(`/api/channels/${room.channel.id}/members`)).body as unknown[];
      expect(members).toHaveLength(2);
    });

    it('sends its live frames and typing to its members only, and refuses an outsider’s frames with a 404 code', async () => {
      const room = await secretRoom();
      const bob = await on(t.bob);
      const carol = await on(t.carol);
      const admin = await on(t.admin);
      admin.send({ type: 'typing', channelId: room.channel.id, userId: t.admin.user.id, isTyping: true });
      admin.send({ type: 'message', channelId: room.channel.id, userId: t.admin.user.id, content: 'live secret' });
      await bob.next('message', (f) => (f.message as Msg).content === 'live secret');
      await bob.next('typing', (f) => f.channelId === room.channel.id);
      carol.send({ type: 'message', channelId: room.channel.id, userId: t.carol.user.id, content: 'let me in' });
      carol.send({ type: 'typing', channelId: room.channel.id, userId: t.carol.user.id, isTyping: true });
      const errors = await waitFor(() => (carol.of('error').length >= 2 ? carol.of('error') : undefined));
      expect(errors!.map((e) => e.code)).toEqual(['CHAT.CHANNEL_NOT_FOUND', 'CHAT.CHANNEL_NOT_FOUND']);
      // a later public message reached Carol: anything of the private channel would have come before it
      const general = (await t.admin.agent.get('/api/channels')).body[0] as Channel;
      await post(t.admin.agent, general.id, { content: 'public marker' });
      await carol.next('message', (f) => (f.message as Msg).content === 'public marker');
      expect(carol.frames.filter((f) => JSON.stringify(f).includes(room.channel.id))).toEqual([]);
      expect(bob.of('message').some((f) => (f.message as Msg).content === 'let me in')).toBe(false);
    });

    it('replays to its members only after a reconnect with since', async () => {
      const room = await secretRoom();
      const since = new Date(Date.now() - 1000).toISOString();
      await post(t.admin.agent, room.channel.id, { content: 'while you were away' });
      const bob = await on(t.bob, since);
      const carol = await on(t.carol, since);
      expect(bob.messages().map((m) => m.content)).toContain('while you were away');
      expect(carol.messages().filter((m) => m.channelId === room.channel.id)).toEqual([]);
    });

    it('lets members add workspace members (system message, live frames), and refuses outsiders of the workspace', async () => {
      const room = await secretRoom();
      const carol = await on(t.carol);
      const bob = await on(t.bob);
      const refused = await t.bob.agent
        .post(`/api/channels/${room.channel.id}/members`)
        .send({ userIds: [t.carol.user.id, other.user.id] });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ code: 'WORKSPACE.MEMBER_NOT_FOUND' });
      expect((await t.carol.agent.get(`/api/channels/${room.channel.id}`)).status).toBe(404);
      const added = await t.bob.agent
        .post(`/api/channels/${room.channel.id}/members`)
        .send({ userIds: [t.carol.user.id] });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ memberCount: 3 });
      await carol.next('channel_member_added', (f) => f.channelId === room.channel.id);
      await bob.next('channel_member_added', (f) => f.channelId === room.channel.id);
      const notice = await carol.next('message', (f) => (f.message as Msg).kind === 'system');
      expect(notice.message).toMatchObject({
        channelId: room.channel.id,
        content: `${t.bob.user.username} added ${t.carol.user.username}`,
        system: { event: 'added', actorId: t.bob.user.id, userIds: [t.carol.user.id] },
      });
      // history included: she reads what was said before she came
      expect((await messagesOf(t.carol.agent, room.channel.id)).map((m) => m.id)).toContain(room.root.id);
      expect(await sidebar(t.carol.agent)).toContain(room.channel.id);
    });

    it('cuts a removed member off at once: frames, typing, every route, search, unread, replay', async () => {
      const room = await secretRoom();
      await t.admin.agent.post(`/api/channels/${room.channel.id}/members`).send({ userIds: [t.carol.user.id] });
      const carol = await on(t.carol);
      const admin = await on(t.admin);
      const since = new Date().toISOString();
      // Bob is no channel admin: he may not remove anyone
      const notAdmin = await t.bob.agent.delete(`/api/channels/${room.channel.id}/members/${t.carol.user.id}`);
      expect(notAdmin.status).toBe(403);
      // Carol types and is heard before (her socket caches who hears the channel)
      carol.send({ type: 'typing', channelId: room.channel.id, userId: t.carol.user.id, isTyping: true });
      await admin.next('typing', (f) => f.channelId === room.channel.id && f.userId === t.carol.user.id);
      const removed = await t.admin.agent.delete(`/api/channels/${room.channel.id}/members/${t.carol.user.id}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ memberCount: 2 });
      await carol.next('channel_removed', (f) => f.channelId === room.channel.id && f.reason === 'removed');
      const framesAtRemoval = carol.frames.length;
      await post(t.admin.agent, room.channel.id, { content: 'after you left' });
      admin.send({ type: 'typing', channelId: room.channel.id, userId: t.admin.user.id, isTyping: true });
      carol.send({ type: 'typing', channelId: room.channel.id, userId: t.carol.user.id, isTyping: true });
      await carol.next('error', (f) => f.code === 'CHAT.CHANNEL_NOT_FOUND');
      const general = (await t.admin.agent.get('/api/channels')).body[0] as Channel;
      await post(t.admin.agent, general.id, { content: `marker ${room.channel.name}` });
      await carol.next('message', (f) => (f.message as Msg).content === `marker ${room.channel.name}`);
      const later = carol.frames.slice(framesAtRemoval);
      expect(later.filter((f) => f.type !== 'error' && JSON.stringify(f).includes(room.channel.id))).toEqual([]);
      await expectShut(t.carol, room);
      // a reconnect with since replays none of it
      const again = await on(t.carol, since);
      expect(again.messages().filter((m) => m.channelId === room.channel.id)).toEqual([]);
    });

    it('needs an invitation back after leaving; the last member cannot leave', async () => {
      const room = await secretRoom();
      const bob = await on(t.bob);
      expect((await t.bob.agent.post(`/api/channels/${room.channel.id}/leave`)).status).toBe(200);
      await bob.next('channel_removed', (f) => f.channelId === room.channel.id && f.reason === 'left');
      expect((await t.bob.agent.get(`/api/channels/${room.channel.id}/messages`)).status).toBe(404);
      expect((await t.bob.agent.post(`/api/channels/${room.channel.id}/join`)).status).toBe(404);
      const notices = await messagesOf(t.admin.agent, room.channel.id);
      expect(notices.at(-1)).toMatchObject({ kind: 'system', content: `${t.bob.user.username} left` });
      const last = await t.admin.agent.post(`/api/channels/${room.channel.id}/leave`);
      expect(last.status).toBe(409);
      expect(last.body).toMatchObject({ code: 'CHAT.CHANNEL_LAST_MEMBER' });
      const removeLast = await t.admin.agent.delete(`/api/channels/${room.channel.id}/members/${t.admin.user.id}`);
      expect(removeLast.status).toBe(409);
      expect((await t.admin.agent.get(`/api/channels/${room.channel.id}/members`)).body).toHaveLength(1);
    });

    it('notifies no non-member of a mention, and tells the author who is not in the channel', async () => {
      const room = await secretRoom();
      const sent = await post(t.admin.agent, room.channel.id, {
        content: `@${t.carol.user.username} and @${t.bob.user.username} look`,
      });
      expect(sent.id).toBeDefined();
      expect((sent as Msg & { mentionedNonMembers?: string[] }).mentionedNonMembers).toEqual([t.carol.user.id]);
      const mentions = (await t.carol.agent.get('/api/mentions')).body as { items: { channelId: string }[] };
      expect(mentions.items.map((i) => i.channelId)).not.toContain(room.channel.id);
      const bobs = (await t.bob.agent.get('/api/mentions')).body as { items: { messageId: string }[] };
      expect(bobs.items.map((i) => i.messageId)).toContain(sent.id);
    });

    it('is listed for workspace admins by name and member count only', async () => {
      const room = await secretRoom();
      const list = await t.admin.agent.get('/api/private-channels');
      expect(list.status).toBe(200);
      expect(list.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: room.channel.id, memberCount: 2 })]),
      );
      expect(Object.keys((list.body as object[])[0]).sort()).toEqual(
        ['archived', 'createdAt', 'createdBy', 'id', 'memberCount', 'name'].sort(),
      );
      expect((await t.bob.agent.get('/api/private-channels')).status).toBe(403);
    });
  });

  describe('a public channel', () => {
    it('is found in the browser, previewed and read before joining, and joined into the sidebar', async () => {
      const open = await create(t.admin.agent, { name: name('Open-Plan') });
      await post(t.admin.agent, open.id, { content: 'welcome all' });
      const browse = (await t.carol.agent.get(`/api/channels/browse?q=${open.name.toUpperCase()}`)).body as Channel[];
      expect(browse).toEqual([expect.objectContaining({ id: open.id, joined: false, memberCount: 1 })]);
      expect((await t.carol.agent.get(`/api/channels/${open.id}`)).body).toMatchObject({ joined: false });
      expect((await messagesOf(t.carol.agent, open.id)).map((m) => m.content)).toContain('welcome all');
      expect(await sidebar(t.carol.agent)).not.toContain(open.id);
      const joined = await t.carol.agent.post(`/api/channels/${open.id}/join`);
      expect(joined.status).toBe(200);
      expect(joined.body).toMatchObject({ joined: true, memberCount: 2 });
      expect((await t.carol.agent.post(`/api/channels/${open.id}/join`)).body).toMatchObject({ memberCount: 2 });
      expect(await sidebar(t.carol.agent)).toContain(open.id);
      const last = (await messagesOf(t.admin.agent, open.id)).at(-1);
      expect(last).toMatchObject({ kind: 'system', content: `${t.carol.user.username} joined` });
      expect(
        ((await t.carol.agent.get('/api/unread')).body as { channelId: string }[]).map((u) => u.channelId),
      ).toContain(open.id);
    });

    it('becomes private for a workspace admin only, keeping its history and members, never back', async () => {
      const open = await create(t.admin.agent, { name: name('to-hide'), participantIds: [t.bob.user.id] });
      const said = await post(t.bob.agent, open.id, { content: 'said in public' });
      expect((await t.bob.agent.post(`/api/channels/${open.id}/convert`)).status).toBe(403);
      const bob = await on(t.bob);
      const converted = await t.admin.agent.post(`/api/channels/${open.id}/convert`);
      expect(converted.status).toBe(200);
      expect(converted.body).toMatchObject({ visibility: 'private', memberCount: 2 });
      await bob.next('channel_updated', (f) => (f.channel as Channel).id === open.id);
      expect((await messagesOf(t.bob.agent, open.id)).map((m) => m.id)).toContain(said.id);
      expect((await t.carol.agent.get(`/api/channels/${open.id}/messages`)).status).toBe(404);
      expect((await t.carol.agent.get(`/api/messages/${said.id}`)).status).toBe(404);
      const again = await t.admin.agent.post(`/api/channels/${open.id}/convert`);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'CHAT.CHANNEL_ALREADY_PRIVATE' });
      const dm = await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id });
      expect((await t.admin.agent.post(`/api/channels/${dm.body.id}/convert`)).status).toBe(400);
    });

    it('sets topic and purpose with a system message each, and lets admins mark it default', async () => {
      const open = await create(t.admin.agent, { name: name('topics'), participantIds: [t.bob.user.id] });
      const bob = await on(t.bob);
      const res = await t.bob.agent
        .patch(`/api/channels/${open.id}`)
        .send({ topic: 'Launch on Friday', description: 'Ship it' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ topic: 'Launch on Friday', description: 'Ship it' });
      await bob.next('channel_updated', (f) => (f.channel as Channel).topic === 'Launch on Friday');
      const notes = (await messagesOf(t.bob.agent, open.id)).filter((m) => m.kind === 'system').map((m) => m.content);
      expect(notes).toEqual([
        `${t.bob.user.username} set the topic: Launch on Friday`,
        `${t.bob.user.username} set the purpose: Ship it`,
      ]);
      expect((await t.bob.agent.patch(`/api/channels/${open.id}`).send({ isDefault: true })).status).toBe(403);
      expect((await t.bob.agent.patch(`/api/channels/${open.id}`).send({})).status).toBe(400);
      expect((await t.admin.agent.patch(`/api/channels/${open.id}`).send({ isDefault: true })).body).toMatchObject({
        isDefault: true,
      });
    });
  });

  describe('archiving', () => {
    it('makes a channel read-only, out of the sidebar, still readable, searchable and linkable; twice is a 409', async () => {
      const room = await create(t.admin.agent, { name: name('old-project'), participantIds: [t.bob.user.id] });
      const said = await post(t.bob.agent, room.id, { content: `archived words ${room.name}` });
      expect((await t.bob.agent.post(`/api/channels/${room.id}/archive`)).status).toBe(403);
      const archived = await t.admin.agent.post(`/api/channels/${room.id}/archive`);
      expect(archived.status).toBe(200);
      expect(archived.body).toMatchObject({ archived: true });
      const twice = await t.admin.agent.post(`/api/channels/${room.id}/archive`);
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({ code: 'CHAT.CHANNEL_ARCHIVED' });
      for (const [method, path, body] of [
        ['POST', `/api/channels/${room.id}/messages`, { content: 'too late' }],
        ['PATCH', `/api/messages/${said.id}`, { content: 'rewritten' }],
        ['POST', `/api/messages/${said.id}/reactions`, { emoji: '👍' }],
        ['POST', `/api/messages/${said.id}/pin`, undefined],
        ['PATCH', `/api/channels/${room.id}`, { topic: 'x' }],
        ['POST', `/api/channels/${room.id}/members`, { userIds: [t.carol.user.id] }],
      ] as const) {
        const res = await call(t.bob.agent, [method, path, body]);
        expect({ path, status: res.status, code: res.body.code }).toEqual({
          path,
          status: 409,
          code: 'CHAT.CHANNEL_ARCHIVED',
        });
      }
      expect(await sidebar(t.bob.agent)).not.toContain(room.id);
      expect((await t.bob.agent.get(`/api/messages/${said.id}`)).status).toBe(200);
      const found = await t.carol.agent.get(`/api/messages/search?q=${encodeURIComponent(`"${room.name}"`)}`);
      expect((found.body as Msg[]).map((m) => m.id)).toContain(said.id);
      const browse = (await t.carol.agent.get(`/api/channels/browse?q=${room.name}`)).body as Channel[];
      expect(browse).toEqual([expect.objectContaining({ id: room.id, archived: true })]);
      expect((await t.admin.agent.post(`/api/channels/${room.id}/unarchive`)).status).toBe(200);
      expect((await t.admin.agent.post(`/api/channels/${room.id}/unarchive`)).status).toBe(409);
      await post(t.bob.agent, room.id, { content: 'back in business' });
      expect(await sidebar(t.bob.agent)).toContain(room.id);
    });
  });

  describe('bad input and races', () => {
    it('answers a clear 4xx and changes nothing', async () => {
      const room = await create(t.admin.agent, { name: name('strict'), visibility: 'private' });
      const cases: [Agent, string, string, object | undefined, number][] = [
        [t.admin.agent, 'POST', '/api/channels', { name: name('x'), visibility: 'secret' }, 400],
        [t.admin.agent, 'POST', '/api/channels', { name: name('x'), participantIds: ['nope'] }, 400],
        [t.admin.agent, 'POST', '/api/channels', { name: name('x'), participantIds: [other.user.id] }, 404],
        [t.admin.agent, 'POST', `/api/channels/${room.id}/members`, { userIds: [] }, 400],
        [t.admin.agent, 'POST', `/api/channels/${room.id}/members`, { userIds: [other.user.id] }, 404],
        [t.admin.agent, 'DELETE', `/api/channels/${room.id}/members/${t.carol.user.id}`, undefined, 404],
        [t.admin.agent, 'DELETE', `/api/channels/${room.id}/members/not-a-user`, undefined, 404],
        [t.admin.agent, 'GET', '/api/channels/not-a-channel', undefined, 404],
      ];
      for (const [agent, method, path, body, status] of cases) {
        const res = await call(agent, [method, path, body]);
        expect({ path, status: res.status, hasMessage: typeof res.body.error === 'string' }).toEqual({
          path,
          status,
          hasMessage: true,
        });
      }
      expect((await t.admin.agent.get(`/api/channels/${room.id}/members`)).body).toHaveLength(1);
      const dm = await t.admin.agent.post('/api/dm').send({ userId2: t.carol.user.id });
      for (const path of ['join', 'leave', 'archive']) {
        expect((await t.admin.agent.post(`/api/channels/${dm.body.id}/${path}`)).status).toBe(400);
      }
    });

    it('leaves one consistent membership when admins add and remove the same person at once', async () => {
      const room = await create(t.admin.agent, { name: name('race'), visibility: 'private' });
      for (let round = 0; round < 5; round++) {
        await Promise.all([
          t.admin.agent.post(`/api/channels/${room.id}/members`).send({ userIds: [t.bob.user.id, t.carol.user.id] }),
          t.admin.agent.delete(`/api/channels/${room.id}/members/${t.bob.user.id}`),
          t.admin.agent.post(`/api/channels/${room.id}/members`).send({ userIds: [t.bob.user.id] }),
          t.admin.agent.delete(`/api/channels/${room.id}/members/${t.carol.user.id}`),
        ]);
        const channel = (await t.admin.agent.get(`/api/channels/${room.id}`)).body as Channel;
        const members = (await t.admin.agent.get(`/api/channels/${room.id}/members`)).body as { userId: string }[];
        expect([...channel.participantIds].sort()).toEqual(members.map((m) => m.userId).sort());
        expect(channel.memberCount).toBe(members.length);
        // whoever the channel lists reads it, and nobody else of the three
        for (const person of [t.bob, t.carol]) {
          const reads = (await person.agent.get(`/api/channels/${room.id}/messages`)).status === 200;
          expect(reads).toBe(channel.participantIds.includes(person.user.id));
        }
      }
    });
  });
});
