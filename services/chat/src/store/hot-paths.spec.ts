import { jest } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { ChannelService } from '../channels/channel.service.js';
import { MessageService } from '../messages/message.service.js';
import { NEWEST_PAGE_UNLESS_UNCHANGED, REPLAY } from './message.statements.js';
import { UnreadService } from '../unread/unread.service.js';
import { PreparedStatements } from '@teamchat/database';
import { type ChatHarness, newTeam, startChatHarness, writeHistory } from '../../test/chat-test-harness.js';

/** One prepared statement per hot path, and one plan per connection for the statements every page and replay runs. */
describe('hot paths', () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let messages: MessageService;
  let unread: UnreadService;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    messages = h.app.get(MessageService);
    unread = h.app.get(UnreadService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  const history = (workspaceId: string, channelId: string, userId: string, count: number) =>
    writeHistory(h, workspaceId, channelId, userId, count);

  it('keep one plan per connection for a message page and a replay, however long the channel, instead of planning every call', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    // a channel long enough that a plan priced for its rows differs from one priced for a page
    await history(t.ws, general.id, t.alice, 3000);
    const db = h.app.get(DataSource);
    await db.query('ANALYZE "chat"."message"');
    // a connection of its own: Postgres weighs a generic plan against the custom plans a connection made before
    const client = new pg.Client({ connectionString: (db.options as { url: string }).url });
    await client.connect();
    try {
      const since = new Date(Date.now() - 60_000);
      const newest = NEWEST_PAGE_UNLESS_UNCHANGED;
      let clock: Date | null = null;
      for (let i = 0; i < 10; i++) {
        await client.query({
          name: REPLAY.name,
          text: REPLAY.text,
          values: REPLAY.values({ workspaceId: t.ws, since, userId: t.bob }),
        });
        // read afresh (no clock kept) and checked against the clock, in turn
        const kept: pg.QueryResult<{ clock: Date }> = await client.query({
          name: newest.name,
          text: newest.text,
          values: newest.values({ channelId: general.id, limit: 50, workspaceId: t.ws, keptClock: clock }),
        });
        expect(kept.rows).toHaveLength(clock ? 1 : 50);
        clock = clock ? null : kept.rows[0].clock;
      }
      const { rows } = await client.query(
        'SELECT "name", "generic_plans"::int, "custom_plans"::int FROM pg_prepared_statements WHERE "name" = ANY($1) ORDER BY "name"',
        [[REPLAY.name, newest.name]],
      );
      // Postgres tries five custom plans, then keeps the generic one when it is priced no dearer
      expect(rows).toEqual([
        { name: newest.name, generic_plans: 5, custom_plans: 5 },
        { name: REPLAY.name, generic_plans: 5, custom_plans: 5 },
      ]);
    } finally {
      await client.end();
    }
  });

  it('serve the channel list, a message page (with its reactions), unread counts and a new message from one prepared statement each', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    await messages.create(t.as(t.bob), { channelId: general.id, content: 'warm' });
    // a member's first list joins them to the default channels once; the hot path is every list after it
    await channels.list(t.as(t.bob));
    const db = h.app.get(DataSource);
    const built = [jest.spyOn(db, 'query'), jest.spyOn(db, 'createQueryBuilder'), jest.spyOn(db, 'transaction')];
    const run = jest.spyOn(h.app.get(PreparedStatements), 'rows');
    try {
      await channels.list(t.as(t.bob));
      await messages.list(t.as(t.bob), general.id, undefined, 50);
      await unread.list(t.as(t.bob));
      await messages.create(t.as(t.bob), { channelId: general.id, content: 'hot' });
      expect(built.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
      expect(run.mock.calls.map(([statement]) => statement.name)).toEqual([
        'chat.channel.list',
        'chat.message.newest-page-unless-unchanged',
        'chat.unread.list',
        'chat.message.insert-rows',
      ]);
    } finally {
      for (const spy of [...built, run]) spy.mockRestore();
    }
  });
});
