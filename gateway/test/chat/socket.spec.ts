// The live socket /ws through the gateway (spec 2 §7, DESIGN §6): join, messages to every member, typing, presence,
// refused frames, clientMsgId deduplication, resume with `since`, and removed members.
import { waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import {
  ChatContracts,
  CONTROL_CHARACTERS_MESSAGE,
  IMAGE_NOT_UPLOADED_MESSAGE,
  MESSAGE_EMPTY,
} from '@teamchat/contracts';
import { team, TestSocket, uploadChatImage, type Person, TRANSPORT_VARIANTS } from './chat-helpers.js';
import { MessageRelay } from '../../src/realtime/message-relay.service.js';
import { DEFAULT_REALTIME_OPTIONS } from '../../src/realtime/realtime.options.js';
import { REPLAYS_PER_WINDOW } from '../../src/realtime/replay-budget.js';

/** PRESENCE_OFFLINE_GRACE_MS as the stack runs it (the default). */
const GRACE_MS = DEFAULT_REALTIME_OPTIONS.presenceGraceMs;

/** Frames compared whatever order they came in. */
const inAnyOrder = (frames: object[]) => frames.map((f) => JSON.stringify(f)).sort();

describe.each(TRANSPORT_VARIANTS)('live socket (%s)', (_name, transport, env) => {
  const block = transport === 'nats' ? 4 : 3;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let general: string;
  const sockets: TestSocket[] = [];

  const join = async (person: Person, since?: string | number) => {
    const s = await TestSocket.joined(stack.url, person, since);
    sockets.push(s);
    return s;
  };
  const stored = async (channelId: string) =>
    (await t.admin.agent.get(`/api/channels/${channelId}/messages?limit=200`)).body as {
      id: string;
      content: string;
    }[];

  beforeAll(async () => {
    stack = await startTestStack({ transport, env });
    t = await team(stack.url, block);
    general = (await t.admin.agent.get('/api/channels')).body[0].id;
  }, 120000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(() => stack?.close());

  it('accepts a join for the session’s user and answers `joined` with the current workspace', async () => {
    const s = await TestSocket.open(stack.url, t.bob);
    sockets.push(s);
    const joined = await s.join(t.bob);
    expect(joined).toEqual({
      type: 'joined',
      workspaceId: t.workspaceId,
      userId: t.bob.user.id,
      replayed: 0,
      onlineCount: 1,
    });
  });

  it('delivers a message frame to every connected member of the channel, the sender included, after storing it', async () => {
    const [a, b, c] = await Promise.all([join(t.admin), join(t.bob), join(t.carol)]);
    b.send({
      type: 'message',
      channelId: general,
      userId: t.bob.user.id,
      username: t.bob.user.username,
      content: 'hello all',
      imageUrl: '',
    });
    const frames = await Promise.all(
      [a, b, c].map((s) => s.next('message', (f) => (f.message as { content: string }).content === 'hello all')),
    );
    for (const f of frames) {
      expect(f.message).toMatchObject({
        channelId: general,
        userId: t.bob.user.id,
        username: t.bob.user.username,
        content: 'hello all',
      });
    }
    expect((await stored(general)).map((m) => m.id)).toContain((frames[0].message as { id: string }).id);
    // one encoding of the frame for every socket, still sent as text
    expect([a, b, c].map((s) => s.binaryFrames)).toEqual([0, 0, 0]);
  });

  it('delivers a DM only to its participants, and HTTP posts live too', async () => {
    const [a, b, c] = await Promise.all([join(t.admin), join(t.bob), join(t.carol)]);
    const { body: dm } = await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id });
    await t.admin.agent.post(`/api/channels/${dm.id}/messages`).send({ content: 'just us' });
    await t.admin.agent.post(`/api/channels/${general}/messages`).send({ content: 'marker for carol' });
    await b.next('message', (f) => (f.message as { content: string }).content === 'just us');
    await a.next('message', (f) => (f.message as { content: string }).content === 'just us');
    await c.next('message', (f) => (f.message as { content: string }).content === 'marker for carol');
    expect(c.messages().map((m) => m.content)).not.toContain('just us');
  });

  it('sends typing to the other members, with the thread it is typed in, never back to the typist', async () => {
    const [a, b, c] = await Promise.all([join(t.admin), join(t.bob), join(t.carol)]);
    b.send({ type: 'typing', channelId: general, userId: t.bob.user.id, username: 'whatever', isTyping: true });
    for (const s of [a, c]) {
      // typed in the channel itself: no threadId, as before threads had composers of their own
      expect(await s.next('typing')).toEqual({
        type: 'typing',
        channelId: general,
        userId: t.bob.user.id,
        username: t.bob.user.username,
        isTyping: true,
      });
    }
    const { body: root } = await t.admin.agent.post(`/api/channels/${general}/messages`).send({ content: 'a root' });
    b.send({ type: 'typing', channelId: general, userId: t.bob.user.id, threadId: root.id, isTyping: true });
    for (const s of [a, c]) {
      expect(await s.next('typing', (f) => f.threadId !== undefined)).toEqual({
        type: 'typing',
        channelId: general,
        userId: t.bob.user.id,
        username: t.bob.user.username,
        isTyping: true,
        threadId: root.id,
      });
    }
    // frames reach a socket in the order they were published: once bob has his later message, no typing echo is coming
    b.send({ type: 'message', channelId: general, userId: t.bob.user.id, content: 'after typing' });
    await b.next('message', (f) => (f.message as { content: string }).content === 'after typing');
    expect(b.of('typing')).toEqual([]);
  });

  it('refuses a frame whose userId is not the session’s user with an error frame, storing nothing', async () => {
    const b = await join(t.bob);
    const before = (await stored(general)).length;
    b.send({
      type: 'message',
      channelId: general,
      userId: t.carol.user.id,
      username: t.carol.user.username,
      content: 'spoofed',
    });
    expect(await b.next('error')).toEqual({
      type: 'error',
      code: 'AUTH.FORBIDDEN',
      message: 'userId does not match the signed-in user',
    });
    b.send({ type: 'typing', channelId: general, userId: t.carol.user.id, username: 'x', isTyping: true });
    b.send({ type: 'join', userId: t.carol.user.id, username: 'x' });
    await waitFor(() => b.of('error').length === 3);
    expect((await stored(general)).length).toBe(before);
  });

  it('refuses a message or typing for a channel the user may not use, storing nothing', async () => {
    const [b, c] = await Promise.all([join(t.bob), join(t.carol)]);
    const { body: dm } = await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id });
    c.send({ type: 'message', channelId: dm.id, userId: t.carol.user.id, content: 'not my DM' });
    expect(await c.next('error')).toEqual({
      type: 'error',
      code: 'CHAT.CHANNEL_NOT_FOUND',
      message: 'Channel not found',
    });
    c.send({ type: 'typing', channelId: dm.id, userId: t.carol.user.id, username: 'c', isTyping: true });
    c.send({
      type: 'message',
      channelId: '00000000-0000-4000-8000-000000000000',
      userId: t.carol.user.id,
      content: 'nowhere',
    });
    await waitFor(() => c.of('error').length === 3);
    expect(c.of('error').every((e) => e.code === 'CHAT.CHANNEL_NOT_FOUND')).toBe(true);
    const inDm = (await t.bob.agent.get(`/api/channels/${dm.id}/messages`)).body as { content: string }[];
    expect(inDm.map((m) => m.content)).not.toContain('not my DM');
    expect(b.of('typing')).toEqual([]);
  });

  it('validates frames: empty messages, unknown types and bad JSON get error frames', async () => {
    const b = await join(t.bob);
    b.send({ type: 'message', channelId: general, userId: t.bob.user.id, content: '   ', imageUrl: null });
    expect(await b.next('error')).toMatchObject({ code: 'VALIDATION.FAILED', message: MESSAGE_EMPTY });
    b.send({ type: 'shout', userId: t.bob.user.id });
    b.ws.send('{not json');
    await waitFor(() => b.of('error').length === 3);
    expect(b.of('error').map((e) => e.message)).toEqual([
      MESSAGE_EMPTY,
      'Unknown frame type',
      'Frames must be JSON objects with a type',
    ]);
  });

  it('refuses control characters in any field of a frame with a validation error (never INTERNAL), storing nothing; tabs and newlines pass', async () => {
    const b = await join(t.bob);
    const frames = [
      {
        type: 'message',
        channelId: general,
        userId: t.bob.user.id,
        content: 'nul \u0000 inside',
        clientMsgId: 'ctl-1',
      },
      { type: 'message', channelId: general, userId: t.bob.user.id, content: 'bell \u0007', clientMsgId: 'ctl-2' },
      {
        type: 'message',
        channelId: `${general}\u0000`,
        userId: t.bob.user.id,
        content: 'bad channel',
        clientMsgId: 'ctl-3',
      },
      { type: 'typing', channelId: general, userId: t.bob.user.id, username: 'esc \u001b[31m', isTyping: true },
      { type: 'join', userId: t.bob.user.id, username: '\u0000' },
    ];
    for (const frame of frames) b.send(frame);
    await waitFor(() => b.of('error').length === frames.length);
    // frames of different channels are handled side by side: their answers come in any order
    expect(inAnyOrder(b.of('error'))).toEqual(
      inAnyOrder([
        { type: 'error', code: 'VALIDATION.FAILED', message: CONTROL_CHARACTERS_MESSAGE, clientMsgId: 'ctl-1' },
        { type: 'error', code: 'VALIDATION.FAILED', message: CONTROL_CHARACTERS_MESSAGE, clientMsgId: 'ctl-2' },
        { type: 'error', code: 'VALIDATION.FAILED', message: CONTROL_CHARACTERS_MESSAGE, clientMsgId: 'ctl-3' },
        { type: 'error', code: 'VALIDATION.FAILED', message: CONTROL_CHARACTERS_MESSAGE },
        { type: 'error', code: 'VALIDATION.FAILED', message: CONTROL_CHARACTERS_MESSAGE },
      ]),
    );
    b.send({
      type: 'message',
      channelId: general,
      userId: t.bob.user.id,
      content: 'line one\n\tline two\r\n',
      clientMsgId: 'ctl-ok',
    });
    type Sent = { clientMsgId?: string; content: string };
    const echoed = await b.next('message', (f) => (f.message as Sent).clientMsgId === 'ctl-ok');
    expect((echoed.message as Sent).content).toBe('line one\n\tline two\r\n');
    const contents = (await stored(general)).map((m) => m.content);
    expect(contents.filter((c) => /\u0000|\u0007|bad channel/.test(c ?? ''))).toEqual([]);
  });

  it('delivers a message image uploaded to the workspace, and refuses any other image address with an error frame, storing nothing', async () => {
    const [a, b] = await Promise.all([join(t.admin), join(t.bob)]);
    const before = (await stored(general)).length;
    const refused = [
      ['https://example.com/cat.png', IMAGE_NOT_UPLOADED_MESSAGE],
      [(await uploadChatImage(t.bob.agent, 'reaction')).address, IMAGE_NOT_UPLOADED_MESSAGE],
      [(await uploadChatImage(t.bob.agent, 'message', { put: false })).address, IMAGE_NOT_UPLOADED_MESSAGE],
      [
        (await uploadChatImage(t.bob.agent, 'message', { bytes: Buffer.from('plain text') })).address,
        IMAGE_NOT_UPLOADED_MESSAGE,
      ],
    ] as const;
    for (const [imageUrl] of refused)
      b.send({ type: 'message', channelId: general, userId: t.bob.user.id, content: 'refused image', imageUrl });
    await waitFor(() => b.of('error').length === refused.length);
    expect(b.of('error')).toEqual(
      refused.map(([, message]) => ({ type: 'error', code: 'VALIDATION.FAILED', message })),
    );
    const { address } = await uploadChatImage(t.bob.agent, 'message');
    b.send({
      type: 'message',
      channelId: general,
      userId: t.bob.user.id,
      content: 'with a picture',
      imageUrl: address,
    });
    const got = await a.next('message', (f) => (f.message as { content: string }).content === 'with a picture');
    expect(got.message).toMatchObject({ imageUrl: address, userId: t.bob.user.id });
    expect(a.messages().map((m) => m.content)).not.toContain('refused image');
    expect((await stored(general)).length).toBe(before + 1);
  });

  it('names a refused message frame’s clientMsgId in its error frame, whatever refused it, storing nothing', async () => {
    const early = await TestSocket.open(stack.url, t.bob);
    sockets.push(early);
    early.send({ type: 'message', channelId: general, userId: t.bob.user.id, content: 'x', clientMsgId: 'cm-early' });
    expect(await early.next('error')).toEqual({
      type: 'error',
      code: 'VALIDATION.FAILED',
      message: 'Send a join frame first',
      clientMsgId: 'cm-early',
    });

    const b = await join(t.bob);
    const before = (await stored(general)).length;
    const { body: dm } = await t.admin.agent.post('/api/dm').send({ userId2: t.carol.user.id });
    const notUploaded = await uploadChatImage(t.bob.agent, 'message', { put: false });
    const frames = [
      [
        { channelId: general, content: 'x', imageUrl: notUploaded.address },
        'VALIDATION.FAILED',
        IMAGE_NOT_UPLOADED_MESSAGE,
      ],
      [{ channelId: dm.id, content: 'not my DM' }, 'CHAT.CHANNEL_NOT_FOUND', 'Channel not found'],
      [{ channelId: general, content: '   ' }, 'VALIDATION.FAILED', MESSAGE_EMPTY],
      [
        { channelId: general, content: 'x', userId: t.carol.user.id },
        'AUTH.FORBIDDEN',
        'userId does not match the signed-in user',
      ],
    ] as const;
    frames.forEach(([fields], i) =>
      b.send({ type: 'message', userId: t.bob.user.id, ...fields, clientMsgId: `cm-refused-${transport}-${i}` }),
    );
    // without a clientMsgId (or with one the schema refuses) the error frame names none
    b.send({ type: 'message', channelId: dm.id, userId: t.bob.user.id, content: 'anonymous' });
    b.send({ type: 'message', channelId: dm.id, userId: t.bob.user.id, content: 'x', clientMsgId: 'c'.repeat(101) });
    await waitFor(() => b.of('error').length === frames.length + 2);
    expect(inAnyOrder(b.of('error'))).toEqual(
      inAnyOrder([
        ...frames.map(([, code, message], i) => ({
          type: 'error',
          code,
          message,
          clientMsgId: `cm-refused-${transport}-${i}`,
        })),
        { type: 'error', code: 'CHAT.CHANNEL_NOT_FOUND', message: 'Channel not found' },
        { type: 'error', code: 'VALIDATION.FAILED', message: 'clientMsgId too long' },
      ]),
    );
    expect((await stored(general)).length).toBe(before);
  });

  it('handles a socket’s messages to different channels side by side, each channel’s in order (a slow store held in one)', async () => {
    const other = (
      await t.admin.agent
        .post('/api/channels')
        .send({ name: `lanes-${block}` })
        .expect(201)
    ).body.id as string;
    // fault injection on the real path: the store of one message waits until the test lets it go
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const create = MessageRelay.prototype.create;
    MessageRelay.prototype.create = async function (this: MessageRelay, ...args: Parameters<typeof create>) {
      if (args[1].content === 'slow in general') await held;
      return create.apply(this, args);
    };
    try {
      const s = await join(t.admin);
      const send = (channelId: string, content: string) =>
        s.send({ type: 'message', channelId, userId: t.admin.user.id, content, clientMsgId: `${content}-${block}` });
      send(general, 'slow in general');
      send(general, 'after it in general');
      send(other, 'in the other channel');
      // the other channel's message is stored and delivered while general's first one is still held
      await s.next('message', (f) => (f.message as { content: string }).content === 'in the other channel');
      expect(s.messages().map((m) => m.content)).toEqual(['in the other channel']);
      release();
      await waitFor(() => s.messages().length === 3);
      expect(s.messages().map((m) => m.content)).toEqual([
        'in the other channel',
        'slow in general',
        'after it in general',
      ]);
    } finally {
      MessageRelay.prototype.create = create;
      release();
    }
  });

  it('asks for a join before messages', async () => {
    const s = await TestSocket.open(stack.url, t.bob);
    sockets.push(s);
    s.send({ type: 'message', channelId: general, userId: t.bob.user.id, content: 'too early' });
    expect(await s.next('error')).toMatchObject({ message: 'Send a join frame first' });
  });

  it('returns the stored message for a repeated clientMsgId, to the sender only, without storing a duplicate', async () => {
    const [a, b] = await Promise.all([join(t.admin), join(t.bob)]);
    const frame = {
      type: 'message',
      channelId: general,
      userId: t.bob.user.id,
      content: 'exactly once',
      clientMsgId: `cm-${transport}`,
    };
    b.send(frame);
    const first = await b.next('message', (f) => (f.message as { content: string }).content === 'exactly once');
    b.send(frame);
    await waitFor(() => b.messages().filter((m) => m.content === 'exactly once').length === 2);
    const [m1, m2] = b.messages().filter((m) => m.content === 'exactly once');
    expect(m2.id).toBe(m1.id);
    expect((first.message as { clientMsgId: string }).clientMsgId).toBe(`cm-${transport}`);
    await t.bob.agent.post(`/api/channels/${general}/messages`).send({ content: 'dedup marker' });
    await a.next('message', (f) => (f.message as { content: string }).content === 'dedup marker');
    expect(a.messages().filter((m) => m.content === 'exactly once')).toHaveLength(1);
    expect((await stored(general)).filter((m) => m.content === 'exactly once')).toHaveLength(1);
  });

  it('fans out a retried message whose first attempt was stored but never fanned out (its caller gave up), once', async () => {
    const a = await join(t.admin);
    const clientMsgId = `lost-reply-${transport}`;
    // what a request failed at the gateway leaves behind: chat stored it, nobody was told
    await stack.request(ChatContracts.createMessage, {
      actor: { userId: t.bob.user.id, workspaceId: t.workspaceId },
      channelId: general,
      content: 'stored while the gateway gave up',
      clientMsgId,
    });
    const retried = await t.bob.agent
      .post(`/api/channels/${general}/messages`)
      .send({ content: 'stored while the gateway gave up', clientMsgId });
    expect(retried.status).toBeLessThan(300);
    await a.next('message', (f) => (f.message as { clientMsgId?: string }).clientMsgId === clientMsgId);
    // a second retry of a message everyone has seen reaches nobody again
    await t.bob.agent
      .post(`/api/channels/${general}/messages`)
      .send({ content: 'stored while the gateway gave up', clientMsgId });
    await t.bob.agent.post(`/api/channels/${general}/messages`).send({ content: 'retry marker' });
    await a.next('message', (f) => (f.message as { content: string }).content === 'retry marker');
    expect(a.messages().filter((m) => m.clientMsgId === clientMsgId)).toHaveLength(1);
  });

  it('pushes settings changes to every open screen: a role (naming the member), the logo, a profile', async () => {
    const [bobSocket, carolSocket] = await Promise.all([join(t.bob), join(t.carol)]);
    expect((await t.admin.agent.patch(`/api/users/${t.bob.user.id}/admin`).send({ isAdmin: true })).status).toBe(200);
    for (const s of [bobSocket, carolSocket])
      expect(await s.next('settings', (f) => f.change === 'role')).toMatchObject({
        workspaceId: t.workspaceId,
        change: 'role',
        userId: t.bob.user.id,
        isAdmin: true,
      });
    expect((await t.admin.agent.patch(`/api/users/${t.bob.user.id}/admin`).send({ isAdmin: false })).status).toBe(200);
    expect(
      (await t.admin.agent.patch(`/api/workspaces/${t.workspaceId}/profile-image`).send({ profileImageUrl: '' }))
        .status,
    ).toBe(200);
    expect(await carolSocket.next('settings', (f) => f.change === 'workspace')).toMatchObject({
      workspaceId: t.workspaceId,
    });
    // a profile change (here the about text) reaches the member's teammates and the member's own other screens
    expect(
      (await t.bob.agent.patch(`/api/users/${t.bob.user.id}`).send({ aboutMe: `about ${transport}` })).status,
    ).toBe(200);
    for (const s of [bobSocket, carolSocket])
      expect(await s.next('settings', (f) => f.change === 'profile')).toMatchObject({
        workspaceId: t.workspaceId,
        change: 'profile',
        userId: t.bob.user.id,
        // the profile itself, public fields only, so screens patch bob in place
        profile: { id: t.bob.user.id, username: t.bob.user.username, aboutMe: `about ${transport}` },
      });
    expect(carolSocket.of('settings').find((f) => f.change === 'profile')?.profile).not.toHaveProperty('email');
  });

  it('announces presence on a user’s first socket and after their last one closes', async () => {
    // a team of its own: the shared one's sockets of earlier tests may still count, within their grace
    const fresh = await team(stack.url, block);
    const a = await join(fresh.admin);
    await a.watch(fresh.carol);
    const c1 = await join(fresh.carol);
    await a.next('presence', (f) => f.userId === fresh.carol.user.id && f.status === 'online');
    const c2 = await join(fresh.carol);
    await c1.close();
    await c2.close();
    await a.next('presence', (f) => f.userId === fresh.carol.user.id && f.status === 'offline');
    const carols = a.of('presence').filter((f) => f.userId === fresh.carol.user.id);
    expect(carols.map((f) => f.status)).toEqual(['online', 'offline']);
  });

  it('announces nothing when a user’s only socket closes and they reconnect within the grace', async () => {
    const fresh = await team(stack.url, block);
    const a = await join(fresh.admin);
    await a.watch(fresh.carol);
    const first = await join(fresh.carol);
    await a.next('presence', (f) => f.userId === fresh.carol.user.id && f.status === 'online');
    await first.close();
    const again = await join(fresh.carol);
    expect((await again.watch(fresh.carol)).online).toEqual([fresh.carol.user.id]);
    // past the grace of the closed socket: still no offline, and no second online
    await new Promise((r) => setTimeout(r, GRACE_MS + 500));
    expect(a.of('presence').filter((f) => f.userId === fresh.carol.user.id)).toEqual([
      { type: 'presence', userId: fresh.carol.user.id, status: 'online' },
    ]);
    // the last socket closing for good is announced once the grace has passed, not before
    const closedAt = Date.now();
    await again.close();
    await a.next('presence', (f) => f.userId === fresh.carol.user.id && f.status === 'offline');
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS);
    expect(
      a
        .of('presence')
        .filter((f) => f.userId === fresh.carol.user.id)
        .map((f) => f.status),
    ).toEqual(['online', 'offline']);
  });

  it('announces a member removed from the workspace offline at once, without the grace', async () => {
    const fresh = await team(stack.url, block);
    const a = await join(fresh.admin);
    await a.watch(fresh.carol);
    await join(fresh.carol);
    await a.next('presence', (f) => f.userId === fresh.carol.user.id && f.status === 'online');
    const removedAt = Date.now();
    const removed = await fresh.admin.agent.delete(`/api/workspaces/${fresh.workspaceId}/users/${fresh.carol.user.id}`);
    expect(removed.status).toBe(200);
    await a.next('presence', (f) => f.userId === fresh.carol.user.id && f.status === 'offline', GRACE_MS);
    expect(Date.now() - removedAt).toBeLessThan(GRACE_MS);
  });

  it('tells a joining socket how many are online (`joined.onlineCount`), and who of those it watches', async () => {
    const fresh = await team(stack.url, block);
    const [, c] = await Promise.all([join(fresh.admin), join(fresh.carol)]);
    const b = await join(fresh.bob);
    expect(b.of('joined')[0]).toMatchObject({ onlineCount: 3 });
    expect(b.of('joined')[0]).not.toHaveProperty('online');
    const everyone = [fresh.admin, fresh.bob, fresh.carol].map((p) => p.user.id).sort();
    const watched = await b.watch(fresh.admin, fresh.bob, fresh.carol);
    expect([...watched.userIds].sort()).toEqual(everyone);
    expect([...watched.online].sort()).toEqual(everyone);
    // no presence frames for those already online: the answer said so
    expect(b.of('presence')).toEqual([]);
    await c.close();
    await b.next('presence', (f) => f.userId === fresh.carol.user.id && f.status === 'offline');
    const later = await b.join(fresh.bob);
    expect(later).toMatchObject({ onlineCount: 2 });
  });

  it('re-scopes a socket that joins again after switching workspace: the new workspace’s frames, not the old one’s', async () => {
    const fresh = await team(stack.url, block);
    const oldGeneral = (await fresh.admin.agent.get('/api/channels')).body[0].id as string;
    const second = await fresh.bob.agent.post('/api/workspaces').send({ name: 'Side project' });
    expect(second.status).toBe(201);
    const switchTo = async (workspaceId: string) =>
      expect((await fresh.bob.agent.post('/api/switch-workspace').send({ workspaceId })).status).toBe(200);
    await switchTo(fresh.workspaceId);
    const [a, b] = await Promise.all([join(fresh.admin), join(fresh.bob)]);
    expect(b.of('joined')[0]).toMatchObject({ workspaceId: fresh.workspaceId });
    await a.watch(fresh.bob);

    await switchTo(second.body.id);
    const rejoined = await b.join(fresh.bob);
    expect(rejoined).toMatchObject({ workspaceId: second.body.id, onlineCount: 1 });
    // whom he watched in the old workspace is no one to watch in this one
    expect(await b.watch(fresh.admin)).toEqual({ type: 'presence_subscribed', userIds: [], online: [] });
    // his only socket left the old workspace
    await a.next('presence', (f) => f.userId === fresh.bob.user.id && f.status === 'offline');

    const sideGeneral = (await fresh.bob.agent.get('/api/channels')).body[0].id as string;
    expect(sideGeneral).not.toBe(oldGeneral);
    await fresh.admin.agent.post(`/api/channels/${oldGeneral}/messages`).send({ content: 'old workspace news' });
    await a.next('message', (f) => (f.message as { content: string }).content === 'old workspace news');
    b.send({ type: 'message', channelId: sideGeneral, userId: fresh.bob.user.id, content: 'side project news' });
    await b.next('message', (f) => (f.message as { content: string }).content === 'side project news');
    b.send({ type: 'typing', channelId: sideGeneral, userId: fresh.bob.user.id, username: 'b', isTyping: true });
    // frames in the old workspace's channels are now refused like any other workspace's
    b.send({ type: 'message', channelId: oldGeneral, userId: fresh.bob.user.id, content: 'into the old one' });
    expect(await b.next('error')).toMatchObject({ code: 'CHAT.CHANNEL_NOT_FOUND' });
    await fresh.admin.agent.post(`/api/channels/${oldGeneral}/messages`).send({ content: 'old workspace marker' });
    await a.next('message', (f) => (f.message as { content: string }).content === 'old workspace marker');
    await fresh.bob.agent.post(`/api/channels/${sideGeneral}/messages`).send({ content: 'side marker' });
    await b.next('message', (f) => (f.message as { content: string }).content === 'side marker');
    expect(b.messages().map((m) => m.content)).toEqual(['side project news', 'side marker']);
    expect(a.messages().map((m) => m.content)).not.toContain('side project news');
    expect(a.of('typing')).toEqual([]);

    // a new connection lands in the current workspace as well
    const reconnected = await join(fresh.bob);
    expect(reconnected.of('joined')[0]).toMatchObject({ workspaceId: second.body.id });
  });

  it('resumes with `since`: a reconnecting socket gets exactly the messages it missed, then `joined`', async () => {
    const b = await join(t.bob);
    await t.admin.agent.post(`/api/channels/${general}/messages`).send({ content: 'seen before the drop' });
    const seen = await b.next('message', (f) => (f.message as { content: string }).content === 'seen before the drop');
    await b.close();
    const missed = [];
    for (const content of ['missed 1', 'missed 2', 'missed 3']) {
      missed.push((await t.admin.agent.post(`/api/channels/${general}/messages`).send({ content })).body.id);
    }
    const back = await join(t.bob, (seen.message as { createdAt: string }).createdAt);
    expect(back.messages().map((m) => m.id)).toEqual(missed);
    expect(back.of('joined')[0]).toMatchObject({ replayed: 3 });
    const order = back.frames.map((f) => f.type).filter((type) => type === 'message' || type === 'joined');
    expect(order).toEqual(['message', 'message', 'message', 'joined']);
    await t.admin.agent.post(`/api/channels/${general}/messages`).send({ content: 'live again' });
    await back.next('message', (f) => (f.message as { content: string }).content === 'live again');
    expect(back.messages().map((m) => m.content)).toEqual(['missed 1', 'missed 2', 'missed 3', 'live again']);
  });

  it('replays exactly what followed the last change a socket saw, even for messages committed in the same millisecond', async () => {
    // twelve messages stored at once, from three people, many of them within the same millisecond
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        [t.admin, t.bob, t.carol][i % 3].agent
          .post(`/api/channels/${general}/messages`)
          .send({ content: `burst ${i}` })
          .expect(201)
          .then((res) => res.body as { id: string; updatedAt: string }),
      ),
    );
    // each has a time of its own on the workspace's change clock, in the order they were committed
    const byTime = [...burst].sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
    expect(new Set(burst.map((m) => m.updatedAt)).size).toBe(burst.length);
    // a socket that saw each one in turn and dropped is replayed exactly the ones after it
    for (const k of [0, 5, 10]) {
      const back = await join(t.bob, byTime[k].updatedAt);
      expect(back.messages().map((m) => m.id)).toEqual(byTime.slice(k + 1).map((m) => m.id));
      await back.close();
    }
  });

  it('answers `resync` instead of a replay when `since` is more than a day old', async () => {
    const b = await join(t.bob, Date.now() - 25 * 3600_000);
    expect(b.of('resync')).toEqual([{ type: 'resync', reason: 'since-too-old' }]);
    expect(b.of('message')).toEqual([]);
  });

  it('replays a socket that joins over and over only within its budget, then answers `resync`', async () => {
    const since = new Date(Date.now() - 3600_000).toISOString();
    const b = await join(t.bob, since);
    const replayed = b.of('message').length;
    for (let i = 1; i < REPLAYS_PER_WINDOW; i++) await b.join(t.bob, since);
    expect(b.of('resync')).toEqual([]);
    expect(b.of('message').length).toBe(replayed * REPLAYS_PER_WINDOW);
    // the next join of this socket within the minute gets no replay, only `resync`
    await b.join(t.bob, since);
    expect(b.of('resync')).toEqual([{ type: 'resync', reason: 'replay-limit' }]);
    expect(b.of('message').length).toBe(replayed * REPLAYS_PER_WINDOW);
    // another socket of the same user starts with a budget of its own
    const other = await join(t.bob, since);
    expect(other.of('resync')).toEqual([]);
    expect(other.of('message').length).toBe(replayed);
  });

  it('stops sending frames to a member removed from the workspace and closes their socket', async () => {
    const fresh = await team(stack.url, block);
    const freshGeneral = (await fresh.admin.agent.get('/api/channels')).body[0].id;
    const [a, c] = await Promise.all([join(fresh.admin), join(fresh.carol)]);
    const removed = await fresh.admin.agent.delete(`/api/workspaces/${fresh.workspaceId}/users/${fresh.carol.user.id}`);
    expect(removed.status).toBe(200);
    await waitFor(() => c.closed !== null);
    expect(c.closed!.code).toBe(4403);
    await fresh.admin.agent.post(`/api/channels/${freshGeneral}/messages`).send({ content: 'after the removal' });
    await a.next('message', (f) => (f.message as { content: string }).content === 'after the removal');
    expect(c.messages().map((m) => m.content)).not.toContain('after the removal');
  });
});
