import {
  ErrorCodes,
  MESSAGE_EMPTY,
  WORKSPACE_READ_ONLY_MESSAGE,
  IdentityContracts,
  WorkspaceContracts,
  ChatContracts,
} from '@teamchat/contracts';
import { ChannelService } from '../channels/channel.service.js';
import { DmService } from '../channels/dm.service.js';
import { MessageService } from './message.service.js';
import { WorkspaceEventsController } from '../workspace-events/workspace-events.controller.js';
import { waitFor } from '@teamchat/testing/wait';
import { type ChatHarness, newTeam, rejection, startChatHarness } from '../../test/chat-test-harness.js';

describe(MessageService.name, () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let dms: DmService;
  let messages: MessageService;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    dms = h.app.get(DmService);
    messages = h.app.get(MessageService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  it('stores a message with the author’s username and lists pages oldest first', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const sent: { createdAt: string }[] = [];
    for (let i = 0; i < 5; i++) {
      sent.push((await messages.create(t.as(t.alice), { channelId: general.id, content: `m${i}` })).message);
      // createdAt has millisecond precision and the harness stores faster than that: messages of one millisecond
      // are ordered by id, which is random, so each of these gets its own millisecond
      await waitFor(() => Date.now() > Date.parse(sent[i].createdAt), { intervalMs: 1 });
    }
    expect(sent[0]).toMatchObject({
      channelId: general.id,
      userId: t.alice,
      username: h.directory.usernames.get(t.alice),
      content: 'm0',
      imageUrl: null,
    });
    const page = await messages.list(t.as(t.bob), general.id, undefined, 3);
    expect(page.map((m) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const older = await messages.list(t.as(t.bob), general.id, page[0].id, 50);
    expect(older.map((m) => m.content)).toEqual(['m0', 'm1']);
    const byTime = await messages.list(t.as(t.bob), general.id, sent[2].createdAt, 50);
    expect(byTime.map((m) => m.content)).toEqual(['m0', 'm1']);
  });

  it('refuses a message in a read-only workspace with BILLING.WORKSPACE_READ_ONLY, and a stranger with not found', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    h.directory.writableUntil.set(t.ws, new Date(Date.now() - 1000).toISOString());
    const refused = await rejection(messages.create(t.as(t.alice), { channelId: general.id, content: 'paid?' }));
    expect(refused).toMatchObject({ code: ErrorCodes.workspaceReadOnly, message: WORKSPACE_READ_ONLY_MESSAGE });
    const stranger = h.directory.user('mallory');
    const outsider = await rejection(messages.create(t.as(stranger), { channelId: general.id, content: 'hi' }));
    expect(outsider.code).toBe(ErrorCodes.workspaceNotFound);
    // reading keeps working
    expect(await messages.list(t.as(t.bob), general.id, undefined, 10)).toEqual([]);
  });

  it('accepts an image without text, and refuses a message with neither at the boundary', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const image = h.directory.upload(t.ws, 'message');
    const { message } = await messages.create(t.as(t.alice), {
      channelId: general.id,
      imageUrl: image,
      content: '  ',
    });
    expect(message).toMatchObject({ content: null, imageUrl: image });
    const parsed = ChatContracts.createMessage.request.safeParse({
      actor: { userId: t.alice, workspaceId: t.ws },
      channelId: general.id,
      content: ' ',
    });
    expect(parsed.error!.issues[0].message).toBe(MESSAGE_EMPTY);
  });

  it('returns the stored message for a clientMsgId seen before instead of a duplicate', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const first = await messages.create(t.as(t.alice), {
      channelId: general.id,
      content: 'once',
      clientMsgId: 'c-1',
    });
    const again = await messages.create(t.as(t.alice), {
      channelId: general.id,
      content: 'once',
      clientMsgId: 'c-1',
    });
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.message.id).toBe(first.message.id);
    expect(
      (await messages.list(t.as(t.alice), general.id, undefined, 50)).filter((m) => m.content === 'once'),
    ).toHaveLength(1);
    const bobs = await messages.create(t.as(t.bob), { channelId: general.id, content: 'once', clientMsgId: 'c-1' });
    expect(bobs.created).toBe(true);
  });

  it('lets only participants read and post in a DM, and answers other workspaces’ channels as not found', async () => {
    const t = team();
    const other = team();
    const dm = await dms.open(t.as(t.alice), t.bob);
    const created = await messages.create(t.as(t.bob), { channelId: dm.id, content: 'psst' });
    expect(created.audience.userIds!.sort()).toEqual([t.alice, t.bob].sort());
    expect((await rejection(messages.create(t.as(t.carol), { channelId: dm.id, content: 'hi' }))).code).toBe(
      ErrorCodes.channelNotFound,
    );
    expect((await rejection(messages.list(t.as(t.carol), dm.id, undefined, 50))).code).toBe(ErrorCodes.channelNotFound);
    const [theirs] = await channels.list(other.as(other.alice));
    expect((await rejection(messages.create(t.as(t.alice), { channelId: theirs.id, content: 'x' }))).code).toBe(
      ErrorCodes.channelNotFound,
    );
    expect((await rejection(messages.list(t.as(t.alice), 'garbage', undefined, 50))).code).toBe(
      ErrorCodes.channelNotFound,
    );
  });

  it('refuses a member removed from the workspace, also right after they posted', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    // alice's check loaded the workspace's roster, carol on it: her removal reaches chat as the event it is
    h.directory.leave(t.ws, t.carol);
    await h.app.get(WorkspaceEventsController).removed({ workspaceId: t.ws, userId: t.carol, role: 'member' });
    expect((await rejection(messages.create(t.as(t.carol), { channelId: general.id, content: 'bye' }))).code).toBe(
      ErrorCodes.workspaceNotFound,
    );
    await messages.create(t.as(t.bob), { channelId: general.id, content: 'still here' });
    h.directory.leave(t.ws, t.bob);
    await h.app.get(WorkspaceEventsController).removed({ workspaceId: t.ws, userId: t.bob, role: 'member' });
    expect((await rejection(messages.create(t.as(t.bob), { channelId: general.id, content: 'gone' }))).code).toBe(
      ErrorCodes.workspaceNotFound,
    );
  });

  it('asks the workspace service once for a burst of messages from one member', async () => {
    const t = team();
    h.bus.clear();
    const [general] = await channels.list(t.as(t.alice));
    for (let i = 0; i < 5; i++) await messages.create(t.as(t.bob), { channelId: general.id, content: `burst ${i}` });
    // alice's first check loaded the roster (bob on it); nothing more was asked
    expect(h.bus.requestsTo(WorkspaceContracts.listMembers)).toHaveLength(1);
    expect(h.bus.requestsTo(WorkspaceContracts.getMember)).toHaveLength(0);
  });

  it("asks identity once for the names of a workspace's members, with its roster", async () => {
    const t = team();
    h.bus.clear();
    const [general] = await channels.list(t.as(t.alice));
    await waitFor(() => h.bus.requestsTo(IdentityContracts.getMany).length > 0);
    await messages.create(t.as(t.bob), { channelId: general.id, content: 'first from bob' });
    await messages.create(t.as(t.carol), { channelId: general.id, content: 'first from carol' });
    const asked = h.bus.requestsTo(IdentityContracts.getMany).flatMap((r) => r.userIds);
    expect(asked.filter((id) => id === t.bob || id === t.carol)).toHaveLength(2);
  });
});
