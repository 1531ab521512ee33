// Chat over HTTP through the gateway (spec 1 §2–§7, spec 2 §2, §7): every route, its validation and who may see what.
import request from 'supertest';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import {
  CHANNEL_NAME_EMPTY,
  IMAGE_NOT_UPLOADED_MESSAGE,
  LIMIT_MESSAGE,
  MESSAGE_CURSOR_CONFLICT,
  MESSAGE_EMPTY,
  MESSAGE_TOO_LONG,
  REACTION_NAME_MESSAGE,
  SECTION_NAME_EMPTY,
  SECTION_NOT_EMPTY_MESSAGE,
} from '@teamchat/contracts';
import { adminWithWorkspace, nextIp, signUp, team, uploadChatImage, type Agent } from './chat-helpers.js';

describe.each(['inprocess', 'nats'] as const)('chat routes over %s', (transport) => {
  const block = transport === 'nats' ? 2 : 1;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let general: { id: string; sectionId: string; order: number };

  beforeAll(async () => {
    stack = await startTestStack({ transport });
    t = await team(stack.url, block);
    other = await adminWithWorkspace(stack.url, 'Other Co', nextIp(block));
    const channels = await t.admin.agent.get('/api/channels');
    general = channels.body[0];
  }, 120000);

  afterAll(() => stack?.close());

  const uuid = '00000000-0000-4000-8000-000000000000';
  /** A search cursor as the chat service writes one, with some fields changed. */
  const searchCursor = (fields: object) =>
    Buffer.from(JSON.stringify({ s: '2024-01-01T00:00:00.000Z', a: 0, w: null, o: 0, ...fields })).toString(
      'base64url',
    );

  describe('sign-in and workspace', () => {
    it('answers 401 without a session and 404 "No active workspace" without a workspace', async () => {
      expect((await request(stack.url).get('/api/channels')).status).toBe(401);
      const { agent } = await signUp(stack.url, {}, nextIp(block));
      const res = await agent.get('/api/channels');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'No active workspace', code: 'WORKSPACE.NONE' });
    });
  });

  describe('GET/POST/DELETE /api/channel-sections', () => {
    it('gives a new workspace a default section holding #general', async () => {
      const sections = await t.bob.agent.get('/api/channel-sections');
      expect(sections.status).toBe(200);
      expect(sections.body).toHaveLength(1);
      const channels = await t.bob.agent.get('/api/channels');
      expect(channels.body).toEqual([
        expect.objectContaining({
          name: 'general',
          sectionId: sections.body[0].id,
          type: 'regular',
          icon: 'Hash',
          order: 0,
        }),
      ]);
    });

    it(`refuses a blank name with "${SECTION_NAME_EMPTY}"`, async () => {
      const res = await t.admin.agent.post('/api/channel-sections').send({ name: '   ', order: 0 });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: SECTION_NAME_EMPTY, code: 'VALIDATION.FAILED' });
    });

    it('creates a section with order 0 and deletes it while empty', async () => {
      const created = await t.admin.agent.post('/api/channel-sections').send({ name: '  Projects ', order: 0 });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Projects', order: 0, workspaceId: t.workspaceId });
      const deleted = await t.bob.agent.delete(`/api/channel-sections/${created.body.id}`);
      expect(deleted.status).toBe(200);
      expect((await t.admin.agent.get('/api/channel-sections')).body.map((s: { id: string }) => s.id)).not.toContain(
        created.body.id,
      );
    });

    it(`answers 409 "${SECTION_NOT_EMPTY_MESSAGE}" for a section that still has channels`, async () => {
      const res = await t.admin.agent.delete(`/api/channel-sections/${general.sectionId}`);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(SECTION_NOT_EMPTY_MESSAGE);
    });

    it("answers 404 for another workspace's section and for a malformed id", async () => {
      const theirs = await other.agent.post('/api/channel-sections').send({ name: 'Theirs', order: 0 });
      expect((await t.admin.agent.delete(`/api/channel-sections/${theirs.body.id}`)).status).toBe(404);
      expect((await t.admin.agent.delete('/api/channel-sections/nope')).status).toBe(404);
    });
  });

  describe('GET/POST /api/channels', () => {
    it(`refuses an empty name with "${CHANNEL_NAME_EMPTY}"`, async () => {
      for (const body of [{ name: '' }, { name: '   ' }, {}]) {
        const res = await t.admin.agent.post('/api/channels').send({ description: 'x', ...body });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(CHANNEL_NAME_EMPTY);
      }
    });

    it('creates a channel in the first section by default, with Hash for an unknown icon', async () => {
      const res = await t.admin.agent
        .post('/api/channels')
        .send({ name: 'random', description: 'Off-topic', icon: 'Rocket' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'random',
        description: 'Off-topic',
        sectionId: general.sectionId,
        icon: 'Hash',
        type: 'regular',
      });
      const known = await t.admin.agent
        .post('/api/channels')
        .send({ name: 'announcements', description: '', icon: 'Megaphone' });
      expect(known.body.icon).toBe('Megaphone');
      const names = async (agent: Agent) =>
        ((await agent.get('/api/channels')).body as { name: string }[]).map((c) => c.name);
      // the sidebar lists the channels one belongs to: the creator's, and a colleague's once they joined
      expect(await names(t.admin.agent)).toEqual(expect.arrayContaining(['general', 'random', 'announcements']));
      expect(await names(t.bob.agent)).not.toContain('random');
      expect((await t.bob.agent.post(`/api/channels/${res.body.id}/join`)).status).toBe(200);
      expect(await names(t.bob.agent)).toEqual(expect.arrayContaining(['general', 'random']));
    });

    it('answers 409 for a name already used in the workspace, but allows it in another one', async () => {
      await t.admin.agent.post('/api/channels').send({ name: 'design', description: '' });
      const dup = await t.bob.agent.post('/api/channels').send({ name: 'Design', description: '' });
      expect(dup.status).toBe(409);
      expect(dup.body.error).toBe('A channel with this name already exists.');
      expect((await other.agent.post('/api/channels').send({ name: 'design', description: '' })).status).toBe(201);
    });

    it('answers 404 for a section of another workspace', async () => {
      const theirs = await other.agent.get('/api/channel-sections');
      const res = await t.admin.agent.post('/api/channels').send({ name: 'sneaky', sectionId: theirs.body[0].id });
      expect(res.status).toBe(404);
    });
  });

  describe('PATCH /api/channels/{id}/name', () => {
    it('renames a channel with the same name rules', async () => {
      const { body: c } = await t.admin.agent.post('/api/channels').send({ name: 'to-rename', description: '' });
      const ok = await t.carol.agent.patch(`/api/channels/${c.id}/name`).send({ name: ' renamed ' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ id: c.id, name: 'renamed' });
      const empty = await t.carol.agent.patch(`/api/channels/${c.id}/name`).send({ name: ' ' });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe(CHANNEL_NAME_EMPTY);
      expect((await t.carol.agent.patch(`/api/channels/${c.id}/name`).send({ name: 'general' })).status).toBe(409);
    });

    it('refuses to rename a DM with 400, and answers 404 for unknown ids', async () => {
      const { body: dm } = await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id });
      const res = await t.admin.agent.patch(`/api/channels/${dm.id}/name`).send({ name: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Direct messages cannot be renamed.');
      expect((await t.admin.agent.patch(`/api/channels/${uuid}/name`).send({ name: 'x' })).status).toBe(404);
    });
  });

  describe('POST /api/channels/reorder', () => {
    it("moves a channel in the caller's sidebar only, keeping the orders dense and unique", async () => {
      const { body: section } = await t.admin.agent.post('/api/channel-sections').send({ name: 'Ordered', order: 5 });
      const ids: string[] = [];
      for (const name of ['o-one', 'o-two', 'o-three', 'o-four']) {
        const body = { name, description: '', sectionId: section.id, participantIds: [t.bob.user.id] };
        ids.push((await t.admin.agent.post('/api/channels').send(body)).body.id);
      }
      const inSection = async (who: typeof t.bob) =>
        ((await who.agent.get('/api/channels')).body as { sectionId: string; name: string; order: number }[])
          .filter((c) => c.sectionId === section.id)
          .map((c) => [c.name, c.order]);
      const res = await t.bob.agent.post('/api/channels/reorder').send({ channelId: ids[3], newOrder: 0 });
      expect(res.status).toBe(200);
      expect(await inSection(t.bob)).toEqual([
        ['o-four', 0],
        ['o-one', 1],
        ['o-two', 2],
        ['o-three', 3],
      ]);
      await t.bob.agent.post('/api/channels/reorder').send({ channelId: ids[3], newOrder: 99 });
      const after = await inSection(t.bob);
      expect(after.map(([, order]) => order)).toEqual([0, 1, 2, 3]);
      expect(after[3][0]).toBe('o-four');
      // the creator's sidebar is the workspace's, as it was
      expect(await inSection(t.admin)).toEqual([
        ['o-one', 0],
        ['o-two', 1],
        ['o-three', 2],
        ['o-four', 3],
      ]);
    });

    it("moves a channel into the caller's own section, which no one else sees (another's: 404)", async () => {
      const { body: mine } = await t.bob.agent
        .post('/api/channel-sections')
        .send({ name: 'Just me', order: 0, personal: true });
      expect(mine).toMatchObject({ name: 'Just me', personal: true });
      const moved = await t.bob.agent
        .post('/api/channels/reorder')
        .send({ channelId: general.id, newOrder: 0, sectionId: mine.id });
      expect(moved.status).toBe(200);
      const mineNow = (await t.bob.agent.get('/api/channels')).body.find((c: { id: string }) => c.id === general.id);
      expect(mineNow).toMatchObject({ sectionId: mine.id, order: 0 });
      const theirs = (await t.admin.agent.get('/api/channels')).body.find((c: { id: string }) => c.id === general.id);
      expect(theirs).toMatchObject({ sectionId: general.sectionId, order: general.order });
      expect((await t.admin.agent.get('/api/channel-sections')).body.map((s: { id: string }) => s.id)).not.toContain(
        mine.id,
      );
      const intoTheirs = await t.admin.agent
        .post('/api/channels/reorder')
        .send({ channelId: general.id, newOrder: 0, sectionId: mine.id });
      expect(intoTheirs.status).toBe(404);
      expect((await t.admin.agent.delete(`/api/channel-sections/${mine.id}`)).status).toBe(404);
      expect((await t.admin.agent.patch(`/api/channel-sections/${mine.id}`).send({ name: 'x' })).status).toBe(404);
      const renamed = await t.bob.agent.patch(`/api/channel-sections/${mine.id}`).send({ name: 'Focus' });
      expect(renamed.body).toMatchObject({ id: mine.id, name: 'Focus', personal: true });
      // deleted with #general in it: back where the workspace has it
      expect((await t.bob.agent.delete(`/api/channel-sections/${mine.id}`)).status).toBe(200);
      const back = (await t.bob.agent.get('/api/channels')).body.find((c: { id: string }) => c.id === general.id);
      expect(back).toMatchObject({ sectionId: general.sectionId, order: general.order });
    });

    it('validates the body and answers 404 for an unknown channel', async () => {
      const bad = await t.admin.agent.post('/api/channels/reorder').send({ channelId: general.id, newOrder: -1 });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('New order must be a whole number from 0');
      expect((await t.admin.agent.post('/api/channels/reorder').send({ channelId: uuid, newOrder: 0 })).status).toBe(
        404,
      );
    });
  });

  describe('GET/POST /api/dm', () => {
    it('creates a DM once: the same user again returns the existing channel', async () => {
      const first = await t.bob.agent.post('/api/dm').send({ userId2: t.carol.user.id });
      expect(first.body).toMatchObject({ type: 'direct', icon: 'MessageCircle', workspaceId: t.workspaceId });
      expect([...first.body.participantIds].sort()).toEqual([t.bob.user.id, t.carol.user.id].sort());
      const again = await t.bob.agent.post('/api/dm').send({ userId2: t.carol.user.id });
      const reverse = await t.carol.agent.post('/api/dm').send({ userId2: t.bob.user.id });
      expect(again.body.id).toBe(first.body.id);
      expect(reverse.body.id).toBe(first.body.id);
      expect((await t.carol.agent.get('/api/dm')).body.map((c: { id: string }) => c.id)).toContain(first.body.id);
      expect((await t.admin.agent.get('/api/dm')).body.map((c: { id: string }) => c.id)).not.toContain(first.body.id);
      expect((await t.bob.agent.get('/api/channels')).body.map((c: { id: string }) => c.id)).not.toContain(
        first.body.id,
      );
    });

    it('answers 404 for a user outside the workspace and 400 without a user', async () => {
      expect((await t.bob.agent.post('/api/dm').send({ userId2: other.user.id })).status).toBe(404);
      expect((await t.bob.agent.post('/api/dm').send({ userId2: 'garbage' })).status).toBe(404);
      const missing = await t.bob.agent.post('/api/dm').send({});
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('User is required');
    });
  });

  describe('GET/POST /api/channels/{id}/messages', () => {
    it(`refuses a message with neither text nor image with "${MESSAGE_EMPTY}", and one over 4000 characters`, async () => {
      const empty = await t.bob.agent
        .post(`/api/channels/${general.id}/messages`)
        .send({ content: '  ', imageUrl: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe(MESSAGE_EMPTY);
      const long = await t.bob.agent.post(`/api/channels/${general.id}/messages`).send({ content: 'x'.repeat(4001) });
      expect(long.status).toBe(400);
      expect(long.body.error).toBe(MESSAGE_TOO_LONG);
    });

    it('stores messages and pages them newest page first, in ascending time order', async () => {
      const { body: c } = await t.admin.agent.post('/api/channels').send({ name: 'history', description: '' });
      const sent = [];
      for (let i = 1; i <= 5; i++) {
        const res = await t.bob.agent.post(`/api/channels/${c.id}/messages`).send({ content: `n${i}` });
        expect(res.status).toBe(201);
        sent.push(res.body);
      }
      const { agentId } = (await t.bob.agent.get('/api/auth/user')).body as { agentId: string | null };
      expect(sent[0]).toEqual({
        id: expect.any(String),
        channelId: c.id,
        userId: t.bob.user.id,
        username: t.bob.user.username,
        content: 'n1',
        imageUrl: null,
        createdAt: expect.any(String),
        updatedAt: sent[0].createdAt,
        ...(agentId ? { agentId } : {}),
      });
      const page = await t.carol.agent.get(`/api/channels/${c.id}/messages?limit=2`);
      expect(page.body.map((m: { content: string }) => m.content)).toEqual(['n4', 'n5']);
      const older = await t.carol.agent.get(`/api/channels/${c.id}/messages?before=${page.body[0].id}`);
      expect(older.body.map((m: { content: string }) => m.content)).toEqual(['n1', 'n2', 'n3']);
      const all = await t.carol.agent.get(`/api/channels/${c.id}/messages`);
      expect(all.body).toHaveLength(5);
      const { address } = await uploadChatImage(t.bob.agent, 'message');
      expect(address).toMatch(new RegExp(`^/attachments/w/${t.workspaceId}/[0-9a-f-]{36}\\.png$`));
      const image = await t.bob.agent.post(`/api/channels/${c.id}/messages`).send({ imageUrl: address });
      expect(image.status).toBe(201);
      expect(image.body).toMatchObject({ content: null, imageUrl: address });
      // the stored address is where the gateway serves the image to members
      expect((await t.carol.agent.get(address)).status).toBe(200);
    });

    it('takes an image address in every equivalent form: the upload address without its query, for a message image and a custom reaction', async () => {
      const message = await uploadChatImage(t.bob.agent, 'message');
      const posted = await t.bob.agent
        .post(`/api/channels/${general.id}/messages`)
        .send({ imageUrl: message.uploadURL.split('?')[0] });
      expect(posted.status).toBe(201);
      expect(posted.body.imageUrl).toBe(message.address);
      const reaction = await uploadChatImage(t.bob.agent, 'reaction');
      const created = await t.bob.agent
        .post('/api/custom-reactions')
        .send({ name: `bare_${transport}`, imageUrl: reaction.uploadURL.split('?')[0] });
      expect(created.status).toBe(201);
      expect(created.body.imageUrl).toBe(reaction.objectPath);
    });

    describe('refuses with 400 an image that is not a checked message-image upload of the workspace, storing nothing', () => {
      const cases: [string, () => Promise<string>, string][] = [
        ['an address anywhere else', () => Promise.resolve('https://example.com/cat.png'), IMAGE_NOT_UPLOADED_MESSAGE],
        ['a made-up attachment path', () => Promise.resolve('/attachments/x.png'), IMAGE_NOT_UPLOADED_MESSAGE],
        [
          'a path with a malformed percent-escape',
          () => Promise.resolve('/attachments/%ZZ'),
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'another workspace’s message image',
          async () => (await uploadChatImage(other.agent, 'message')).address,
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'a custom reaction upload',
          async () => (await uploadChatImage(t.bob.agent, 'reaction')).address,
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'a custom reaction upload at the attachments path',
          async () => (await uploadChatImage(t.bob.agent, 'reaction')).address.replace('/objects/', '/attachments/'),
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'an upload URL handed out but never used',
          async () => (await uploadChatImage(t.bob.agent, 'message', { put: false })).address,
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'an upload refused for its bytes (the local driver never keeps them)',
          async () => (await uploadChatImage(t.bob.agent, 'message', { bytes: Buffer.from('not a picture') })).address,
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
      ];
      it.each(cases)('%s', async (_label, address, expected) => {
        const { body: c } = await t.admin.agent
          .post('/api/channels')
          .send({ name: `img-${Math.random()}`.slice(0, 20) });
        const res = await t.bob.agent
          .post(`/api/channels/${c.id}/messages`)
          .send({ content: 'look at this', imageUrl: await address() });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: expected,
          code: 'VALIDATION.FAILED',
          issues: [{ path: 'imageUrl', message: expected }],
        });
        expect((await t.bob.agent.get(`/api/channels/${c.id}/messages`)).body).toEqual([]);
      });
    });

    describe('after= and around= (opening a message where a search result points)', () => {
      let c: { id: string };
      let sent: { id: string; content: string }[];
      const contents = (res: { body: { content: string }[] }) => res.body.map((m) => m.content);
      const page = (query: string) => t.carol.agent.get(`/api/channels/${c.id}/messages?${query}`);

      beforeAll(async () => {
        c = (await t.admin.agent.post('/api/channels').send({ name: 'jump', description: '' })).body;
        sent = [];
        for (let i = 1; i <= 9; i++) {
          sent.push((await t.bob.agent.post(`/api/channels/${c.id}/messages`).send({ content: `j${i}` })).body);
        }
      });

      it('after= gives the oldest messages newer than the message, oldest first', async () => {
        expect(contents(await page(`after=${sent[2]!.id}&limit=3`))).toEqual(['j4', 'j5', 'j6']);
        expect(contents(await page(`after=${sent[6]!.id}&limit=3`))).toEqual(['j8', 'j9']);
        expect(contents(await page(`after=${sent[8]!.id}`))).toEqual([]);
      });

      it('around= gives the message with up to limit/2 older ones and the rest newer, oldest first', async () => {
        expect(contents(await page(`around=${sent[4]!.id}&limit=4`))).toEqual(['j3', 'j4', 'j5', 'j6']);
        expect(contents(await page(`around=${sent[4]!.id}&limit=5`))).toEqual(['j3', 'j4', 'j5', 'j6', 'j7']);
        expect(contents(await page(`around=${sent[4]!.id}&limit=1`))).toEqual(['j5']);
        expect(contents(await page(`around=${sent[4]!.id}`))).toEqual(sent.map((m) => m.content));
      });

      it('around= the first message has nothing older, around= the last nothing newer', async () => {
        expect(contents(await page(`around=${sent[0]!.id}&limit=4`))).toEqual(['j1', 'j2']);
        expect(contents(await page(`around=${sent[8]!.id}&limit=4`))).toEqual(['j7', 'j8', 'j9']);
      });

      it('documents every cursor in /api/docs', async () => {
        const docs = (await request(stack.url).get('/api/docs/openapi.json')).body;
        const get = docs.paths['/api/channels/{channelId}/messages'].get as {
          parameters: { name: string; in: string }[];
        };
        expect(get.parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
          expect.arrayContaining(['before', 'after', 'around', 'limit']),
        );
      });

      it(`refuses two cursors at once with "${MESSAGE_CURSOR_CONFLICT}"`, async () => {
        for (const query of [
          `before=${sent[5]!.id}&after=${sent[1]!.id}`,
          `before=${sent[5]!.id}&around=${sent[1]!.id}`,
          `after=${sent[5]!.id}&around=${sent[1]!.id}`,
        ]) {
          const res = await page(query);
          expect(res.status).toBe(400);
          expect(res.body).toMatchObject({ error: MESSAGE_CURSOR_CONFLICT, code: 'VALIDATION.FAILED' });
        }
      });

      it("refuses an unknown id, another channel's message and another workspace's message like before= does", async () => {
        const elsewhere = (await t.bob.agent.post(`/api/channels/${general.id}/messages`).send({ content: 'not here' }))
          .body.id as string;
        const theirChannel = (await other.agent.get('/api/channels')).body[0].id as string;
        const theirs = (await other.agent.post(`/api/channels/${theirChannel}/messages`).send({ content: 'secret' }))
          .body.id as string;
        for (const id of [uuid, elsewhere, theirs]) {
          for (const [cursor, error] of [
            ['before', 'Invalid before cursor'],
            ['after', 'Invalid after cursor'],
            ['around', 'Invalid around message'],
          ] as const) {
            const res = await page(`${cursor}=${id}`);
            expect(res.status).toBe(400);
            expect(res.body).toMatchObject({ error, code: 'VALIDATION.FAILED' });
          }
        }
        for (const query of ['after=nope', 'around=nope']) expect((await page(query)).status).toBe(400);
        // their channel stays not found whatever the cursor, and its message is never shown
        const foreign = await t.carol.agent.get(`/api/channels/${theirChannel}/messages?around=${theirs}`);
        expect(foreign.status).toBe(404);
        expect(foreign.body).toMatchObject({ error: 'Channel not found', code: 'CHAT.CHANNEL_NOT_FOUND' });
        expect(JSON.stringify(foreign.body)).not.toContain('secret');
      });
    });

    it('refuses a before= time Postgres cannot hold like any bad cursor, and takes the earliest it can', async () => {
      for (const before of ['not-a-time', '-271821-04-20T00:00:00Z', '-004714-11-23T00:00:00Z', '-010000-01-01']) {
        const res = await t.bob.agent.get(`/api/channels/${general.id}/messages`).query({ before });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: 'Invalid before cursor', code: 'VALIDATION.FAILED' });
      }
      const earliest = await t.bob.agent
        .get(`/api/channels/${general.id}/messages`)
        .query({ before: '-004713-11-24T00:00:00Z' });
      expect(earliest.status).toBe(200);
      expect(earliest.body).toEqual([]);
    });

    it('validates the page size (default 50, max 200)', async () => {
      const res = await t.bob.agent.get(`/api/channels/${general.id}/messages?limit=201`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(LIMIT_MESSAGE);
      expect((await t.bob.agent.get(`/api/channels/${general.id}/messages?limit=200`)).status).toBe(200);
    });

    it("answers 404 to a non-participant of a DM and for another workspace's channel", async () => {
      const { body: dm } = await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id });
      expect((await t.bob.agent.post(`/api/channels/${dm.id}/messages`).send({ content: 'hi admin' })).status).toBe(
        201,
      );
      expect((await t.carol.agent.get(`/api/channels/${dm.id}/messages`)).status).toBe(404);
      expect((await t.carol.agent.post(`/api/channels/${dm.id}/messages`).send({ content: 'let me in' })).status).toBe(
        404,
      );
      const theirs = (await other.agent.get('/api/channels')).body[0];
      const res = await t.carol.agent.get(`/api/channels/${theirs.id}/messages`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'Channel not found', code: 'CHAT.CHANNEL_NOT_FOUND' });
      expect((await t.carol.agent.post(`/api/channels/${theirs.id}/messages`).send({ content: 'x' })).status).toBe(404);
      expect((await t.carol.agent.get('/api/channels/not-a-channel/messages')).status).toBe(404);
    });

    it('returns the stored message for a repeated clientMsgId instead of a duplicate', async () => {
      const { body: c } = await t.admin.agent.post('/api/channels').send({ name: 'dedup-http', description: '' });
      const a = await t.bob.agent
        .post(`/api/channels/${c.id}/messages`)
        .send({ content: 'only once', clientMsgId: 'k-1' });
      const b = await t.bob.agent
        .post(`/api/channels/${c.id}/messages`)
        .send({ content: 'only once', clientMsgId: 'k-1' });
      expect(b.body.id).toBe(a.body.id);
      expect((await t.bob.agent.get(`/api/channels/${c.id}/messages`)).body).toHaveLength(1);
    });
  });

  describe('GET /api/messages/search', () => {
    let dmWithCarol: string;
    beforeAll(async () => {
      const post = (agent: Agent, channelId: string, content: string) =>
        agent.post(`/api/channels/${channelId}/messages`).send({ content });
      await post(t.admin.agent, general.id, 'Deploying PLT-3699 to staging');
      await post(t.admin.agent, general.id, 'Release v2.1 is out');
      await post(t.admin.agent, general.id, 'the e-mail relay is flaky');
      dmWithCarol = (await t.admin.agent.post('/api/dm').send({ userId2: t.carol.user.id })).body.id;
      await post(t.admin.agent, dmWithCarol, 'private deploy notes for carol');
      const theirs = (await other.agent.get('/api/channels')).body[0];
      await post(other.agent, theirs.id, 'their deploy of PLT-3699');
    });

    const search = async (agent: Agent, q: string) => {
      const res = await agent.get('/api/messages/search').query({ q });
      expect(res.status).toBe(200);
      return res.body as {
        id: string;
        channelId: string;
        channelName: string;
        username: string;
        content: string;
        createdAt: string;
      }[];
    };

    it('answers results with id, channelId, channelName, username, content and createdAt', async () => {
      const [hit] = await search(t.bob.agent, 'PLT-3699');
      expect(hit).toEqual({
        id: expect.any(String),
        channelId: general.id,
        channelName: 'general',
        username: t.admin.user.username,
        content: 'Deploying PLT-3699 to staging',
        createdAt: expect.any(String),
      });
    });

    it.each([
      ['PLT-3699', 'Deploying PLT-3699 to staging'],
      ['plt-36', 'Deploying PLT-3699 to staging'],
      ['v2.1', 'Release v2.1 is out'],
      ['v2', 'Release v2.1 is out'],
      ['e-mail', 'the e-mail relay is flaky'],
      ['flak', 'the e-mail relay is flaky'],
      ['deploy', 'Deploying PLT-3699 to staging'],
    ])('finds %p', async (q, expected) => {
      expect((await search(t.bob.agent, q)).map((r) => r.content)).toContain(expected);
    });

    it("never returns another workspace's message or a DM the caller is not in", async () => {
      const bobs = (await search(t.bob.agent, 'deploy')).map((r) => r.content);
      expect(bobs).not.toContain('private deploy notes for carol');
      expect(bobs).not.toContain('their deploy of PLT-3699');
      const carols = await search(t.carol.agent, 'deploy');
      expect(carols.find((r) => r.channelId === dmWithCarol)).toMatchObject({ channelName: t.admin.user.username });
    });

    it('answers an empty query with an empty list', async () => {
      expect(await search(t.bob.agent, '')).toEqual([]);
    });

    it('filters by author and by direct message through the people identity knows, never across workspaces', async () => {
      const admin = t.admin.user.username;
      expect((await search(t.bob.agent, `from:@${admin} relay`)).map((r) => r.content)).toEqual([
        'the e-mail relay is flaky',
      ]);
      expect(await search(t.bob.agent, `from:@${t.bob.user.username} relay`)).toEqual([]);
      expect((await search(t.carol.agent, `deploy in:@${admin}`)).map((r) => r.content)).toEqual([
        'private deploy notes for carol',
      ]);
      expect(await search(t.bob.agent, `deploy in:@${admin}`)).toEqual([]);
      expect(await search(t.bob.agent, `from:@${other.user.username}`)).toEqual([]);
      expect((await search(t.bob.agent, 'deploy in:#general has:image')).length).toBe(0);
    });

    it('pages with the X-Next-Cursor header until the last page, which has none', async () => {
      for (let i = 0; i < 55; i++)
        await t.bob.agent.post(`/api/channels/${general.id}/messages`).send({ content: `quokka sighting ${i}` });
      const first = await t.bob.agent.get('/api/messages/search').query({ q: 'quokka', tz: 'Europe/Paris' });
      expect(first.status).toBe(200);
      expect(first.body).toHaveLength(50);
      const cursor = first.headers['x-next-cursor'];
      expect(cursor).toMatch(/^[\w-]+$/);
      const second = await t.bob.agent.get('/api/messages/search').query({ q: 'quokka', tz: 'Europe/Paris', cursor });
      expect(second.status).toBe(200);
      expect(second.body).toHaveLength(5);
      expect(second.headers['x-next-cursor']).toBeUndefined();
      const ids = [...first.body, ...second.body].map((r: { id: string }) => r.id);
      expect(new Set(ids).size).toBe(55);
    });

    it.each([
      [{ q: 'from:' }, 'Filter from: needs a value'],
      [{ q: 'deploy before:notadate' }, 'Filter before: needs a date written as YYYY-MM-DD'],
      [{ q: 'x'.repeat(1000) }, 'Search query too long'],
      [{ q: 'deploy', tz: 'Mars/Olympus_Mons' }, 'Unknown time zone'],
      [{ q: 'deploy', cursor: 'not a cursor!' }, 'Invalid search cursor'],
      [{ q: 'deploy', cursor: 'bm9wZQ' }, 'Invalid search cursor'],
      [{ q: 'deploy', cursor: searchCursor({ s: '0000-01-01T00:00:00Z' }) }, 'Invalid search cursor'],
      [{ q: 'deploy', cursor: searchCursor({ s: '2024-01-01T00:00:00+23:59' }) }, 'Invalid search cursor'],
      [{ q: 'deploy', cursor: searchCursor({ w: ['0000-01-01T00:00:00Z', uuid] }) }, 'Invalid search cursor'],
      [{ q: 'on:2024-01-01 deploy', tz: 'US/Pacific-New' }, 'Unknown time zone'],
      [{ q: 'dep\u0000loy' }, expect.stringContaining('control character')],
    ])('answers %j with 400 and a message', async (query, message) => {
      const res = await t.bob.agent.get('/api/messages/search').query(query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, code: expect.any(String) });
    });

    it.each(['%', '_', '\\', '%_\\', '"', '-', 'in:#', '*'])('searches %p literally, never 5xx', async (q) => {
      const res = await t.bob.agent.get('/api/messages/search').query({ q });
      expect([200, 400]).toContain(res.status);
      if (res.status === 200) expect(res.body).toEqual([]);
      else expect(res.body.error).toEqual(expect.any(String));
    });
  });

  describe('GET/POST /api/custom-reactions and POST/DELETE /api/messages/{id}/reactions', () => {
    it(`refuses a bad name with "${REACTION_NAME_MESSAGE}" and a taken one with 409`, async () => {
      const { address } = await uploadChatImage(t.bob.agent, 'reaction');
      expect(address).toMatch(new RegExp(`^/objects/w/${t.workspaceId}/[0-9a-f-]{36}\\.png$`));
      for (const name of ['', 'has space', 'x'.repeat(33), 'emoji😀']) {
        const res = await t.bob.agent
          .post('/api/custom-reactions')
          .send({ name, imageUrl: address, createdBy: t.bob.user.id });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(REACTION_NAME_MESSAGE);
      }
      const ok = await t.bob.agent
        .post('/api/custom-reactions')
        .send({ name: 'ship-it_2', imageUrl: address, createdBy: t.bob.user.id });
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({
        name: 'ship-it_2',
        imageUrl: address,
        createdBy: t.bob.user.id,
        workspaceId: t.workspaceId,
      });
      const again = await uploadChatImage(t.carol.agent, 'reaction');
      expect(
        (await t.carol.agent.post('/api/custom-reactions').send({ name: 'ship-it_2', imageUrl: again.address })).status,
      ).toBe(409);
      expect((await t.carol.agent.get('/api/custom-reactions')).body.map((r: { name: string }) => r.name)).toContain(
        'ship-it_2',
      );
      expect((await other.agent.get('/api/custom-reactions')).body).toEqual([]);
    });

    describe('refuses with 400 a custom reaction whose image is not a checked reaction upload of the workspace', () => {
      const cases: [string, () => Promise<string>, string][] = [
        ['an address anywhere else', () => Promise.resolve('https://example.com/p.gif'), IMAGE_NOT_UPLOADED_MESSAGE],
        ['a made-up object path', () => Promise.resolve('/objects/p.gif'), IMAGE_NOT_UPLOADED_MESSAGE],
        ['a path with a malformed percent-escape', () => Promise.resolve('/objects/%ZZ'), IMAGE_NOT_UPLOADED_MESSAGE],
        [
          'a message image',
          async () => (await uploadChatImage(t.bob.agent, 'message')).address,
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'a message image at the objects path',
          async () => (await uploadChatImage(t.bob.agent, 'message')).objectPath.replace('/attachments/', '/objects/'),
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'another workspace’s reaction upload',
          async () => (await uploadChatImage(other.agent, 'reaction')).address,
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'an upload URL handed out but never used',
          async () => (await uploadChatImage(t.bob.agent, 'reaction', { put: false })).address,
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
        [
          'an upload refused for its bytes (the local driver never keeps them)',
          async () => (await uploadChatImage(t.bob.agent, 'reaction', { bytes: Buffer.from('GIF? no') })).address,
          IMAGE_NOT_UPLOADED_MESSAGE,
        ],
      ];
      it.each(cases)('%s', async (_label, address, expected) => {
        const name = `refused_${Math.random().toString(36).slice(2, 8)}`;
        const res = await t.bob.agent.post('/api/custom-reactions').send({ name, imageUrl: await address() });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: expected,
          code: 'VALIDATION.FAILED',
          issues: [{ path: 'imageUrl', message: expected }],
        });
        const names = (await t.bob.agent.get('/api/custom-reactions')).body.map((r: { name: string }) => r.name);
        expect(names).not.toContain(name);
      });
    });

    it('applies and removes reactions, custom or standard, at most 50 distinct per message', async () => {
      const { body: message } = await t.admin.agent
        .post(`/api/channels/${general.id}/messages`)
        .send({ content: 'react here' });
      const { address } = await uploadChatImage(t.admin.agent, 'reaction');
      const { body: custom } = await t.admin.agent
        .post('/api/custom-reactions')
        .send({ name: 'partyparrot', imageUrl: address });
      const added = await t.bob.agent.post(`/api/messages/${message.id}/reactions`).send({ reactionId: custom.id });
      expect(added.status).toBe(200);
      await t.carol.agent.post(`/api/messages/${message.id}/reactions`).send({ reactionId: custom.id });
      const thumbs = await t.carol.agent.post(`/api/messages/${message.id}/reactions`).send({ reactionId: '👍' });
      expect(thumbs.body).toEqual({
        messageId: message.id,
        reactions: [
          { reactionId: custom.id, count: 2, userIds: [t.bob.user.id, t.carol.user.id] },
          { reactionId: '👍', count: 1, userIds: [t.carol.user.id] },
        ],
      });
      const removed = await t.bob.agent.delete(`/api/messages/${message.id}/reactions`).send({ reactionId: custom.id });
      expect(removed.body.reactions[0]).toMatchObject({ reactionId: custom.id, count: 1 });
      expect(
        (await t.bob.agent.post(`/api/messages/${message.id}/reactions`).send({ reactionId: 'nope' })).status,
      ).toBe(404);
      expect((await t.bob.agent.post(`/api/messages/${message.id}/reactions`).send({})).status).toBe(400);
      expect((await other.agent.post(`/api/messages/${message.id}/reactions`).send({ reactionId: '👍' })).status).toBe(
        404,
      );

      const emoji = [
        ...'😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🤩🥳😏😒😞😔😟😕🙁😣😖😫😩🥺😢😭😤😠😡',
      ]; // 48 + 2 above
      for (const e of emoji) await t.bob.agent.post(`/api/messages/${message.id}/reactions`).send({ reactionId: e });
      const full = await t.bob.agent.post(`/api/messages/${message.id}/reactions`).send({ reactionId: '🔥' });
      expect(full.status).toBe(409);
      expect(full.body.error).toBe('A message can have at most 50 different reactions.');
    });
  });

  describe('GET /api/unread and POST /api/channels/{id}/read', () => {
    it('counts messages from others since the last read, the same for every device', async () => {
      const { body: c } = await t.admin.agent
        .post('/api/channels')
        .send({ name: 'unread-here', description: '', participantIds: [t.bob.user.id, t.carol.user.id] });
      await t.admin.agent.post(`/api/channels/${c.id}/messages`).send({ content: 'one' });
      await t.admin.agent.post(`/api/channels/${c.id}/messages`).send({ content: 'two' });
      const countFor = async (agent: Agent) =>
        ((await agent.get('/api/unread')).body as { channelId: string; count: number }[]).find(
          (u) => u.channelId === c.id,
        )?.count ?? 0;
      expect(await countFor(t.bob.agent)).toBe(2);
      expect(await countFor(t.admin.agent)).toBe(0);
      const read = await t.bob.agent.post(`/api/channels/${c.id}/read`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ channelId: c.id, lastReadAt: expect.any(String) });
      expect(await countFor(t.bob.agent)).toBe(0);
      await t.admin.agent.post(`/api/channels/${c.id}/messages`).send({ content: 'three' });
      expect(await countFor(t.bob.agent)).toBe(1);
      expect(await countFor(t.carol.agent)).toBe(3);
      expect((await other.agent.post(`/api/channels/${c.id}/read`)).status).toBe(404);
    });
  });

  it('documents the chat routes in /api/docs', async () => {
    const paths = Object.keys((await request(stack.url).get('/api/docs/openapi.json')).body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/channel-sections',
        '/api/channel-sections/{sectionId}',
        '/api/channels',
        '/api/channels/reorder',
        '/api/channels/{channelId}/name',
        '/api/channels/{channelId}/messages',
        '/api/channels/{channelId}/read',
        '/api/dm',
        '/api/messages/search',
        '/api/messages/{messageId}/reactions',
        '/api/custom-reactions',
        '/api/unread',
      ]),
    );
  });
});
