import { DataSource } from 'typeorm';
import { ErrorCodes, GROUP_DM_SELF } from '@teamchat/contracts';
import { ChannelService } from './channel.service.js';
import { DmService, dmKeyOf } from './dm.service.js';
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

  it('keeps the key 1:1 DMs always had: the sorted pair', () => {
    const [a, b] = ['B0000000-0000-4000-8000-000000000000', 'a0000000-0000-4000-8000-000000000000'];
    expect(dmKeyOf(a, b)).toBe(`${b}:${a.toLowerCase()}`);
    expect(dmKeyOf(b, a)).toBe(dmKeyOf(a, b));
  });

  it('finds a 1:1 DM stored before the key was widened for groups (migration 1737000000100)', async () => {
    const t = team();
    const db = h.app.get(DataSource);
    const width = async () =>
      (
        (await db.query(
          `SELECT character_maximum_length AS n FROM information_schema.columns
           WHERE table_schema = 'chat' AND table_name = 'channel' AND column_name = 'dm_key'`,
        )) as { n: number }[]
      )[0]!.n;
    const applied = async () =>
      ((await db.query(`SELECT "name" FROM "chat"."migrations" ORDER BY "id" DESC`)) as { name: string }[]).map(
        (m) => m.name,
      );
    const later = (await applied()).indexOf('ChatGroupDmKey1737000000100');
    expect(later).toBeGreaterThanOrEqual(0);
    // the migrations after it are undone first, then it
    for (let i = 0; i <= later; i++) await db.undoLastMigration();
    expect(await width()).toBe(80);
    const before = await dms.open(t.as(t.alice), t.bob);
    await db.runMigrations();
    expect(await width()).toBe(400);
    expect((await dms.open(t.as(t.bob), t.alice)).id).toBe(before.id);
  });

  describe('openGroup', () => {
    /** A team of five: alice, bob and carol, and two more members of their workspace. */
    const five = () => {
      const t = team();
      const dave = h.directory.user(`dave${Math.random().toString(36).slice(2, 6)}`);
      const erin = h.directory.user(`erin${Math.random().toString(36).slice(2, 6)}`);
      h.directory.join(t.ws, dave);
      h.directory.join(t.ws, erin);
      return { ...t, dave, erin };
    };

    it('starts one DM per set of people, whoever starts it and in any order, named by its members', async () => {
      const t = five();
      const first = await dms.openGroup(t.as(t.alice), [t.bob, t.carol]);
      expect(first).toMatchObject({ type: 'direct', icon: 'MessageCircle', sectionId: null });
      expect(first.participantIds).toEqual([t.alice, t.bob, t.carol]);
      expect(first.name.split(', ')).toHaveLength(3);
      expect((await dms.openGroup(t.as(t.alice), [t.carol, t.bob])).id).toBe(first.id);
      expect((await dms.openGroup(t.as(t.carol), [t.alice, t.bob.toUpperCase()])).id).toBe(first.id);
      // a different set is a different DM, and neither is the 1:1 DM of two of them
      const bigger = await dms.openGroup(t.as(t.alice), [t.bob, t.carol, t.dave]);
      const pair = await dms.open(t.as(t.alice), t.bob);
      expect(new Set([first.id, bigger.id, pair.id]).size).toBe(3);
      const raced = await Promise.all([
        dms.openGroup(t.as(t.bob), [t.dave, t.erin]),
        dms.openGroup(t.as(t.erin), [t.bob, t.dave]),
        dms.openGroup(t.as(t.dave), [t.erin, t.bob]),
      ]);
      expect(new Set(raced.map((c) => c.id)).size).toBe(1);
    });

    it('is listed for every member of the group and nobody else', async () => {
      const t = five();
      const group = await dms.openGroup(t.as(t.alice), [t.bob, t.carol]);
      for (const member of [t.alice, t.bob, t.carol]) {
        expect((await dms.list(t.as(member))).map((c) => c.id)).toContain(group.id);
      }
      expect((await dms.list(t.as(t.dave))).map((c) => c.id)).not.toContain(group.id);
      expect(await channels.list(t.as(t.bob))).not.toContainEqual(expect.objectContaining({ id: group.id }));
    });

    it('holds the caller and 8 others: the widest key fits', async () => {
      const t = team();
      const others = Array.from({ length: 8 }, (_, i) =>
        h.directory.user(`many${i}${Math.random().toString(36).slice(2, 6)}`),
      );
      for (const id of others) h.directory.join(t.ws, id);
      const group = await dms.openGroup(t.as(t.alice), others);
      expect(group.participantIds).toHaveLength(9);
      expect((await dms.openGroup(t.as(others[7]!), [...others.slice(0, 7), t.alice].reverse())).id).toBe(group.id);
    });

    it(`refuses the caller in the list with "${GROUP_DM_SELF}"`, async () => {
      const t = five();
      const err = await rejection(dms.openGroup(t.as(t.alice), [t.bob, t.alice]));
      expect(err).toMatchObject({ code: ErrorCodes.validation, message: GROUP_DM_SELF });
    });

    it('refuses anyone outside the workspace and creates nothing', async () => {
      const t = five();
      const outsider = h.directory.user('outsider');
      const count = async () =>
        (
          await h.app
            .get(DataSource)
            .query(`SELECT count(*)::int AS n FROM "chat"."channel" WHERE "workspace_id" = $1`, [t.ws])
        )[0].n as number;
      const before = await count();
      expect((await rejection(dms.openGroup(t.as(t.alice), [t.bob, outsider]))).code).toBe(ErrorCodes.memberNotFound);
      expect((await rejection(dms.openGroup(t.as(t.alice), [t.bob, 'not-a-uuid']))).code).toBe(
        ErrorCodes.memberNotFound,
      );
      expect(await count()).toBe(before);
    });
  });

  it('refuses a user who is not in the workspace', async () => {
    const t = team();
    const outsider = h.directory.user('outsider');
    expect((await rejection(dms.open(t.as(t.alice), outsider))).code).toBe(ErrorCodes.memberNotFound);
    expect((await rejection(dms.open(t.as(t.alice), 'not-a-uuid'))).code).toBe(ErrorCodes.memberNotFound);
  });
});
