import { DataSource } from 'typeorm';
import { type SearchPage } from '@teamchat/contracts';
import { ChannelService } from '../channels/channel.service.js';
import { DmService } from '../channels/dm.service.js';
import { MessageService } from './message.service.js';
import { SearchService } from '../../test/search-service.probe.js';
import { type ChatHarness, newTeam, recordStatements, startChatHarness } from '../../test/chat-test-harness.js';

describe('SearchService with what it keeps', () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let dms: DmService;
  let messages: MessageService;
  let search: SearchService;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    dms = h.app.get(DmService);
    messages = h.app.get(MessageService);
    search = h.app.get(SearchService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  // each arm's first statement in its own shape: words, a phrase's walk, prefixes, the substring arm's measured read
  it.each([
    ['aurora', 4, `@@ websearch_to_tsquery('english'`],
    ['"aurora report"', 3, 'LIMIT $'],
    ['auro', 4, `@@ websearch_to_tsquery('english'`],
    // a stopword: no words arm, the prefix arm first
    ['the', 0, `to_tsquery('simple'`],
    ['ZX-41', 1, `@@ websearch_to_tsquery('english'`],
    // no word form at all: the substring arm's measured read is the first statement
    ['$$$', 1, 'walked AS MATERIALIZED'],
    ['aurora -ticket', 3, 'NOT (m."search_vector"'],
    ['has:image', 1, 'm."image_url" IS NOT NULL'],
    ['before:2999-01-01 report', 3, 'm."created_at" <'],
  ])(
    'answers %p, seen before, with the check instead of the plan statement, and the same',
    async (q, count, firstRead) => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      for (let i = 0; i < 3; i++)
        await messages.create(t.as(t.alice), { channelId: general.id, content: `aurora report ${i}` });
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'ticket ZX-4107 aurora' });
      await messages.create(t.as(t.alice), { channelId: general.id, content: 'budget $$$ later' });
      const image = h.directory.upload(t.ws, 'message');
      await messages.create(t.as(t.alice), { channelId: general.id, content: null, imageUrl: image });
      const recorded = recordStatements(h.app.get(DataSource));
      let first: SearchPage;
      let again: SearchPage;
      let afterFirst: { prepared: number; sql: number };
      try {
        first = await search.search(t.as(t.bob), q);
        afterFirst = { prepared: recorded.prepared.length, sql: recorded.sql.length };
        again = await search.search(t.as(t.bob), q);
      } finally {
        recorded.restore();
      }
      expect(recorded.prepared.slice(0, afterFirst.prepared)).toEqual(['chat.search.plan']);
      // the second: the small check statement instead of the plan statement, and the very same reads
      expect(recorded.prepared.slice(afterFirst.prepared)).toEqual(['chat.search.check']);
      expect(recorded.sql.slice(afterFirst.sql)).toEqual(recorded.sql.slice(0, afterFirst.sql));
      expect(recorded.sql[0]).toContain(firstRead);
      expect(again.results).toEqual(first.results);
      expect(again.results).toHaveLength(count);
    },
  );

  it('bounds a search seen before by the workspace clock when it ran past the wall clock', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    await messages.create(t.as(t.alice), { channelId: general.id, content: 'corvus now' });
    const ahead = (await messages.create(t.as(t.alice), { channelId: general.id, content: 'corvus ahead' })).message;
    expect((await search.search(t.as(t.bob), 'corvus')).results).toHaveLength(2);
    // changes faster than one a millisecond carry the clock past the wall clock (one millisecond per change): here
    // the last one is a minute ahead
    const db = h.app.get(DataSource);
    await db.query(`UPDATE "chat"."message" SET "created_at" = now() + interval '1 minute' WHERE "id" = $1`, [
      ahead.id,
    ]);
    await db.query(
      `UPDATE "chat"."workspace_clock" SET "last_change_at" = now() + interval '1 minute' WHERE "workspace_id" = $1`,
      [t.ws],
    );
    const recorded = recordStatements(db);
    let page: SearchPage;
    try {
      page = await search.search(t.as(t.bob), 'corvus');
    } finally {
      recorded.restore();
    }
    // the kept text and channels, checked by the check statement, whose moment is the clock's
    expect(recorded.prepared).toEqual(['chat.search.check']);
    expect(page.results.map((r) => r.content)).toEqual(['corvus ahead', 'corvus now']);
  });

  it('finds a channel made, a DM opened and a channel renamed since the searcher last searched', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    await messages.create(t.as(t.alice), { channelId: general.id, content: 'quasar in general' });
    const found = async (who: string, q: string) =>
      (await search.search(t.as(who), q)).results.map((r) => `${r.channelName}: ${r.content}`).sort();
    expect(await found(t.bob, 'quasar')).toEqual(['general: quasar in general']);
    expect(await found(t.carol, 'quasar')).toEqual(['general: quasar in general']);

    const nebula = await channels.create(t.as(t.alice), { name: 'nebula' });
    await messages.create(t.as(t.alice), { channelId: nebula.id, content: 'quasar in nebula' });
    const dm = await dms.open(t.as(t.alice), t.bob);
    await messages.create(t.as(t.alice), { channelId: dm.id, content: 'quasar in the DM' });
    const alice = h.directory.usernames.get(t.alice)!;
    expect(await found(t.bob, 'quasar')).toEqual([
      `${alice}: quasar in the DM`,
      'general: quasar in general',
      'nebula: quasar in nebula',
    ]);
    // carol's kept channels change too (a new channel), and the DM stays out of her results
    expect(await found(t.carol, 'quasar')).toEqual(['general: quasar in general', 'nebula: quasar in nebula']);

    await channels.rename(t.as(t.alice), nebula.id, 'pulsar');
    expect(await found(t.bob, 'quasar in:#pulsar')).toEqual(['pulsar: quasar in nebula']);
    expect(await found(t.carol, 'quasar')).toEqual(['general: quasar in general', 'pulsar: quasar in nebula']);
    // a name from memory that is no channel any more
    expect(await found(t.carol, 'quasar in:#nebula')).toEqual([]);
  });

  it('asks identity for the people a query names once, also when the channels kept for the searcher changed', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    await messages.create(t.as(t.alice), { channelId: general.id, content: 'vega in general' });
    const alice = h.directory.usernames.get(t.alice)!;
    const q = `vega from:${alice}`;
    expect((await search.search(t.as(t.bob), q)).results).toHaveLength(1);
    const lyra = await channels.create(t.as(t.alice), { name: 'lyra' });
    await messages.create(t.as(t.alice), { channelId: lyra.id, content: 'vega in lyra' });
    const before = h.directory.nameLookups;
    // the kept channels miss lyra: the check finds out and the plan statement reads them again
    const page = await search.search(t.as(t.bob), q);
    expect(page.results.map((r) => r.content).sort()).toEqual(['vega in general', 'vega in lyra']);
    expect(h.directory.nameLookups - before).toBe(1);
  });

  it('pages a query seen before without duplicates or gaps, ignoring what is posted meanwhile', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const expected: string[] = [];
    for (let i = 0; i < 120; i++)
      expected.push(
        (await messages.create(t.as(t.alice), { channelId: general.id, content: `lyra note ${i}` })).message.id,
      );
    await search.search(t.as(t.bob), 'lyra');
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await search.search(t.as(t.bob), 'lyra', cursor);
      seen.push(...page.results.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
      if (pages === 0) await messages.create(t.as(t.alice), { channelId: general.id, content: 'lyra posted now' });
    } while (cursor && ++pages < 10);
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(expected.sort());
  });
});
