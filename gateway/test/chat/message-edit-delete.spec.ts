// Editing and deleting messages (issue 18): PATCH/DELETE /api/messages/{id}, who may, tombstones of thread roots, the
// root's summary after a reply goes, live frames and their replay, search over edits, and a deleted attachment.
import request from 'supertest';
import { testPool, waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { MESSAGE_EMPTY, MESSAGE_TOO_LONG, WORKSPACE_READ_ONLY_MESSAGE, type Message } from '@teamchat/contracts';
import {
  adminWithWorkspace,
  nextIp,
  team,
  TestSocket,
  uploadChatImage,
  type Agent,
  type Person,
  TRANSPORT_VARIANTS,
} from './chat-helpers.js';

describe.each(TRANSPORT_VARIANTS)('editing and deleting messages (%s)', (_name, transport, env) => {
  const block = transport === 'nats' ? 81 : 80;
  let stack: TestStack;
  let db: ReturnType<typeof testPool>;
  let t: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let general: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ transport, env });
    db = testPool(stack.databaseUrl);
    t = await team(stack.url, block);
    other = await adminWithWorkspace(stack.url, 'Other Co', nextIp(block));
    general = (await t.admin.agent.get('/api/channels')).body[0].id;
  }, 120000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  const join = async (person: Person, since?: string | number) => {
    const s = await TestSocket.joined(stack.url, person, since);
    sockets.push(s);
    return s;
  };
  const post = async (agent: Agent, content: string, channelId = general, imageUrl?: string): Promise<Message> => {
    const res = await agent.post(`/api/channels/${channelId}/messages`).send({ content, imageUrl });
    expect(res.status).toBe(201);
    return res.body as Message;
  };
  const edit = (agent: Agent, id: string, content: unknown) => agent.patch(`/api/messages/${id}`).send({ content });
  const remove = (agent: Agent, id: string) => agent.delete(`/api/messages/${id}`);
  const page = async (agent: Agent, channelId = general) =>
    (await agent.get(`/api/channels/${channelId}/messages?limit=200`)).body as Message[];
  const search = async (agent: Agent, q: string) =>
    ((await agent.get('/api/messages/search').query({ q })).body as { id: string; content: string }[]).map((r) => r.id);
  /** A thread reply, written the way the thread API stores one: the reply names its root, the root counts it. */
  const reply = async (root: Message, author: Person, content: string, at: Date): Promise<string> => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO "chat"."message" ("workspace_id", "channel_id", "user_id", "content", "thread_id", "created_at", "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING "id"`,
      [t.workspaceId, root.channelId, author.user.id, content, root.id, at],
    );
    await db.query(
      `UPDATE "chat"."message" SET "reply_count" = "reply_count" + 1,
         "last_reply_at" = greatest("last_reply_at", $2),
         "reply_user_ids" = array_prepend($3::uuid, array_remove("reply_user_ids", $3::uuid))
       WHERE "id" = $1`,
      [root.id, at, author.user.id],
    );
    return rows[0].id;
  };

  describe('PATCH /api/messages/{id}', () => {
    it('lets the author change the content: editedAt and updatedAt move, the page shows the new text', async () => {
      const sent = await post(t.bob.agent, 'first draft');
      const res = await edit(t.bob.agent, sent.id, 'second draft');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: sent.id,
        channelId: general,
        userId: t.bob.user.id,
        username: t.bob.user.username,
        content: 'second draft',
        createdAt: sent.createdAt,
        editedAt: expect.any(String),
        reactions: [],
      });
      // the edit is the message's latest change: updatedAt (the workspace's change clock) is past its creation, and
      // never before the edit time
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(sent.updatedAt!));
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(res.body.editedAt));
      const held = (await page(t.carol.agent)).find((m) => m.id === sent.id);
      expect(held).toMatchObject({ content: 'second draft', editedAt: res.body.editedAt });
    });

    it('refuses every other member with 403, the admin included, and changes nothing', async () => {
      const sent = await post(t.bob.agent, 'only bob may change this');
      for (const person of [t.carol, t.admin]) {
        const res = await edit(person.agent, sent.id, 'hijacked');
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: 'You can only edit your own messages', code: 'AUTH.FORBIDDEN' });
      }
      const held = (await page(t.bob.agent)).find((m) => m.id === sent.id);
      expect(held).toMatchObject({ content: 'only bob may change this' });
      expect(held?.editedAt).toBeUndefined();
    });

    it("answers 404 for another workspace's message, a DM the caller is not in, an unknown or malformed id", async () => {
      const sent = await post(t.bob.agent, 'ours');
      const { body: dm } = await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id });
      const inDm = await post(t.bob.agent, 'between admin and bob', dm.id);
      const cases = [
        [other.agent, sent.id],
        [t.carol.agent, inDm.id],
        [t.bob.agent, '00000000-0000-4000-8000-000000000000'],
        [t.bob.agent, 'not-an-id'],
      ] as const;
      for (const [agent, id] of cases) {
        const res = await edit(agent, id, 'nope');
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Message not found', code: 'CHAT.MESSAGE_NOT_FOUND' });
      }
      expect((await edit(t.bob.agent, inDm.id, 'bob may, in his DM')).status).toBe(200);
    });

    it(`validates the content like a new message: "${MESSAGE_EMPTY}" unless there is an attachment`, async () => {
      const sent = await post(t.bob.agent, 'some text');
      for (const content of ['', '   ']) {
        const res = await edit(t.bob.agent, sent.id, content);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: MESSAGE_EMPTY, code: 'VALIDATION.FAILED' });
      }
      const long = await edit(t.bob.agent, sent.id, 'x'.repeat(4001));
      expect(long.status).toBe(400);
      expect(long.body.error).toBe(MESSAGE_TOO_LONG);
      for (const content of [undefined, 42, null]) expect((await edit(t.bob.agent, sent.id, content)).status).toBe(400);

      const { address } = await uploadChatImage(t.bob.agent, 'message');
      const pictured = await post(t.bob.agent, 'caption', general, address);
      const blanked = await edit(t.bob.agent, pictured.id, '  ');
      expect(blanked.status).toBe(200);
      expect(blanked.body).toMatchObject({ content: null, imageUrl: address, editedAt: expect.any(String) });
    });

    it('finds edited text in search, and no longer the old text', async () => {
      const sent = await post(t.bob.agent, 'quokkas everywhere');
      await waitFor(async () => (await search(t.carol.agent, 'quokkas')).includes(sent.id));
      expect((await edit(t.bob.agent, sent.id, 'wombats everywhere')).status).toBe(200);
      expect(await search(t.carol.agent, 'wombats')).toContain(sent.id);
      expect(await search(t.carol.agent, 'quokkas')).not.toContain(sent.id);
    });
  });

  describe('DELETE /api/messages/{id}', () => {
    it('lets the author delete: 204 without a body, gone from pages and search, no longer editable', async () => {
      const sent = await post(t.bob.agent, 'a regrettable marmoset remark');
      expect(await search(t.carol.agent, 'marmoset')).toContain(sent.id);
      const res = await remove(t.bob.agent, sent.id);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await page(t.carol.agent)).map((m) => m.id)).not.toContain(sent.id);
      expect(await search(t.carol.agent, 'marmoset')).not.toContain(sent.id);
      expect((await edit(t.bob.agent, sent.id, 'back?')).status).toBe(404);
      expect((await remove(t.bob.agent, sent.id)).status).toBe(404);
      const row = await db.query(
        `SELECT "content", "deleted_at", "updated_at" > "created_at" AS "moved" FROM "chat"."message" WHERE "id" = $1`,
        [sent.id],
      );
      expect(row.rows[0]).toMatchObject({ content: null, deleted_at: expect.any(Date), moved: true });
    });

    it("lets a workspace admin delete anyone's message, and refuses any other member with 403", async () => {
      const sent = await post(t.bob.agent, 'moderate me');
      const refused = await remove(t.carol.agent, sent.id);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'You can only delete your own messages', code: 'AUTH.FORBIDDEN' });
      expect((await page(t.carol.agent)).map((m) => m.id)).toContain(sent.id);
      expect((await remove(t.admin.agent, sent.id)).status).toBe(204);
      expect((await page(t.carol.agent)).map((m) => m.id)).not.toContain(sent.id);
    });

    it("answers 404 for another workspace's message and for a DM the caller is not in", async () => {
      const sent = await post(t.bob.agent, 'not theirs to delete');
      expect((await remove(other.agent, sent.id)).status).toBe(404);
      const { body: dm } = await t.bob.agent.post('/api/dm').send({ userId2: t.carol.user.id });
      const inDm = await post(t.bob.agent, 'bob to carol', dm.id);
      // not even the admin reads a DM between two others
      expect((await remove(t.admin.agent, inDm.id)).status).toBe(404);
      expect((await page(t.bob.agent)).map((m) => m.id)).toContain(sent.id);
    });

    it('keeps a root with thread replies as a tombstone, and recounts the root when a reply goes', async () => {
      const root = await post(t.bob.agent, 'start of a thread');
      const base = Date.now();
      const first = await reply(root, t.carol, 'carol replies', new Date(base + 1000));
      const second = await reply(root, t.admin, 'admin replies', new Date(base + 2000));
      const c = await join(t.carol);

      expect((await remove(t.bob.agent, root.id)).status).toBe(204);
      const tombstone = (await page(t.carol.agent)).find((m) => m.id === root.id);
      expect(tombstone).toMatchObject({
        deleted: true,
        content: null,
        imageUrl: null,
        thread: { replyCount: 2, replierIds: [t.admin.user.id, t.carol.user.id] },
      });
      const updated = await c.next('message_updated', (f) => (f.message as Message).id === root.id);
      expect(updated.message).toMatchObject({ deleted: true, content: null, thread: { replyCount: 2 } });
      expect((await edit(t.bob.agent, root.id, 'revive')).status).toBe(404);

      // the newest reply goes: one reply left, its author and time are the summary now
      expect((await remove(t.admin.agent, second)).status).toBe(204);
      const gone = await c.next('message_deleted', (f) => f.messageId === second);
      expect(gone).toEqual({ type: 'message_deleted', messageId: second, channelId: general, threadId: root.id });
      const recounted = await c.next(
        'message_updated',
        (f) => (f.message as Message).id === root.id && (f.message as Message).thread?.replyCount === 1,
      );
      expect((recounted.message as Message).thread).toEqual({
        replyCount: 1,
        lastReplyAt: new Date(base + 1000).toISOString(),
        replierIds: [t.carol.user.id],
      });

      // the last reply goes: the tombstone has nothing left to hold and disappears too
      expect((await remove(t.carol.agent, first)).status).toBe(204);
      await c.next('message_deleted', (f) => f.messageId === root.id);
      expect((await page(t.carol.agent)).map((m) => m.id)).not.toContain(root.id);
    });

    it('stops serving the attachment of a deleted message', async () => {
      const { address } = await uploadChatImage(t.bob.agent, 'message');
      const pictured = await post(t.bob.agent, 'look at this', general, address);
      expect((await t.carol.agent.get(address)).status).toBe(200);
      expect((await remove(t.admin.agent, pictured.id)).status).toBe(204);
      expect((await t.carol.agent.get(address)).status).toBe(404);
      expect((await t.bob.agent.get(address)).status).toBe(404);
      // another member cannot repeat an attachment in their own message (see attachment-access.spec.ts), so deleting
      // theirs never takes down the uploader's
      const { address: bobs } = await uploadChatImage(t.bob.agent, 'message');
      await post(t.bob.agent, 'original', general, bobs);
      const copy = await t.carol.agent
        .post(`/api/channels/${general}/messages`)
        .send({ content: 'repeated', imageUrl: bobs });
      expect(copy.status).toBe(400);
      expect((await t.bob.agent.get(bobs)).status).toBe(200);
    });
  });

  describe('live', () => {
    it('sends message_updated and message_deleted to every member, and only to participants for a DM', async () => {
      const [a, b, c] = await Promise.all([join(t.admin), join(t.bob), join(t.carol)]);
      const sent = await post(t.bob.agent, 'live original');
      await edit(t.bob.agent, sent.id, 'live edited');
      for (const s of [a, b, c]) {
        const f = await s.next('message_updated', (x) => (x.message as Message).id === sent.id);
        expect(f.message).toMatchObject({ content: 'live edited', editedAt: expect.any(String) });
      }
      await remove(t.bob.agent, sent.id);
      for (const s of [a, b, c])
        expect(await s.next('message_deleted', (x) => x.messageId === sent.id)).toEqual({
          type: 'message_deleted',
          messageId: sent.id,
          channelId: general,
          threadId: null,
        });

      const { body: dm } = await t.bob.agent.post('/api/dm').send({ userId2: t.admin.user.id });
      const secret = await post(t.bob.agent, 'dm original', dm.id);
      await edit(t.bob.agent, secret.id, 'dm edited');
      await a.next('message_updated', (x) => (x.message as Message).id === secret.id);
      const marker = await post(t.bob.agent, 'marker after the dm edit');
      await c.next('message', (x) => (x.message as Message).id === marker.id);
      expect(c.of('message_updated').map((f) => (f.message as Message).id)).not.toContain(secret.id);
    });

    it('replays edits and deletes missed while disconnected as message_updated and message_deleted', async () => {
      const kept = await post(t.admin.agent, 'will be edited while carol is away');
      const doomed = await post(t.admin.agent, 'will be deleted while carol is away');
      const c = await join(t.carol);
      const marker = await post(t.admin.agent, 'seen before the drop');
      const seen = await c.next('message', (f) => (f.message as Message).id === marker.id);
      await c.close();

      await edit(t.admin.agent, kept.id, 'edited while carol was away');
      await remove(t.admin.agent, doomed.id);
      const back = await join(t.carol, (seen.message as Message).createdAt);
      expect(back.of('joined')[0]).toMatchObject({ replayed: 2 });
      expect(back.of('message_updated').map((f) => f.message)).toEqual([
        expect.objectContaining({ id: kept.id, content: 'edited while carol was away', editedAt: expect.any(String) }),
      ]);
      expect(back.of('message_deleted')).toEqual([
        { type: 'message_deleted', messageId: doomed.id, channelId: general, threadId: null },
      ]);
      expect(back.of('message')).toEqual([]);
    });
  });

  it('refuses edits in a read-only workspace like posts (402), while deleting still works', async () => {
    const ro = await team(stack.url, block);
    const channelId = (await ro.admin.agent.get('/api/channels')).body[0].id;
    const sent = await post(ro.bob.agent, 'before the trial ended', channelId);
    expect((await ro.admin.agent.post('/api/local-payments/end-trial').send({})).status).toBe(200);
    await waitFor(async () => (await edit(ro.bob.agent, sent.id, 'after')).status === 402);
    const refused = await edit(ro.bob.agent, sent.id, 'after');
    expect(refused.body).toEqual({ error: WORKSPACE_READ_ONLY_MESSAGE, code: 'BILLING.WORKSPACE_READ_ONLY' });
    expect((await remove(ro.bob.agent, sent.id)).status).toBe(204);
  });

  it('documents both routes in /api/docs', async () => {
    const doc = (await request(stack.url).get('/api/docs/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/messages/{messageId}'] ?? {})).toEqual(
      expect.arrayContaining(['patch', 'delete']),
    );
  });
});
