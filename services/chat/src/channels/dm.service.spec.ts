import { ErrorCodes } from '@teamchat/contracts';
import { ChannelService } from './channel.service.js';
import { DmService } from './dm.service.js';
import { type ChatHarness, newTeam, rejection, startChatHarness } from '../../test/chat-test-harness.js';

describe(DmService.name, () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let dms: DmService;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    dms = h.app.get(DmService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  it('returns the existing DM when either side starts it again', async () => {
    const t = team();
    const first = await dms.open(t.as(t.alice), t.bob);
    const again = await dms.open(t.as(t.alice), t.bob);
    const reverse = await dms.open(t.as(t.bob), t.alice);
    expect(again.id).toBe(first.id);
    expect(reverse.id).toBe(first.id);
    expect(first).toMatchObject({ type: 'direct', icon: 'MessageCircle' });
    expect(first.participantIds!.sort()).toEqual([t.alice, t.bob].sort());
    const [x, y] = await Promise.all([dms.open(t.as(t.carol), t.alice), dms.open(t.as(t.alice), t.carol)]);
    expect(x.id).toBe(y.id);
  });

  it('lists only the caller’s DMs and never regular channels', async () => {
    const t = team();
    const ab = await dms.open(t.as(t.alice), t.bob);
    await dms.open(t.as(t.bob), t.carol);
    expect((await dms.list(t.as(t.alice))).map((c) => c.id)).toEqual([ab.id]);
    expect(await channels.list(t.as(t.alice))).not.toContainEqual(expect.objectContaining({ id: ab.id }));
  });

  it('refuses a user who is not in the workspace', async () => {
    const t = team();
    const outsider = h.directory.user('outsider');
    expect((await rejection(dms.open(t.as(t.alice), outsider))).code).toBe(ErrorCodes.memberNotFound);
    expect((await rejection(dms.open(t.as(t.alice), 'not-a-uuid'))).code).toBe(ErrorCodes.memberNotFound);
  });
});
