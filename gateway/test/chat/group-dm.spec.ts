// Group DMs through the gateway (issue 62): POST /api/dm with userIds, its refusals, and everything a 1:1 DM does —
// messages, live frames, typing, replay with `since`, unread, mentions, threads, reactions, pins, files, search — for
// all its people and nobody else.
import {
  attachmentPathFromUploadUrl,
  DM_ONE_OR_GROUP,
  DM_USER_REQUIRED,
  GROUP_DM_DUPLICATE,
  GROUP_DM_SELF,
  GROUP_DM_SIZE,
} from '@teamchat/contracts';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { waitFor } from '@teamchat/testing';
import {
  adminWithWorkspace,
  joinAsMember,
  nextIp,
  team,
  TestSocket,
  TRANSPORT_VARIANTS,
  uploadChatImage,
  type Person,
} from './chat-helpers.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Channel {
  id: string;
  type: string;
  participantIds: string[];
}

describe.each(TRANSPORT_VARIANTS)('group DMs (%s)', (_name, transport, env) => {
  const block = transport === 'nats' ? 131 : 130;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  /** A member of the workspace who is in none of the group DMs below. */
  let dave: Person;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  const sockets: TestSocket[] = [];

  const join = async (person: Person, since?: string) => {
    const s = await TestSocket.joined(stack.url, person, since);
    sockets.push(s);
    return s;
  };
  const open = (by: Person, body: object) => by.agent.post('/api/dm').send(body);
  const post = async (by: Person, channelId: string, body: object) => {
    const res = await by.agent.post(`/api/channels/${channelId}/messages`).send(body);
    expect(res.status).toBe(201);
    return res.body as { id: string; content: string };
  };
  const dmIds = async (who: Person) => ((await who.agent.get('/api/dm')).body as Channel[]).map((c) => c.id);

  beforeAll(async () => {
    stack = await startTestStack({ transport, env });
    t = await team(stack.url, block);
    dave = await joinAsMember(stack.url, t.admin.agent, {}, nextIp(block));
    other = await adminWithWorkspace(stack.url, 'Other Co', nextIp(block));
  }, 120000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(() => stack?.close());

  describe('POST /api/dm with userIds', () => {
    it('creates one DM per set of people: any order, any of them starting it, returns the existing one', async () => {
      const first = await open(t.admin, { userIds: [t.bob.user.id, t.carol.user.id] });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ type: 'direct', icon: 'MessageCircle', workspaceId: t.workspaceId });
      expect([...first.body.participantIds].sort()).toEqual([t.admin.user.id, t.bob.user.id, t.carol.user.id].sort());
      const reordered = await open(t.admin, { userIds: [t.carol.user.id, t.bob.user.id] });
      const byCarol = await open(t.carol, { userIds: [t.bob.user.id, t.admin.user.id.toUpperCase()] });
      expect([reordered.body.id, byCarol.body.id]).toEqual([first.body.id, first.body.id]);
      for (const member of [t.admin, t.bob, t.carol]) expect(await dmIds(member)).toContain(first.body.id);
      expect(await dmIds(dave)).not.toContain(first.body.id);
      expect(((await t.bob.agent.get('/api/channels')).body as Channel[]).map((c) => c.id)).not.toContain(
        first.body.id,
      );
      // the 1:1 DM of two of them is another conversation, found by userId2 as always
      const pair = await open(t.admin, { userId2: t.bob.user.id });
      expect(pair.body.id).not.toBe(first.body.id);
      expect((await open(t.bob, { userId2: t.admin.user.id })).body.id).toBe(pair.body.id);
    });

    it('refuses bad lists with a 400 and a message, and anyone outside the workspace with a 404, creating nothing', async () => {
      const before = await dmIds(t.admin);
      const nine = Array.from({ length: 9 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
      const cases: [object, number, string][] = [
        [{ userIds: nine }, 400, GROUP_DM_SIZE],
        [{ userIds: [t.bob.user.id] }, 400, GROUP_DM_SIZE],
        [{ userIds: [] }, 400, GROUP_DM_SIZE],
        [{ userIds: [t.bob.user.id, t.carol.user.id, t.bob.user.id] }, 400, GROUP_DM_DUPLICATE],
        [{ userIds: [t.bob.user.id, t.bob.user.id.toUpperCase()] }, 400, GROUP_DM_DUPLICATE],
        [{ userIds: [t.bob.user.id, t.admin.user.id] }, 400, GROUP_DM_SELF],
        [{ userId2: t.bob.user.id, userIds: [t.bob.user.id, t.carol.user.id] }, 400, DM_ONE_OR_GROUP],
        [{}, 400, DM_USER_REQUIRED],
        [{ userIds: 'nope' }, 400, 'userIds must be a list of user ids'],
        [{ userIds: [t.bob.user.id, other.user.id] }, 404, 'User not found in this workspace'],
        [{ userIds: [t.bob.user.id, 'garbage'] }, 404, 'User not found in this workspace'],
      ];
      for (const [body, status, error] of cases) {
        const res = await open(t.admin, body);
        expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status, error });
      }
      expect(await dmIds(t.admin)).toEqual(before);
    });
  });

  describe('in a group DM of admin, bob and carol', () => {
    let dm: Channel;

    beforeAll(async () => {
      dm = (await open(t.bob, { userIds: [t.admin.user.id, t.carol.user.id] })).body as Channel;
    });

    it('delivers messages and typing live to every participant and to nobody else', async () => {
      const [a, b, c, d] = await Promise.all([join(t.admin), join(t.bob), join(t.carol), join(dave)]);
      await post(t.admin, dm.id, { content: 'group over http' });
      c.send({ type: 'message', channelId: dm.id, userId: t.carol.user.id, content: 'group over the socket' });
      b.send({ type: 'typing', channelId: dm.id, userId: t.bob.user.id, isTyping: true });
      for (const s of [a, b, c]) {
        for (const content of ['group over http', 'group over the socket']) {
          await s.next('message', (f) => (f.message as { content: string }).content === content);
        }
      }
      for (const s of [a, c]) await s.next('typing', (f) => f.channelId === dm.id);
      // frames reach a socket in order: once dave has this later message, nothing of the DM is coming to him
      const general = ((await t.admin.agent.get('/api/channels')).body as Channel[])[0]!.id;
      await post(t.admin, general, { content: 'marker for dave' });
      await d.next('message', (f) => (f.message as { content: string }).content === 'marker for dave');
      expect(d.messages().map((m) => m.channelId)).not.toContain(dm.id);
      expect(d.of('typing')).toEqual([]);
      const stored = (await t.carol.agent.get(`/api/channels/${dm.id}/messages`)).body as { content: string }[];
      expect(stored.map((m) => m.content)).toEqual(
        expect.arrayContaining(['group over http', 'group over the socket']),
      );
    });

    it('replays what a participant missed while away when they come back with `since`, and nothing of it to anyone else', async () => {
      const [c, d] = await Promise.all([join(t.carol), join(dave)]);
      await post(t.admin, dm.id, { content: 'seen before the drop' });
      const seen = await c.next(
        'message',
        (f) => (f.message as { content: string }).content === 'seen before the drop',
      );
      const since = (seen.message as { createdAt: string }).createdAt;
      await Promise.all([c.close(), d.close()]);
      const missed = await post(t.bob, dm.id, { content: 'missed while away' });
      const [back, outsider] = await Promise.all([join(t.carol, since), join(dave, since)]);
      expect(back.messages().map((m) => m.id)).toEqual([missed.id]);
      expect(outsider.messages().map((m) => m.channelId)).not.toContain(dm.id);
    });

    it('counts unread per participant and lists mentions under the other members’ names', async () => {
      for (const who of [t.admin, t.bob, t.carol]) await who.agent.post(`/api/channels/${dm.id}/read`);
      await post(t.admin, dm.id, { content: `@${t.carol.user.username} unread one` });
      await post(t.admin, dm.id, { content: 'unread two' });
      const unreadOf = async (who: Person) =>
        ((await who.agent.get('/api/unread')).body as { channelId: string; count: number }[]).find(
          (u) => u.channelId === dm.id,
        )?.count ?? 0;
      expect([await unreadOf(t.bob), await unreadOf(t.carol), await unreadOf(t.admin)]).toEqual([2, 2, 0]);
      expect(
        ((await dave.agent.get('/api/unread')).body as { channelId: string }[]).map((u) => u.channelId),
      ).not.toContain(dm.id);

      const mentions = (await t.carol.agent.get('/api/mentions')).body as {
        items: { content: string; channelId: string; channelName: string }[];
      };
      const item = mentions.items.find((i) => i.content === `@${t.carol.user.username} unread one`);
      expect(item).toMatchObject({ channelId: dm.id });
      expect(item!.channelName.split(', ').sort()).toEqual([t.admin.user.username, t.bob.user.username].sort());
      // a participant's own choice for this DM's notifications, and none for anyone else
      const pref = await t.bob.agent.patch(`/api/channels/${dm.id}/notification-preferences`).send({ muted: true });
      expect(pref.status).toBe(200);
      expect(
        (await dave.agent.patch(`/api/channels/${dm.id}/notification-preferences`).send({ muted: true })).status,
      ).toBe(404);
    });

    it('threads, reactions and pins work for every participant, live, and answer 404 to anyone else', async () => {
      const [a, b, c, d] = await Promise.all([join(t.admin), join(t.bob), join(t.carol), join(dave)]);
      const root = await post(t.bob, dm.id, { content: 'a group thread root' });
      await post(t.carol, dm.id, { content: 'a group reply', threadId: root.id });
      const thread = await t.admin.agent.get(`/api/messages/${root.id}/thread`);
      expect(thread.status).toBe(200);
      expect(thread.body.root.thread?.replyCount).toBe(1);
      expect((await t.admin.agent.post(`/api/messages/${root.id}/reactions`).send({ emoji: '🎉' })).status).toBe(200);
      for (const s of [a, b, c]) await s.next('reactions', (f) => f.messageId === root.id);
      expect((await t.carol.agent.post(`/api/messages/${root.id}/pin`)).status).toBeLessThan(300);
      expect(
        ((await t.bob.agent.get(`/api/channels/${dm.id}/pins`)).body as { id: string }[]).map((m) => m.id),
      ).toEqual([root.id]);

      const refused = [
        await dave.agent.get(`/api/channels/${dm.id}/messages`),
        await dave.agent.post(`/api/channels/${dm.id}/messages`).send({ content: 'let me in' }),
        await dave.agent.get(`/api/messages/${root.id}/thread`),
        await dave.agent.post(`/api/channels/${dm.id}/messages`).send({ content: 'me too', threadId: root.id }),
        await dave.agent.post(`/api/messages/${root.id}/reactions`).send({ emoji: '👀' }),
        await dave.agent.get(`/api/channels/${dm.id}/pins`),
        await dave.agent.get(`/api/messages/${root.id}`),
        await other.agent.get(`/api/channels/${dm.id}/messages`),
      ];
      expect(refused.map((r) => r.status)).toEqual(refused.map(() => 404));
      d.send({ type: 'message', channelId: dm.id, userId: dave.user.id, content: 'over the socket' });
      expect(await d.next('error')).toMatchObject({ code: 'CHAT.CHANNEL_NOT_FOUND' });
      expect(d.of('reactions').map((f) => f.messageId)).not.toContain(root.id);
    });

    it('lets every participant read an image and a file posted in it, and answers 404 to anyone else', async () => {
      const image = (await uploadChatImage(t.carol.agent, 'message')).address;
      const ticket = await t.carol.agent
        .post('/api/messages/upload')
        .send({ filename: 'plan.pdf', contentType: 'application/pdf', size: PDF.length });
      const uploadURL = (ticket.body as { uploadURL: string }).uploadURL;
      await fetch(uploadURL, { method: 'PUT', body: PDF, headers: { 'content-type': 'application/pdf' } });
      const file = attachmentPathFromUploadUrl(uploadURL)!;
      await post(t.carol, dm.id, { content: 'the plan', imageUrl: image, fileUrl: file });
      for (const path of [image, file]) {
        const read = await Promise.all([t.admin, t.bob, t.carol, dave, other].map((p) => p.agent.get(path)));
        expect(read.map((r) => r.status)).toEqual([200, 200, 200, 404, 404]);
      }
    });

    it('finds its messages for every participant, under the other members’ names, and never for anyone else', async () => {
      await post(t.carol, dm.id, { content: 'the wombat plan' });
      const search = async (who: Person) =>
        (await who.agent.get('/api/messages/search').query({ q: 'wombat' })).body as {
          channelId: string;
          channelName: string;
        }[];
      const hit = await waitFor(async () => {
        const found = (await search(t.admin)).filter((r) => r.channelId === dm.id);
        return found[0];
      });
      expect(hit!.channelName.split(', ').sort()).toEqual([t.bob.user.username, t.carol.user.username].sort());
      expect((await search(t.bob)).map((r) => r.channelId)).toContain(dm.id);
      expect((await search(dave)).map((r) => r.channelId)).not.toContain(dm.id);
    });
  });
});
