import { DataSource } from 'typeorm';
import { ErrorCodes, UNREAD_COUNT_CAP } from '@teamchat/contracts';
import { ChannelService } from '../channels/channel.service.js';
import { DmService } from '../channels/dm.service.js';
import { MessageService } from '../messages/message.service.js';
import { UnreadService } from './unread.service.js';
import { type ChatHarness, newTeam, rejection, startChatHarness, writeHistory } from '../../test/chat-test-harness.js';

describe(UnreadService.name, () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let dms: DmService;
  let messages: MessageService;
  let unread: UnreadService;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    dms = h.app.get(DmService);
    messages = h.app.get(MessageService);
    unread = h.app.get(UnreadService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  const history = (workspaceId: string, channelId: string, userId: string, count: number) =>
    writeHistory(h, workspaceId, channelId, userId, count);

  it('counts others’ messages after the last read, and agrees for every device after a mark', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const dm = await dms.open(t.as(t.alice), t.bob);
    await messages.create(t.as(t.alice), { channelId: general.id, content: '1' });
    await messages.create(t.as(t.alice), { channelId: general.id, content: '2' });
    await messages.create(t.as(t.alice), { channelId: dm.id, content: 'dm' });
    await messages.create(t.as(t.bob), { channelId: general.id, content: 'mine' });
    const counts = await unread.list(t.as(t.bob));
    expect(counts).toEqual(
      expect.arrayContaining([
        { channelId: general.id, count: 2 },
        { channelId: dm.id, count: 1 },
      ]),
    );
    expect(await unread.list(t.as(t.carol))).toEqual([{ channelId: general.id, count: 3 }]);
    await unread.markRead(t.as(t.bob), general.id);
    expect(await unread.list(t.as(t.bob))).toEqual([{ channelId: dm.id, count: 1 }]);
    await messages.create(t.as(t.alice), { channelId: general.id, content: '3' });
    expect(await unread.list(t.as(t.bob))).toEqual(expect.arrayContaining([{ channelId: general.id, count: 1 }]));
    expect((await rejection(unread.markRead(t.as(t.carol), dm.id))).code).toBe(ErrorCodes.channelNotFound);
  });

  it('counts a message stored right after a mark, in the same millisecond as it, and never one stored before', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    // back to back, many marks share a millisecond with the message after them (or the one before)
    const missed: number[] = [];
    for (let i = 0; i < 60; i++) {
      await messages.create(t.as(t.alice), { channelId: general.id, content: `before ${i}` });
      const mark = await unread.markRead(t.as(t.bob), general.id);
      const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content: `after ${i}` });
      expect(Date.parse(message.createdAt)).toBeGreaterThan(Date.parse(mark.lastReadAt));
      const counts = await unread.list(t.as(t.bob));
      if (counts.find((c) => c.channelId === general.id)?.count !== 1) missed.push(i);
    }
    expect(missed).toEqual([]);
  });

  it('leaves a mark no message has passed as it is — the same answer, the row not written again — and moves it once one has', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    await messages.create(t.as(t.alice), { channelId: general.id, content: 'first' });
    const db = h.app.get(DataSource);
    const version = async () =>
      (
        (await db.query(
          `SELECT xmin::text AS "xmin" FROM "chat"."channel_read" WHERE "user_id" = $1 AND "channel_id" = $2`,
          [t.bob, general.id],
        )) as { xmin: string }[]
      )[0]?.xmin;
    const first = await unread.markRead(t.as(t.bob), general.id);
    const written = await version();
    expect(written).toBeDefined();
    // a quiet channel visited again: nothing to move past
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await unread.markRead(t.as(t.bob), general.id)).toEqual(first);
    expect(await version()).toBe(written);
    expect(await unread.list(t.as(t.bob))).toEqual([]);
    // a message after the mark: the next visit moves it past that message
    const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content: 'second' });
    expect(await unread.list(t.as(t.bob))).toEqual([{ channelId: general.id, count: 1 }]);
    const moved = await unread.markRead(t.as(t.bob), general.id);
    expect(Date.parse(moved.lastReadAt)).toBeGreaterThanOrEqual(Date.parse(message.createdAt));
    expect(await version()).not.toBe(written);
    expect(await unread.list(t.as(t.bob))).toEqual([]);
    const { message: third } = await messages.create(t.as(t.alice), { channelId: general.id, content: 'third' });
    expect(Date.parse(third.createdAt)).toBeGreaterThan(Date.parse(moved.lastReadAt));
    expect(await unread.list(t.as(t.bob))).toEqual([{ channelId: general.id, count: 1 }]);
  });

  it(`stops counting at ${UNREAD_COUNT_CAP}, however much is unread, and counts again from the last read`, async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    // a long history nobody but its author has read
    await history(t.ws, general.id, t.alice, UNREAD_COUNT_CAP * 3);
    expect(await unread.list(t.as(t.bob))).toEqual([{ channelId: general.id, count: UNREAD_COUNT_CAP }]);
    await unread.markRead(t.as(t.bob), general.id);
    await messages.create(t.as(t.alice), { channelId: general.id, content: 'after the read' });
    expect(await unread.list(t.as(t.bob))).toEqual([{ channelId: general.id, count: 1 }]);
  });
});
