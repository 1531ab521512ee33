import { CHANNEL_NAME_EMPTY, ErrorCodes, ChatContracts } from '@teamchat/contracts';
import { SectionService } from '../sections/section.service.js';
import { ChannelService, CHANNEL_NAME_TAKEN, DM_RENAME_REFUSED } from './channel.service.js';
import { DmService } from './dm.service.js';
import { type ChatHarness, newTeam, rejection, startChatHarness } from '../../test/chat-test-harness.js';

describe(ChannelService.name, () => {
  let h: ChatHarness;
  let sections: SectionService;
  let channels: ChannelService;
  let dms: DmService;

  beforeAll(async () => {
    h = await startChatHarness();
    sections = h.app.get(SectionService);
    channels = h.app.get(ChannelService);
    dms = h.app.get(DmService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  it('puts a new channel at the end of the first section, with a known icon or Hash', async () => {
    const t = team();
    const a = await channels.create(t.as(t.alice), { name: 'random', description: 'Anything', icon: 'Zap' });
    const b = await channels.create(t.as(t.alice), { name: 'weird', icon: 'Banana' });
    const [first] = await sections.list(t.as(t.alice));
    expect(a).toMatchObject({ sectionId: first.id, order: 1, icon: 'Zap', description: 'Anything', type: 'regular' });
    expect(b).toMatchObject({ sectionId: first.id, order: 2, icon: 'Hash' });
  });

  it(`refuses a duplicate name in the workspace (any case) with "${CHANNEL_NAME_TAKEN}"`, async () => {
    const t = team();
    await channels.create(t.as(t.alice), { name: 'design' });
    const err = await rejection(channels.create(t.as(t.bob), { name: 'Design' }));
    expect(err.code).toBe(ErrorCodes.channelNameTaken);
    expect(err.message).toBe(CHANNEL_NAME_TAKEN);
    const other = team();
    await expect(channels.create(other.as(other.alice), { name: 'design' })).resolves.toMatchObject({
      name: 'design',
    });
  });

  it(`validates names with "${CHANNEL_NAME_EMPTY}" at the bus boundary`, () => {
    const parsed = ChatContracts.createChannel.request.safeParse({
      actor: { userId: crypto.randomUUID(), workspaceId: null },
      name: '   ',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0].message).toBe(CHANNEL_NAME_EMPTY);
  });

  it('renames a channel, keeping names unique', async () => {
    const t = team();
    const c = await channels.create(t.as(t.alice), { name: 'old-name' });
    await channels.create(t.as(t.alice), { name: 'taken' });
    expect(await channels.rename(t.as(t.bob), c.id, 'new-name')).toMatchObject({ id: c.id, name: 'new-name' });
    expect((await rejection(channels.rename(t.as(t.bob), c.id, 'TAKEN'))).code).toBe(ErrorCodes.channelNameTaken);
  });

  it(`refuses to rename a DM with "${DM_RENAME_REFUSED}"`, async () => {
    const t = team();
    const dm = await dms.open(t.as(t.alice), t.bob);
    const err = await rejection(channels.rename(t.as(t.alice), dm.id, 'x'));
    expect(err.code).toBe(ErrorCodes.channelIsDirect);
    expect(err.message).toBe(DM_RENAME_REFUSED);
  });

  it('keeps orders unique when channels are created concurrently in one section', async () => {
    const t = team();
    const s = await sections.create(t.as(t.alice), { name: 'Race', order: 0 });
    const made = await Promise.all(
      ['r1', 'r2', 'r3', 'r4', 'r5'].map((name) => channels.create(t.as(t.alice), { name, sectionId: s.id })),
    );
    expect(made.map((c) => c.order).sort()).toEqual([0, 1, 2, 3, 4]);
  });
});
