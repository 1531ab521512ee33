import { DataSource } from 'typeorm';
import { ChatEvents, ErrorCodes, RealtimeEvents, WorkspaceContracts } from '@teamchat/contracts';
import { MessageService } from '../messages/message.service.js';
import { UnreadService } from '../unread/unread.service.js';
import { WorkspaceEventsController } from '../workspace-events/workspace-events.controller.js';
import { ChannelAccessService } from './channel-access.service.js';
import { ChannelMembershipService } from './channel-membership.service.js';
import { ChannelService } from './channel.service.js';
import { type ChatHarness, newTeam, rejection, startChatHarness } from '../../test/chat-test-harness.js';

describe(ChannelMembershipService.name, () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let membership: ChannelMembershipService;
  let messages: MessageService;
  let db: DataSource;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    membership = h.app.get(ChannelMembershipService);
    messages = h.app.get(MessageService);
    db = h.app.get(DataSource);
  });
  afterAll(() => h.close());
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);
  const names = async (actor: ReturnType<ReturnType<typeof team>['as']>) =>
    (await channels.list(actor)).map((c) => c.name);

  it('backfills a workspace set up before membership: every member keeps every channel they read, once', async () => {
    const t = team();
    // the rows an older chat left: a set-up workspace, its section, two channels without members, a message
    await db.query(`INSERT INTO "chat"."workspace_setup" ("workspace_id", "members_backfilled") VALUES ($1, false)`, [
      t.ws,
    ]);
    const [section] = (await db.query(
      `INSERT INTO "chat"."channel_section" ("workspace_id", "name", "order") VALUES ($1, 'Channels', 0) RETURNING "id"`,
      [t.ws],
    )) as { id: string }[];
    const made = (await db.query(
      `INSERT INTO "chat"."channel" ("workspace_id", "name", "section_id", "type", "order", "is_default")
       VALUES ($1, 'general', $2, 'regular', 0, true), ($1, 'random', $2, 'regular', 1, false) RETURNING "id"`,
      [t.ws, section.id],
    )) as { id: string }[];
    await db.query(
      `INSERT INTO "chat"."message" ("workspace_id", "channel_id", "user_id", "content") VALUES ($1, $2, $3, 'old')`,
      [t.ws, made[1].id, t.alice],
    );
    // the backfill asks for the whole list (the membership cache's roster asks for a bounded one)
    const backfills = () => h.bus.requestsTo(WorkspaceContracts.listMembers).filter((r) => r.limit === undefined);
    const asked = backfills().length;
    for (const who of [t.bob, t.alice, t.carol]) expect(await names(t.as(who))).toEqual(['general', 'random']);
    expect(backfills().length - asked).toBe(1);
    expect((await channels.get(t.as(t.carol), made[1].id)).memberCount).toBe(3);
    expect(await h.app.get(UnreadService).list(t.as(t.bob))).toEqual([{ channelId: made[1].id, count: 1 }]);
    // a member who joins later gets the default channel only
    const dave = h.directory.user('dave');
    h.directory.join(t.ws, dave);
    expect(await names(t.as(dave))).toEqual(['general']);
  });

  it('joins a new member to the default channels once, on the workspace event or their first list', async () => {
    const t = team();
    await channels.list(t.as(t.alice));
    const announcements = await channels.create(t.as(t.alice), { name: 'announcements' });
    await db.query(`UPDATE "chat"."channel" SET "is_default" = true WHERE "id" = $1`, [announcements.id]);
    const erin = h.directory.user('erin');
    h.directory.join(t.ws, erin);
    await h.app.get(WorkspaceEventsController).added({ workspaceId: t.ws, userId: erin, role: 'member' });
    expect(await names(t.as(erin))).toEqual(['general', 'announcements']);
    // leaving a default channel is for good: nothing joins them again
    await membership.leave(t.as(erin), announcements.id);
    await h.app.get(WorkspaceEventsController).added({ workspaceId: t.ws, userId: erin, role: 'member' });
    expect(await names(t.as(erin))).toEqual(['general']);
  });

  it("lists a new member's default channels even while the workspace event is still joining them to those", async () => {
    const t = team();
    await channels.list(t.as(t.alice));
    const frank = h.directory.user('frank');
    h.directory.join(t.ws, frank);
    // the member-added event and the new member's first list, side by side: the list waits for the event's joins
    const [, first] = await Promise.all([
      h.app.get(WorkspaceEventsController).added({ workspaceId: t.ws, userId: frank, role: 'member' }),
      names(t.as(frank)),
    ]);
    expect(first).toEqual(['general']);
  });

  it('takes a member who left the workspace out of its channels, and sets them up again when back', async () => {
    const t = team();
    const room = await channels.create(t.as(t.alice), { name: 'room', visibility: 'private', participantIds: [t.bob] });
    h.directory.leave(t.ws, t.bob);
    await h.app.get(WorkspaceEventsController).removed({ workspaceId: t.ws, userId: t.bob, role: 'member' });
    expect((await channels.get(t.as(t.alice), room.id)).participantIds).toEqual([t.alice]);
    h.directory.join(t.ws, t.bob);
    expect(await names(t.as(t.bob))).toEqual(['general']);
  });

  it('announces each change to every replica and gateway node, and what it says to the members', async () => {
    const t = team();
    const room = await channels.create(t.as(t.alice), { name: 'heard', visibility: 'private' });
    const events = h.bus.eventsOf(ChatEvents.membershipChanged).length;
    const frames = h.bus.eventsOf(RealtimeEvents.workspaceBroadcast).length;
    await membership.add(t.as(t.alice), room.id, [t.bob]);
    await membership.remove(t.as(t.alice), room.id, t.bob);
    expect(h.bus.eventsOf(ChatEvents.membershipChanged).slice(events)).toEqual([
      { workspaceId: t.ws, channelId: room.id, added: [t.bob], removed: [], visibility: 'private' },
      { workspaceId: t.ws, channelId: room.id, added: [], removed: [t.bob], visibility: 'private' },
    ]);
    const sent = h.bus.eventsOf(RealtimeEvents.workspaceBroadcast).slice(frames);
    expect(sent.map((e) => [e.frame.type, e.userIds])).toEqual([
      ['channel_member_added', [t.alice, t.bob]],
      ['message', [t.alice, t.bob]],
      ['channel_member_removed', [t.alice]],
      ['channel_removed', [t.bob]],
      ['message', [t.alice]],
    ]);
  });

  it('drops a private channel’s cached access the moment its membership changes, and keeps a public one’s', async () => {
    const t = team();
    const access = h.app.get(ChannelAccessService);
    const room = await channels.create(t.as(t.alice), {
      name: 'cached',
      visibility: 'private',
      participantIds: [t.bob],
    });
    await access.readableRef({ userId: t.bob, workspaceId: t.ws }, room.id);
    await membership.remove(t.as(t.alice), room.id, t.bob);
    const err = await rejection(access.readableRef({ userId: t.bob, workspaceId: t.ws }, room.id));
    expect(err.code).toBe(ErrorCodes.channelNotFound);
    // another replica hears it by the event: its cached ref goes as well
    await membership.add(t.as(t.alice), room.id, [t.bob]);
    await access.readableRef({ userId: t.bob, workspaceId: t.ws }, room.id);
    await db.query(`DELETE FROM "chat"."channel_member" WHERE "channel_id" = $1 AND "user_id" = $2`, [room.id, t.bob]);
    await db.query(`UPDATE "chat"."channel" SET "participant_ids" = ARRAY[$2::uuid] WHERE "id" = $1`, [
      room.id,
      t.alice,
    ]);
    access.forget(room.id, true);
    expect((await rejection(access.readableRef({ userId: t.bob, workspaceId: t.ws }, room.id))).code).toBe(
      ErrorCodes.channelNotFound,
    );
  });

  it('tells the author which mentioned people are not members, only workspace members, never themselves', async () => {
    const t = team();
    const room = await channels.create(t.as(t.alice), { name: 'talk', visibility: 'private', participantIds: [t.bob] });
    const carolName = h.directory.usernames.get(t.carol)!;
    const bobName = h.directory.usernames.get(t.bob)!;
    const aliceName = h.directory.usernames.get(t.alice)!;
    const created = await messages.create(t.as(t.alice), {
      channelId: room.id,
      content: `@${carolName} @${bobName} @${aliceName} @nobody-here`,
    });
    expect(created.message.mentionedNonMembers).toEqual([t.carol]);
    const quiet = await messages.create(t.as(t.alice), { channelId: room.id, content: `@${bobName} hi` });
    expect(quiet.message.mentionedNonMembers).toBeUndefined();
  });

  it('keeps one consistent membership under concurrent adds, removes and leaves', async () => {
    const t = team();
    const room = await channels.create(t.as(t.alice), { name: 'busy', visibility: 'private' });
    for (let round = 0; round < 5; round++) {
      await Promise.allSettled([
        membership.add(t.as(t.alice), room.id, [t.bob, t.carol]),
        membership.remove(t.as(t.alice), room.id, t.bob),
        membership.leave(t.as(t.carol), room.id),
        membership.add(t.as(t.alice), room.id, [t.carol]),
      ]);
      const [row] = (await db.query(
        `SELECT c."participant_ids", (SELECT array_agg(m."user_id" ORDER BY m."user_id") FROM "chat"."channel_member" m
                                       WHERE m."channel_id" = c."id") AS "rows"
         FROM "chat"."channel" c WHERE c."id" = $1`,
        [room.id],
      )) as { participant_ids: string[]; rows: string[] }[];
      expect([...row.participant_ids].sort()).toEqual(row.rows);
      expect(row.rows).toContain(t.alice);
    }
  });
});
