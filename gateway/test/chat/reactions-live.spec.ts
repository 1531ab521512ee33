// Reactions through the gateway (issue 18): `{ emoji }` or `{ reactionId }` (Unicode or custom), toggling, refused
// bodies, other workspaces, the live `reactions` frame to the message's audience, and the replay after a disconnect.
import {
  EMOJI_INVALID,
  REACTION_ONE_OF,
  REACTION_REQUIRED,
  type Message,
  type ReactionSummary,
} from '@teamchat/contracts';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
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

describe.each(TRANSPORT_VARIANTS)('reactions (%s)', (_name, transport, env) => {
  const block = transport === 'nats' ? 81 : 80;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let general: string;
  let custom: { id: string; name: string };
  const sockets: TestSocket[] = [];

  const join = async (person: Person, since?: string | number) => {
    const s = await TestSocket.joined(stack.url, person, since);
    sockets.push(s);
    return s;
  };
  const post = async (agent: Agent, content: string, channelId = general): Promise<Message> => {
    const res = await agent.post(`/api/channels/${channelId}/messages`).send({ content });
    expect(res.status).toBe(201);
    return res.body as Message;
  };
  const react = (agent: Agent, messageId: string, body: object) =>
    agent.post(`/api/messages/${messageId}/reactions`).send(body);
  const unreact = (agent: Agent, messageId: string, body: object) =>
    agent.delete(`/api/messages/${messageId}/reactions`).send(body);
  const reactionsOf = async (messageId: string, channelId = general): Promise<ReactionSummary[] | undefined> => {
    const page = (await t.admin.agent.get(`/api/channels/${channelId}/messages?limit=200`)).body as Message[];
    return page.find((m) => m.id === messageId)?.reactions;
  };

  beforeAll(async () => {
    stack = await startTestStack({ transport, env });
    t = await team(stack.url, block);
    other = await adminWithWorkspace(stack.url, 'Elsewhere', nextIp(block));
    general = (await t.admin.agent.get('/api/channels')).body[0].id;
    const { address } = await uploadChatImage(t.admin.agent, 'reaction');
    custom = (await t.admin.agent.post('/api/custom-reactions').send({ name: 'shipit', imageUrl: address })).body;
  }, 120000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(() => stack?.close());

  it('takes `{ emoji }` and `{ reactionId }` (Unicode or custom): one reaction per user, whichever way it was named', async () => {
    const message = await post(t.admin.agent, 'react with either');
    const byEmoji = await react(t.bob.agent, message.id, { emoji: '👍🏽' });
    expect(byEmoji.status).toBe(200);
    expect(byEmoji.body).toEqual({
      messageId: message.id,
      reactions: [{ reactionId: '👍🏽', count: 1, userIds: [t.bob.user.id] }],
    });
    // the same emoji as a reactionId is the same reaction: still one for bob
    expect((await react(t.bob.agent, message.id, { reactionId: '👍🏽' })).body.reactions).toEqual([
      { reactionId: '👍🏽', count: 1, userIds: [t.bob.user.id] },
    ]);
    await react(t.carol.agent, message.id, { reactionId: '👍🏽' });
    expect((await react(t.carol.agent, message.id, { emoji: '🏴󠁧󠁢󠁳󠁣󠁴󠁿' })).status).toBe(200);
    const withCustom = await react(t.carol.agent, message.id, { reactionId: custom.id.toUpperCase() });
    expect(withCustom.status).toBe(200);
    expect(withCustom.body.reactions).toEqual([
      { reactionId: '👍🏽', count: 2, userIds: [t.bob.user.id, t.carol.user.id] },
      { reactionId: '🏴󠁧󠁢󠁳󠁣󠁴󠁿', count: 1, userIds: [t.carol.user.id] },
      { reactionId: custom.id, count: 1, userIds: [t.carol.user.id] },
    ]);
    // a page carries the same, and a removal names it either way
    expect(await reactionsOf(message.id)).toEqual(withCustom.body.reactions);
    const removed = await unreact(t.bob.agent, message.id, { emoji: '👍🏽' });
    expect(removed.status).toBe(200);
    expect(removed.body.reactions[0]).toEqual({ reactionId: '👍🏽', count: 1, userIds: [t.carol.user.id] });
    expect((await unreact(t.carol.agent, message.id, { reactionId: custom.id })).body.reactions).toEqual([
      { reactionId: '👍🏽', count: 1, userIds: [t.carol.user.id] },
      { reactionId: '🏴󠁧󠁢󠁳󠁣󠁴󠁿', count: 1, userIds: [t.carol.user.id] },
    ]);
  });

  it('toggles: on, off, on again, each answer the reactions as they are now; removing one not there changes nothing', async () => {
    const message = await post(t.admin.agent, 'toggle me');
    expect((await react(t.bob.agent, message.id, { emoji: '🎉' })).body.reactions).toEqual([
      { reactionId: '🎉', count: 1, userIds: [t.bob.user.id] },
    ]);
    expect((await unreact(t.bob.agent, message.id, { emoji: '🎉' })).body.reactions).toEqual([]);
    expect((await unreact(t.bob.agent, message.id, { emoji: '🎉' })).body).toEqual({
      messageId: message.id,
      reactions: [],
    });
    expect((await react(t.bob.agent, message.id, { emoji: '🎉' })).body.reactions).toEqual([
      { reactionId: '🎉', count: 1, userIds: [t.bob.user.id] },
    ]);
    expect(await reactionsOf(message.id)).toEqual([{ reactionId: '🎉', count: 1, userIds: [t.bob.user.id] }]);
  });

  it('refuses a body without exactly one valid reaction with 400 and a clear message', async () => {
    const message = await post(t.admin.agent, 'bad bodies');
    const cases: [object, string][] = [
      [{}, REACTION_REQUIRED],
      [{ emoji: '👍', reactionId: '👍' }, REACTION_ONE_OF],
      [{ emoji: 'nope' }, EMOJI_INVALID],
      [{ emoji: '👍👍' }, EMOJI_INVALID],
      [{ emoji: ':thumbsup:' }, EMOJI_INVALID],
      [{ emoji: custom.id }, EMOJI_INVALID],
      [{ emoji: 42 }, EMOJI_INVALID],
      [{ emoji: '' }, EMOJI_INVALID],
      [{ reactionId: '' }, REACTION_REQUIRED],
    ];
    for (const [body, error] of cases) {
      for (const send of [react, unreact]) {
        const res = await send(t.bob.agent, message.id, body);
        expect([JSON.stringify(body), res.status, res.body.error, res.body.code]).toEqual([
          JSON.stringify(body),
          400,
          error,
          'VALIDATION.FAILED',
        ]);
      }
    }
    // an unknown reactionId stays "not found" as before
    expect((await react(t.bob.agent, message.id, { reactionId: 'nope' })).status).toBe(404);
    expect(await reactionsOf(message.id)).toEqual([]);
  });

  it("answers 404 for another workspace's message, a malformed id, another workspace's custom reaction and a DM one is not in", async () => {
    const message = await post(t.admin.agent, 'ours');
    for (const send of [react, unreact]) {
      expect((await send(other.agent, message.id, { emoji: '👍' })).status).toBe(404);
      expect((await send(t.bob.agent, 'not-a-uuid', { emoji: '👍' })).status).toBe(404);
    }
    const { address } = await uploadChatImage(other.agent, 'reaction');
    const theirs = (await other.agent.post('/api/custom-reactions').send({ name: 'theirs', imageUrl: address })).body;
    expect((await react(t.bob.agent, message.id, { reactionId: theirs.id })).status).toBe(404);
    const dm = (await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id })).body;
    const secret = await post(t.admin.agent, 'just us', dm.id);
    expect((await react(t.carol.agent, secret.id, { emoji: '👀' })).status).toBe(404);
    expect((await react(t.bob.agent, secret.id, { emoji: '👀' })).status).toBe(200);
  });

  it('puts a `reactions` frame in front of every member of the channel, on add and on remove', async () => {
    const [a, b, c] = await Promise.all([join(t.admin), join(t.bob), join(t.carol)]);
    const message = await post(t.admin.agent, 'watch the reactions');
    await react(t.bob.agent, message.id, { emoji: '🚀' });
    const added = {
      type: 'reactions',
      messageId: message.id,
      channelId: general,
      reactions: [{ reactionId: '🚀', count: 1, userIds: [t.bob.user.id] }],
    };
    for (const s of [a, b, c]) expect(await s.next('reactions', (f) => f.messageId === message.id)).toEqual(added);

    await unreact(t.bob.agent, message.id, { emoji: '🚀' });
    for (const s of [a, b, c]) {
      const removed = await s.next('reactions', (f) => f.messageId === message.id && (f.reactions as []).length === 0);
      expect(removed).toEqual({ ...added, reactions: [] });
    }
  });

  it('sends the `reactions` frame of a DM message only to its participants', async () => {
    const [a, b, c] = await Promise.all([join(t.admin), join(t.bob), join(t.carol)]);
    const dm = (await t.admin.agent.post('/api/dm').send({ userId2: t.bob.user.id })).body;
    const secret = await post(t.admin.agent, 'between us two', dm.id);
    await react(t.bob.agent, secret.id, { emoji: '🤫' });
    for (const s of [a, b]) await s.next('reactions', (f) => f.messageId === secret.id);
    // a later frame to everyone shows carol's socket was served past that point
    const marker = await post(t.admin.agent, 'marker after the DM reaction');
    await react(t.bob.agent, marker.id, { emoji: '✅' });
    await c.next('reactions', (f) => f.messageId === marker.id);
    expect(c.of('reactions').map((f) => f.messageId)).toEqual([marker.id]);
  });

  it('replays a message whose reactions changed while the socket was away, with its reactions', async () => {
    const b = await join(t.bob);
    const message = await post(t.admin.agent, 'react while bob is away');
    const seen = await b.next('message', (f) => (f.message as Message).id === message.id);
    await b.close();
    await react(t.carol.agent, message.id, { emoji: '🔥' });
    await react(t.admin.agent, message.id, { reactionId: custom.id });

    const back = await join(t.bob, (seen.message as Message).createdAt);
    const replayed = back.frames.filter(
      (f) => (f.type === 'message' || f.type === 'message_updated') && (f.message as Message).id === message.id,
    );
    expect(replayed).toHaveLength(1);
    expect(replayed[0].type).toBe('message_updated');
    expect((replayed[0].message as Message).reactions).toEqual([
      { reactionId: '🔥', count: 1, userIds: [t.carol.user.id] },
      { reactionId: custom.id, count: 1, userIds: [t.admin.user.id] },
    ]);
    expect(Date.parse((replayed[0].message as Message).updatedAt!)).toBeGreaterThan(Date.parse(message.createdAt));

    // a removal is news too
    const sinceRemoval = (replayed[0].message as Message).updatedAt!;
    await back.close();
    await unreact(t.carol.agent, message.id, { emoji: '🔥' });
    const again = await join(t.bob, sinceRemoval);
    const update = again.frames.find((f) => f.type === 'message_updated' && (f.message as Message).id === message.id);
    expect((update?.message as Message | undefined)?.reactions).toEqual([
      { reactionId: custom.id, count: 1, userIds: [t.admin.user.id] },
    ]);
  });
});
