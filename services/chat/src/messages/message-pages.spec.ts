import { DataSource } from 'typeorm';
import { REPLAY_MAX_MESSAGES, type Message } from '@teamchat/contracts';
import { ChannelService } from '../channels/channel.service.js';
import { DmService } from '../channels/dm.service.js';
import { MessageService } from './message.service.js';
import { ReactionService } from '../reactions/reaction.service.js';
import { newestPageReads } from '@teamchat/observability';
import { MessageChangesService } from './message-changes.service.js';
import { PinService } from '../pins/pin.service.js';
import { type ChatHarness, newTeam, startChatHarness, writeHistory } from '../../test/chat-test-harness.js';

/** The newest page kept between reads, and the replay a reconnecting socket asks for. */
describe(MessageService.name, () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let dms: DmService;
  let messages: MessageService;
  let reactions: ReactionService;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    dms = h.app.get(DmService);
    messages = h.app.get(MessageService);
    reactions = h.app.get(ReactionService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  const history = (workspaceId: string, channelId: string, userId: string, count: number) =>
    writeHistory(h, workspaceId, channelId, userId, count);

  describe('newest page kept between reads', () => {
    const kept = async () => (await newestPageReads.get()).values.find((v) => v.labels.result === 'kept')?.value ?? 0;
    /** The page as Bob reads it, and whether it came from the page kept since his previous read. */
    const read = async (t: ReturnType<typeof team>, channelId: string) => {
      const before = await kept();
      const page = await messages.list(t.as(t.bob), channelId, undefined, 50);
      return { page, fromKept: (await kept()) > before };
    };

    it('answers from the kept page until a message of the channel changes, however it changed', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const other = await channels.create(t.as(t.alice), { name: `other-${Math.random().toString(36).slice(2, 6)}` });
      const first = (await messages.create(t.as(t.alice), { channelId: general.id, content: 'first' })).message;
      expect((await read(t, general.id)).fromKept).toBe(false);
      const again = await read(t, general.id);
      expect(again).toMatchObject({ fromKept: true });
      expect(again.page.map((m) => m.content)).toEqual(['first']);
      // another channel of the workspace changing leaves this one's page as it was
      await messages.create(t.as(t.alice), { channelId: other.id, content: 'elsewhere' });
      expect((await read(t, general.id)).fromKept).toBe(true);

      const changes: [string, () => Promise<unknown>, (page: Message[]) => void][] = [
        [
          'a new message',
          () => messages.create(t.as(t.carol), { channelId: general.id, content: 'second' }),
          (page) => expect(page.map((m) => m.content)).toEqual(['first', 'second']),
        ],
        [
          'a reaction',
          () => reactions.add(t.as(t.bob), first.id, '👍'),
          (page) => expect(page[0].reactions).toEqual([{ reactionId: '👍', count: 1, userIds: [t.bob] }]),
        ],
        [
          'a reaction taken back',
          () => reactions.remove(t.as(t.bob), first.id, '👍'),
          (page) => expect(page[0].reactions).toEqual([]),
        ],
        [
          'an edit',
          () => h.app.get(MessageChangesService).edit(t.as(t.alice), first.id, 'first, edited'),
          (page) => expect(page[0]).toMatchObject({ content: 'first, edited', editedAt: expect.any(String) }),
        ],
        [
          'a pin',
          () => h.app.get(PinService).pin(t.as(t.bob), first.id),
          (page) => expect(page[0]).toMatchObject({ pinnedBy: t.bob }),
        ],
        [
          'a thread reply',
          () => messages.create(t.as(t.carol), { channelId: general.id, content: 'in the thread', threadId: first.id }),
          (page) => expect(page[0].thread).toMatchObject({ replyCount: 1, replierIds: [t.carol] }),
        ],
        [
          'a fix made by hand in SQL',
          () =>
            h.app
              .get(DataSource)
              .query(`UPDATE "chat"."message" SET "content" = 'fixed by hand' WHERE "id" = $1`, [first.id]),
          (page) => expect(page[0].content).toBe('fixed by hand'),
        ],
      ];
      for (const [what, change, check] of changes) {
        await change();
        const after = await read(t, general.id);
        expect({ what, fromKept: after.fromKept }).toEqual({ what, fromKept: false });
        check(after.page);
        expect({ what, fromKept: (await read(t, general.id)).fromKept }).toEqual({ what, fromKept: true });
      }
    });

    it('reads again after more changes of the workspace than it looks through, and keeps pages per size', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const other = await channels.create(t.as(t.alice), { name: `busy-${Math.random().toString(36).slice(2, 6)}` });
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'quiet' });
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'quieter' });
      await read(t, general.id);
      // a busy channel beside it: the check walks a bounded stretch of the workspace's changes, then reads the page
      await history(t.ws, other.id, t.alice, 250);
      expect((await read(t, general.id)).fromKept).toBe(false);
      expect((await read(t, general.id)).fromKept).toBe(true);
      // a page of another size is kept apart: one message, then the two again
      const small = await messages.list(t.as(t.bob), general.id, undefined, 1);
      expect(small.map((m) => m.content)).toEqual(['quieter']);
      expect(await read(t, general.id)).toMatchObject({
        fromKept: true,
        page: [{ content: 'quiet' }, { content: 'quieter' }],
      });
      // what a caller does with its answer never reaches the kept page
      const { page } = await read(t, general.id);
      page.pop();
      expect((await read(t, general.id)).page.map((m) => m.content)).toEqual(['quiet', 'quieter']);
    });
  });

  describe('replay', () => {
    it('returns exactly the messages after `since` that the user may read', async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const seen = (await messages.create(t.as(t.alice), { channelId: general.id, content: 'seen' })).message;
      await new Promise((r) => setTimeout(r, 5));
      const missed1 = (await messages.create(t.as(t.alice), { channelId: general.id, content: 'missed 1' })).message;
      const dm = await dms.open(t.as(t.alice), t.bob);
      const missed2 = (await messages.create(t.as(t.alice), { channelId: dm.id, content: 'missed 2' })).message;
      const foreign = await dms.open(t.as(t.alice), t.carol);
      await messages.create(t.as(t.alice), { channelId: foreign.id, content: 'not for bob' });
      const replay = await messages.replay(t.as(t.bob), seen.createdAt);
      expect(replay).toEqual({
        status: 'ok',
        messages: [missed1, missed2].map((m) => ({ ...m, reactions: [] })),
      });
      expect(await messages.replay(t.as(t.bob), Date.parse(seen.createdAt))).toEqual(replay);
    });

    it('asks for a resync when `since` is more than a day old', async () => {
      const t = team();
      expect(await messages.replay(t.as(t.bob), Date.now() - 25 * 3600_000)).toEqual({
        status: 'resync',
        reason: 'since-too-old',
      });
    });

    it(`asks for a resync when more than ${REPLAY_MAX_MESSAGES} messages were missed`, async () => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const since = new Date(Date.now() - 1000).toISOString();
      await h.app
        .get(DataSource)
        .query(
          `INSERT INTO chat.message (workspace_id, channel_id, user_id, content) SELECT $1, $2, $3, 'bulk ' || g FROM generate_series(1, $4) g`,
          [t.ws, general.id, t.alice, REPLAY_MAX_MESSAGES + 1],
        );
      expect(await messages.replay(t.as(t.bob), since)).toEqual({ status: 'resync', reason: 'gap-too-large' });
    });
  });
});
