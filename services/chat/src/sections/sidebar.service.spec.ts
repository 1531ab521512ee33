import { ErrorCodes, RealtimeEvents, SECTION_NOT_EMPTY_MESSAGE } from '@teamchat/contracts';
import { ChannelMembershipService } from '../channels/channel-membership.service.js';
import { ChannelService } from '../channels/channel.service.js';
import { DmService } from '../channels/dm.service.js';
import { SECTION_RENAME_OWN_ONLY, SectionService } from './section.service.js';
import { DM_REORDER_REFUSED, SidebarService } from './sidebar.service.js';
import { type ChatHarness, newTeam, rejection, startChatHarness } from '../../test/chat-test-harness.js';

describe(SidebarService.name, () => {
  let h: ChatHarness;
  let sections: SectionService;
  let channels: ChannelService;
  let sidebar: SidebarService;
  let membership: ChannelMembershipService;

  beforeAll(async () => {
    h = await startChatHarness();
    sections = h.app.get(SectionService);
    channels = h.app.get(ChannelService);
    sidebar = h.app.get(SidebarService);
    membership = h.app.get(ChannelMembershipService);
  });

  afterAll(() => h.close());
  afterEach(() => h.bus.verify());

  /** A team whose three members all belong to four channels in the workspace section "Work". */
  const setUp = async () => {
    const t = newTeam(h);
    const work = await sections.create(t.as(t.alice), { name: 'Work', order: 1 });
    const made = [];
    for (const name of ['one', 'two', 'three', 'four'])
      made.push(await channels.create(t.as(t.alice), { name, sectionId: work.id, participantIds: [t.bob, t.carol] }));
    return { ...t, work, made };
  };
  type Team = Awaited<ReturnType<typeof setUp>>;
  /** The sidebar as a member sees it: [section name, channel name, order] in the order listed. */
  const layout = async (t: Team, who: string) => {
    const names = new Map((await sections.list(t.as(who))).map((s) => [s.id, s.name]));
    return (await channels.list(t.as(who))).map((c) => [names.get(c.sectionId!), c.name, c.order]);
  };
  const framesSince = (from: number) => h.bus.eventsOf(RealtimeEvents.workspaceBroadcast).slice(from);

  describe('move', () => {
    it("reorders the member's own sidebar only, densely, and leaves the channels' defaults", async () => {
      const t = await setUp();
      const before = await layout(t, t.bob);
      const moved = await sidebar.move(t.as(t.alice), { channelId: t.made[3].id, newOrder: 1 });
      expect(moved.map((c) => [c.name, c.order])).toEqual([
        ['one', 0],
        ['four', 1],
        ['two', 2],
        ['three', 3],
      ]);
      const again = await sidebar.move(t.as(t.alice), { channelId: t.made[0].id, newOrder: 50 });
      expect(again.map((c) => c.name)).toEqual(['four', 'two', 'three', 'one']);
      expect((await layout(t, t.alice)).filter(([s]) => s === 'Work').map(([, n]) => n)).toEqual([
        'four',
        'two',
        'three',
        'one',
      ]);
      expect(await layout(t, t.bob)).toEqual(before);
      expect(await channels.get(t.as(t.alice), t.made[3].id)).toMatchObject({ sectionId: t.work.id, order: 3 });
    });

    it('shows a member who never customised, and a new member, the workspace defaults', async () => {
      const t = await setUp();
      const mine = await sections.create(t.as(t.alice), { name: 'Mine', personal: true });
      await sidebar.move(t.as(t.alice), { channelId: t.made[1].id, newOrder: 0, sectionId: mine.id });
      const dave = h.directory.user('dave');
      h.directory.join(t.ws, dave);
      await membership.join(h.actor(dave, t.ws), t.made[1].id);
      expect(await layout(t, dave)).toEqual([
        ['Channels', 'general', 0],
        ['Work', 'two', 1],
      ]);
      expect((await layout(t, t.carol)).filter(([s]) => s === 'Work').map(([, n]) => n)).toEqual([
        'one',
        'two',
        'three',
        'four',
      ]);
      expect((await sections.list(h.actor(dave, t.ws))).map((s) => s.name)).not.toContain('Mine');
    });

    it("moves a channel into the member's own section, and tells only their screens", async () => {
      const t = await setUp();
      const mine = await sections.create(t.as(t.alice), { name: 'Mine', personal: true, order: 5 });
      const from = h.bus.eventsOf(RealtimeEvents.workspaceBroadcast).length;
      const answer = await sidebar.move(t.as(t.alice), { channelId: t.made[2].id, newOrder: 0, sectionId: mine.id });
      expect(answer.map((c) => [c.name, c.sectionId, c.order])).toEqual([['three', mine.id, 0]]);
      expect(framesSince(from).map((e) => [e.frame.type, e.userIds])).toEqual([['sidebar_changed', [t.alice]]]);
      expect((await layout(t, t.alice)).slice(-1)).toEqual([['Mine', 'three', 0]]);
      expect((await layout(t, t.bob)).filter(([s]) => s === 'Work')).toHaveLength(4);
    });

    it("answers another member's own section, a channel the member is not in, and a DM as not theirs", async () => {
      const t = await setUp();
      const hers = await sections.create(t.as(t.alice), { name: 'Hers', personal: true });
      const move = (who: string, channelId: string, sectionId?: string) =>
        rejection(sidebar.move(t.as(who), { channelId, newOrder: 0, ...(sectionId ? { sectionId } : {}) }));
      expect((await move(t.bob, t.made[0].id, hers.id)).code).toBe(ErrorCodes.sectionNotFound);
      expect((await move(t.bob, t.made[0].id, 'nope')).code).toBe(ErrorCodes.sectionNotFound);
      const outside = await channels.create(t.as(t.alice), { name: 'outside' });
      expect((await move(t.bob, outside.id)).code).toBe(ErrorCodes.channelNotFound);
      const dm = await h.app.get(DmService).open(t.as(t.alice), t.bob);
      const refused = await move(t.alice, dm.id);
      expect([refused.code, refused.message]).toEqual([ErrorCodes.channelIsDirect, DM_REORDER_REFUSED]);
    });

    it('forgets where a member put a channel when they leave it: back where the workspace has it on return', async () => {
      const t = await setUp();
      const mine = await sections.create(t.as(t.bob), { name: 'Later', personal: true });
      await sidebar.move(t.as(t.bob), { channelId: t.made[0].id, newOrder: 0, sectionId: mine.id });
      await membership.leave(t.as(t.bob), t.made[0].id);
      expect((await layout(t, t.bob)).map(([, n]) => n)).not.toContain('one');
      await membership.join(t.as(t.bob), t.made[0].id);
      expect(await layout(t, t.bob)).toContainEqual(['Work', 'one', 0]);
    });
  });

  describe('own sections', () => {
    it('lists them to their owner only, marked personal', async () => {
      const t = await setUp();
      const mine = await sections.create(t.as(t.alice), { name: 'Mine', personal: true });
      expect(mine).toMatchObject({ name: 'Mine', order: 0, personal: true });
      expect((await sections.list(t.as(t.alice))).map((s) => [s.name, s.personal])).toEqual([
        ['Channels', false],
        ['Mine', true],
        ['Work', false],
      ]);
      expect((await sections.list(t.as(t.bob))).map((s) => s.name)).toEqual(['Channels', 'Work']);
    });

    it("renames the owner's own section; another member's is not found, a workspace section refused", async () => {
      const t = await setUp();
      const mine = await sections.create(t.as(t.alice), { name: 'Mine', personal: true });
      expect(await sections.rename(t.as(t.alice), mine.id, 'Focus')).toMatchObject({ id: mine.id, name: 'Focus' });
      expect((await rejection(sections.rename(t.as(t.bob), mine.id, 'x'))).code).toBe(ErrorCodes.sectionNotFound);
      const refused = await rejection(sections.rename(t.as(t.alice), t.work.id, 'x'));
      expect([refused.code, refused.message]).toEqual([ErrorCodes.forbidden, SECTION_RENAME_OWN_ONLY]);
    });

    it("deletes the owner's own section with its channels in it: they go back to their defaults", async () => {
      const t = await setUp();
      const mine = await sections.create(t.as(t.alice), { name: 'Mine', personal: true });
      await sidebar.move(t.as(t.alice), { channelId: t.made[1].id, newOrder: 0, sectionId: mine.id });
      await sidebar.move(t.as(t.alice), { channelId: t.made[0].id, newOrder: 9 });
      expect((await rejection(sections.remove(t.as(t.bob), mine.id))).code).toBe(ErrorCodes.sectionNotFound);
      await sections.remove(t.as(t.alice), mine.id);
      expect((await layout(t, t.alice)).filter(([s]) => s === 'Work').map(([, n, o]) => [n, o])).toEqual([
        ['three', 0],
        ['two', 1],
        ['four', 1],
        ['one', 2],
      ]);
    });

    it('puts a channel created in an own section there for its creator, and in the first section for others', async () => {
      const t = await setUp();
      const mine = await sections.create(t.as(t.alice), { name: 'Mine', personal: true });
      const made = await channels.create(t.as(t.alice), { name: 'new', sectionId: mine.id, participantIds: [t.bob] });
      expect(made).toMatchObject({ sectionId: mine.id, order: 0 });
      expect(await layout(t, t.alice)).toContainEqual(['Mine', 'new', 0]);
      expect(await layout(t, t.bob)).toContainEqual(['Channels', 'new', 1]);
      const err = await rejection(channels.create(t.as(t.bob), { name: 'sneaky', sectionId: mine.id }));
      expect(err.code).toBe(ErrorCodes.sectionNotFound);
    });
  });

  it(`refuses to delete a workspace section the member put channels in with "${SECTION_NOT_EMPTY_MESSAGE}"`, async () => {
    const t = await setUp();
    const spare = await sections.create(t.as(t.alice), { name: 'Spare' });
    await sidebar.move(t.as(t.bob), { channelId: t.made[0].id, newOrder: 0, sectionId: spare.id });
    const err = await rejection(sections.remove(t.as(t.bob), spare.id));
    expect([err.code, err.message]).toEqual([ErrorCodes.sectionNotEmpty, SECTION_NOT_EMPTY_MESSAGE]);
    // empty as Carol sees it: deleted, and Bob's channel is back in its default section (his screens are told)
    const from = h.bus.eventsOf(RealtimeEvents.workspaceBroadcast).length;
    await sections.remove(t.as(t.carol), spare.id);
    expect(await layout(t, t.bob)).toContainEqual(['Work', 'one', 0]);
    expect(framesSince(from).map((e) => [e.frame.type, e.userIds])).toEqual([['sidebar_changed', [t.bob]]]);
  });
});
