import { ErrorCodes, IMAGE_NOT_UPLOADED_MESSAGE } from '@teamchat/contracts';
import { ChannelService } from '../channels/channel.service.js';
import { MessageService } from '../messages/message.service.js';
import { ReactionService, REACTION_NAME_TAKEN, TOO_MANY_REACTIONS } from './reaction.service.js';
import { type ChatHarness, newTeam, rejection, startChatHarness } from '../../test/chat-test-harness.js';

describe(ReactionService.name, () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let messages: MessageService;
  let reactions: ReactionService;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    messages = h.app.get(MessageService);
    reactions = h.app.get(ReactionService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  it('creates custom reactions with unique names per workspace, recording the caller as creator', async () => {
    const t = team();
    const image = h.directory.upload(t.ws, 'reaction');
    const r = await reactions.createCustom(t.as(t.alice), {
      name: 'party_parrot',
      imageUrl: image,
      createdBy: t.bob,
    });
    expect(r).toMatchObject({ name: 'party_parrot', imageUrl: image, createdBy: t.alice, workspaceId: t.ws });
    const err = await rejection(
      reactions.createCustom(t.as(t.bob), { name: 'Party_Parrot', imageUrl: h.directory.upload(t.ws, 'reaction') }),
    );
    expect(err.code).toBe(ErrorCodes.reactionNameTaken);
    expect(err.message).toBe(REACTION_NAME_TAKEN);
    expect((await reactions.listCustom(t.as(t.carol))).map((x) => x.name)).toEqual(['party_parrot']);
  });

  it.each([
    ['any other address', () => '/y.png', IMAGE_NOT_UPLOADED_MESSAGE],
    ['a message image', (ws: string) => h.directory.upload(ws, 'message'), IMAGE_NOT_UPLOADED_MESSAGE],
    [
      'a message image at the objects path',
      (ws: string) => h.directory.upload(ws, 'message').replace('/attachments/', '/objects/'),
      IMAGE_NOT_UPLOADED_MESSAGE,
    ],
    [
      'another workspace’s reaction upload',
      () => h.directory.upload(h.directory.workspace(), 'reaction'),
      IMAGE_NOT_UPLOADED_MESSAGE,
    ],
    ['an upload never made', (ws: string) => h.directory.upload(ws, 'reaction', 'missing'), IMAGE_NOT_UPLOADED_MESSAGE],
    [
      'a file that is not an image',
      (ws: string) => h.directory.upload(ws, 'reaction', 'not-an-image'),
      'Please upload an image file.',
    ],
    [
      'a file over 5MB',
      (ws: string) => h.directory.upload(ws, 'reaction', 'too-large'),
      'Please upload an image smaller than 5MB.',
    ],
  ])('refuses a custom reaction whose image is %s, storing nothing', async (_label, address, expected) => {
    const t = team();
    const err = await rejection(reactions.createCustom(t.as(t.alice), { name: 'nope', imageUrl: address(t.ws) }));
    expect([err.code, err.message]).toEqual([ErrorCodes.validation, expected]);
    expect(await reactions.listCustom(t.as(t.alice))).toEqual([]);
  });

  it('applies and removes standard and custom reactions, idempotently per user', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content: 'react to me' });
    const custom = await reactions.createCustom(t.as(t.alice), {
      name: 'yay',
      imageUrl: h.directory.upload(t.ws, 'reaction'),
    });
    await reactions.add(t.as(t.bob), message.id, '👍');
    await reactions.add(t.as(t.bob), message.id, '👍');
    await reactions.add(t.as(t.carol), message.id, '👍');
    const after = await reactions.add(t.as(t.carol), message.id, custom.id);
    expect(after.reactions).toEqual([
      { reactionId: '👍', count: 2, userIds: [t.bob, t.carol] },
      { reactionId: custom.id, count: 1, userIds: [t.carol] },
    ]);
    const removed = await reactions.remove(t.as(t.bob), message.id, '👍');
    expect(removed.reactions[0]).toEqual({ reactionId: '👍', count: 1, userIds: [t.carol] });
    const [listed] = (await messages.list(t.as(t.alice), general.id, undefined, 50)).filter((m) => m.id === message.id);
    expect(listed.reactions).toEqual(removed.reactions);
  });

  it('refuses unknown reactions and other workspaces’ custom reactions', async () => {
    const t = team();
    const other = team();
    const [general] = await channels.list(t.as(t.alice));
    const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content: 'x' });
    const theirs = await reactions.createCustom(other.as(other.alice), {
      name: 'theirs',
      imageUrl: h.directory.upload(other.ws, 'reaction'),
    });
    expect((await rejection(reactions.add(t.as(t.bob), message.id, theirs.id))).code).toBe(ErrorCodes.reactionNotFound);
    expect((await rejection(reactions.add(t.as(t.bob), message.id, 'not an emoji'))).code).toBe(
      ErrorCodes.reactionNotFound,
    );
    expect((await rejection(reactions.add(other.as(other.alice), message.id, '👍'))).code).toBe(
      ErrorCodes.messageNotFound,
    );
  });

  it(`refuses a 51st distinct reaction with "${TOO_MANY_REACTIONS}" but still counts more users on existing ones`, async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content: 'popular' });
    const emoji = [
      ...'😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🤩🥳😏😒😞😔😟😕🙁😣😖😫😩🥺😢😭😤😠😡🤬🤯',
    ];
    expect(emoji).toHaveLength(50);
    for (const e of emoji) await reactions.add(t.as(t.bob), message.id, e);
    const err = await rejection(reactions.add(t.as(t.bob), message.id, '🔥'));
    expect(err.code).toBe(ErrorCodes.tooManyReactions);
    expect(err.message).toBe(TOO_MANY_REACTIONS);
    const more = await reactions.add(t.as(t.carol), message.id, '😀');
    expect(more.reactions.find((r) => r.reactionId === '😀')!.count).toBe(2);
  });
});
