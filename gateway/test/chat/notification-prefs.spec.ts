// Notification preferences over HTTP (issue 19): defaults, partial changes, keywords, per-channel levels and mute,
// validation, and that a channel the member cannot read (another workspace's, a foreign DM) answers 404.
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import {
  broadcastMentionRestricted,
  CHANNEL_NOTIFY_LEVEL_MESSAGE,
  LARGE_CHANNEL_MESSAGE,
  MENTIONS_CURSOR_MESSAGE,
  NOTIFY_KEYWORDS_MESSAGE,
  NOTIFY_LEVEL_MESSAGE,
  NOTIFY_PREFS_EMPTY,
} from '@teamchat/contracts';
import { adminWithWorkspace, nextIp, team, TestSocket } from './chat-helpers.js';

describe.each(['inprocess', 'nats'] as const)('notification preferences over %s', (transport) => {
  const block = transport === 'nats' ? 61 : 60;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let general: { id: string };

  beforeAll(async () => {
    stack = await startTestStack({ transport });
    t = await team(stack.url, block);
    other = await adminWithWorkspace(stack.url, 'Other Co', nextIp(block));
    general = (await t.admin.agent.get('/api/channels')).body[0];
  }, 120000);

  afterAll(() => stack?.close());

  it('starts at mentions, no keywords, no sound, nothing muted', async () => {
    const res = await t.bob.agent.get('/api/notification-preferences');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ level: 'mentions', keywords: [], sound: false, channels: [] });
  });

  it('changes only the fields given, keeps keywords once each in lower case, and is per member', async () => {
    const first = await t.bob.agent.patch('/api/notification-preferences').send({ level: 'all' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ level: 'all', keywords: [], sound: false, channels: [] });
    const second = await t.bob.agent
      .patch('/api/notification-preferences')
      .send({ keywords: ['Deploy', ' outage ', 'deploy'], sound: true });
    expect(second.body).toEqual({ level: 'all', keywords: ['deploy', 'outage'], sound: true, channels: [] });
    expect((await t.bob.agent.get('/api/notification-preferences')).body).toEqual(second.body);
    expect((await t.carol.agent.get('/api/notification-preferences')).body.level).toBe('mentions');
  });

  it('refuses bad input with a message, never a 500', async () => {
    const cases: [object, string][] = [
      [{}, NOTIFY_PREFS_EMPTY],
      [{ level: 'loud' }, NOTIFY_LEVEL_MESSAGE],
      [{ keywords: ['x'] }, NOTIFY_KEYWORDS_MESSAGE],
      [{ keywords: Array.from({ length: 21 }, (_, i) => `word${i}`) }, NOTIFY_KEYWORDS_MESSAGE],
      [{ keywords: 'deploy' }, NOTIFY_KEYWORDS_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const res = await t.carol.agent.patch('/api/notification-preferences').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const channel = await t.carol.agent.patch(`/api/channels/${general.id}/notification-preferences`).send({
      level: 'sometimes',
    });
    expect(channel.status).toBe(400);
    expect(channel.body.error).toBe(CHANNEL_NOTIFY_LEVEL_MESSAGE);
  });

  it('gives a channel its own level or mutes it, and lists only channels that differ', async () => {
    const muted = await t.carol.agent
      .patch(`/api/channels/${general.id}/notification-preferences`)
      .send({ muted: true });
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({ channelId: general.id, level: 'default', muted: true });
    const leveled = await t.carol.agent
      .patch(`/api/channels/${general.id}/notification-preferences`)
      .send({ level: 'nothing' });
    expect(leveled.body).toEqual({ channelId: general.id, level: 'nothing', muted: true });
    expect((await t.carol.agent.get('/api/notification-preferences')).body.channels).toEqual([leveled.body]);
    await t.carol.agent
      .patch(`/api/channels/${general.id}/notification-preferences`)
      .send({ level: 'default', muted: false });
    expect((await t.carol.agent.get('/api/notification-preferences')).body.channels).toEqual([]);
  });

  it("answers 404 for another workspace's channel, a foreign DM and a malformed id", async () => {
    const foreign = (await other.agent.get('/api/channels')).body[0];
    const dm = await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id });
    expect(dm.status).toBeLessThan(300);
    for (const id of [foreign.id, dm.body.id, 'not-a-channel']) {
      const res = await t.carol.agent.patch(`/api/channels/${id}/notification-preferences`).send({ muted: true });
      expect(res.status).toBe(404);
    }
    expect((await t.carol.agent.get('/api/notification-preferences')).body.channels).toEqual([]);
  });

  describe('GET /api/mentions', () => {
    it('lists mentions, @channel/@everyone and reactions to your messages, newest first, with unread state', async () => {
      const post = (who: typeof t.bob, content: string, channelId = general.id) =>
        who.agent.post(`/api/channels/${channelId}/messages`).send({ content });
      const carol = t.carol.user.username;
      await post(t.bob, `@${carol} can you look?`);
      await post(t.bob, `mail ${carol}@example.com or @${carol}x`);
      await post(t.admin, '@here quick one');
      await post(t.admin, 'standup in 5 @channel');
      const mine = await post(t.carol, 'my own @channel note');
      // a DM between two others that names Carol stays theirs
      const dm = await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id });
      await post(t.admin, `@${carol} secret`, dm.body.id);
      // another workspace that happens to use the name
      const foreign = (await other.agent.get('/api/channels')).body[0];
      await other.agent.post(`/api/channels/${foreign.id}/messages`).send({ content: `@${carol} hello` });
      const reacted = await t.admin.agent.post(`/api/messages/${mine.body.id}/reactions`).send({ reactionId: '👍' });
      expect(reacted.status).toBe(200);

      const res = await t.carol.agent.get('/api/mentions');
      expect(res.status).toBe(200);
      expect(res.body.items.map((i: { kind: string; content: string }) => [i.kind, i.content])).toEqual([
        ['reaction', 'my own @channel note'],
        ['channel', 'standup in 5 @channel'],
        ['mention', `@${carol} can you look?`],
      ]);
      expect(res.body.items[0]).toMatchObject({
        reactionId: '👍',
        userId: t.admin.user.id,
        username: t.admin.user.username,
        channelName: '#general',
        unread: true,
      });
      // the badge counts mentions only: the reaction is listed, and not counted
      expect(res.body).toMatchObject({ unread: 2, nextBefore: null });

      const read = await t.carol.agent.post('/api/mentions/read');
      expect(read.status).toBe(200);
      const after = await t.carol.agent.get('/api/mentions');
      expect(after.body.unread).toBe(0);
      expect(after.body.items.every((i: { unread: boolean }) => !i.unread)).toBe(true);
      await post(t.bob, `again @${carol}`);
      expect((await t.carol.agent.get('/api/mentions')).body.unread).toBe(1);
    });

    it('reads the mentions of a channel when it is read, and tells the reader’s other sockets', async () => {
      const dan = t.bob;
      const dm = (await t.admin.agent.post('/api/dm').send({ userId2: dan.user.id })).body as { id: string };
      await dan.agent.post('/api/mentions/read');
      const socket = await TestSocket.joined(stack.url, dan);
      try {
        await t.admin.agent.post(`/api/channels/${dm.id}/messages`).send({ content: `@${dan.user.username} ping` });
        await t.admin.agent
          .post(`/api/channels/${general.id}/messages`)
          .send({ content: `@${dan.user.username} pong` });
        const before = (await dan.agent.get('/api/mentions')).body;
        expect(before.unread).toBe(2);

        expect((await dan.agent.post(`/api/channels/${dm.id}/read`)).status).toBeLessThan(300);
        const frame = await socket.next('read', (f) => f.channelId === dm.id);
        expect(frame).toMatchObject({ type: 'read', channelId: dm.id, lastReadAt: expect.any(String) });
        const after = (await dan.agent.get('/api/mentions')).body;
        expect(after.unread).toBe(1);
        const items = after.items as { channelId: string; unread: boolean; content: string }[];
        expect(items.find((i) => i.channelId === dm.id)?.unread).toBe(false);
        expect(items.find((i) => i.content.endsWith('pong'))?.unread).toBe(true);
        // a second read of a channel with nothing new moves no mark and sends nothing
        await dan.agent.post(`/api/channels/${dm.id}/read`);
        await dan.agent.post(`/api/channels/${general.id}/read`);
        await socket.next('read', (f) => f.channelId === general.id);
        expect(socket.of('read').filter((f) => f.channelId === dm.id)).toHaveLength(1);
        expect((await dan.agent.get('/api/mentions')).body.unread).toBe(0);
      } finally {
        await socket.close();
      }
    });

    it('pages with before and refuses a bad cursor with a message', async () => {
      const first = await t.carol.agent.get('/api/mentions');
      const older = await t.carol.agent.get(`/api/mentions?before=${encodeURIComponent(first.body.items[0].at)}`);
      expect(older.status).toBe(200);
      expect(older.body.items.map((i: { messageId: string }) => i.messageId)).toEqual(
        first.body.items.slice(1).map((i: { messageId: string }) => i.messageId),
      );
      const bad = await t.carol.agent.get('/api/mentions?before=yesterday');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(MENTIONS_CURSOR_MESSAGE);
    });

    it('refuses a before Postgres cannot read like a bad cursor: the year 0000, an offset beyond ±15:59', async () => {
      for (const before of ['0000-01-01T00:00:00Z', '2024-01-01T00:00:00+23:59', '2024-01-01T00:00:00-16:00']) {
        const res = await t.carol.agent.get('/api/mentions').query({ before });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: MENTIONS_CURSOR_MESSAGE, code: 'VALIDATION.FAILED' });
      }
      const earliest = await t.carol.agent.get('/api/mentions').query({ before: '0001-01-01T00:00:00+15:59' });
      expect(earliest.status).toBe(200);
      expect(earliest.body.items).toEqual([]);
    });
  });

  describe('whole-channel mentions in large channels', () => {
    it('are open to everyone by default; an admin may keep them to admins above a size, members may not', async () => {
      expect((await t.bob.agent.get('/api/broadcast-mentions')).body).toEqual({
        adminsOnlyInLargeChannels: false,
        largeChannelMembers: 20,
      });
      const refused = await t.bob.agent.put('/api/broadcast-mentions').send({ adminsOnlyInLargeChannels: true });
      expect(refused.status).toBe(403);
      const bad = await t.admin.agent
        .put('/api/broadcast-mentions')
        .send({ adminsOnlyInLargeChannels: true, largeChannelMembers: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(LARGE_CHANNEL_MESSAGE);
      // three members here: "large" from two on, for the test
      const set = await t.admin.agent
        .put('/api/broadcast-mentions')
        .send({ adminsOnlyInLargeChannels: true, largeChannelMembers: 2 });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ adminsOnlyInLargeChannels: true, largeChannelMembers: 2 });
    });

    it('then refuse @channel, @everyone and @here from a member in a large channel, and store nothing', async () => {
      const refused = ['@channel standup at nine', 'hey @everyone', 'ping @here now'];
      for (const content of refused) {
        const res = await t.bob.agent.post(`/api/channels/${general.id}/messages`).send({ content });
        expect(res.status).toBe(403);
        expect(res.body.error).toBe(broadcastMentionRestricted(2));
      }
      const page = await t.bob.agent.get(`/api/channels/${general.id}/messages?limit=200`);
      expect(page.body.filter((m: { content: string }) => refused.includes(m.content))).toEqual([]);
      // the admin may; a member may in a DM of two; and a mention of a person is never restricted
      expect(
        (await t.admin.agent.post(`/api/channels/${general.id}/messages`).send({ content: '@channel standup' })).status,
      ).toBe(201);
      const dm = await t.bob.agent.post('/api/dm').send({ userId2: t.carol.user.id });
      expect(
        (await t.bob.agent.post(`/api/channels/${dm.body.id}/messages`).send({ content: '@here lunch?' })).status,
      ).toBe(201);
      expect(
        (
          await t.bob.agent
            .post(`/api/channels/${general.id}/messages`)
            .send({ content: `@${t.carol.user.username} and mail@channel.example` })
        ).status,
      ).toBe(201);
      // allowed again for everyone
      await t.admin.agent.put('/api/broadcast-mentions').send({ adminsOnlyInLargeChannels: false });
      expect(
        (await t.bob.agent.post(`/api/channels/${general.id}/messages`).send({ content: '@channel done' })).status,
      ).toBe(201);
    });
  });
});
