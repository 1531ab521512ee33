import { DataSource } from 'typeorm';
import { ErrorCodes } from '@teamchat/contracts';
import { ChannelService } from '../channels/channel.service.js';
import { DmService } from '../channels/dm.service.js';
import { MessageService } from './message.service.js';
import { SearchService } from '../../test/search-service.probe.js';
import { GIN_PENDING_LIST_KB } from '../migrations/1736000000800-gin-pending-list.js';
import { type ChatHarness, newTeam, rejection, startChatHarness } from '../../test/chat-test-harness.js';

describe('SearchService filters and pages', () => {
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

  let t: ReturnType<typeof team>;
  let outsider: ReturnType<typeof team>;
  let general: { id: string };
  let random: { id: string };
  let dm: { id: string };
  const ids = new Map<string, string>();
  const contents = async (who: string, q: string, tz?: string) =>
    (await search.search(t.as(who), named(q), undefined, tz)).results.map((r) => r.content).sort();
  /** `{alice}` → alice's username (the harness makes them unique), `{ALICE}` the same in capitals. */
  const named = (q: string) =>
    q.replace(/\{(\w+)\}/g, (_m, who: string) => {
      const name = h.directory.usernames.get(t[who.toLowerCase() as 'alice' | 'bob' | 'carol'])!;
      return who === who.toUpperCase() ? name.toUpperCase() : name;
    });

  beforeAll(async () => {
    t = team();
    outsider = team();
    [general] = await channels.list(t.as(t.alice));
    random = await channels.create(t.as(t.alice), { name: 'random' });
    dm = await dms.open(t.as(t.alice), t.bob);
    const db = h.app.get(DataSource);
    const post = async (key: string, who: string, channelId: string, content: string, at: string, image = false) => {
      const m = await messages.create(t.as(who), {
        channelId,
        content,
        ...(image ? { imageUrl: h.directory.upload(t.ws, 'message') } : {}),
      });
      await db.query(`UPDATE "chat"."message" SET "created_at" = $2 WHERE "id" = $1`, [m.message.id, at]);
      ids.set(key, m.message.id);
    };
    await post('a1', t.alice, general.id, 'release notes for the deploy', '2026-03-01T10:00:00Z');
    await post('a2', t.alice, random.id, 'deploy the notes release', '2026-03-02T23:30:00Z');
    await post('b1', t.bob, general.id, 'deploy blocked by staging', '2026-03-03T12:00:00Z');
    await post('b2', t.bob, dm.id, 'deploy secret in the DM', '2026-03-04T12:00:00Z');
    await post('c1', t.carol, random.id, 'screenshot of the deploy', '2026-03-05T12:00:00Z', true);
    const [theirs] = await channels.list(outsider.as(outsider.alice));
    await messages.create(outsider.as(outsider.alice), { channelId: theirs.id, content: 'deploy elsewhere' });
  });

  it.each([
    [
      'from: a username, with or without @',
      'deploy from:@{ALICE}',
      ['deploy the notes release', 'release notes for the deploy'],
    ],
    [
      'from: two people',
      'deploy from:{alice} from:{carol}',
      ['deploy the notes release', 'release notes for the deploy', 'screenshot of the deploy'],
    ],
    ['in: a channel', 'deploy in:#random', ['deploy the notes release', 'screenshot of the deploy']],
    ['in: a channel by bare name', 'deploy in:general', ['deploy blocked by staging', 'release notes for the deploy']],
    ['in: a direct message by the other person', 'deploy in:@{alice}', ['deploy secret in the DM']],
    [
      'before: a day (UTC by default)',
      'deploy before:2026-03-03',
      ['deploy the notes release', 'release notes for the deploy'],
    ],
    [
      'after: a day, not including it',
      'deploy after:2026-03-03',
      ['deploy secret in the DM', 'screenshot of the deploy'],
    ],
    ['on: one day', 'deploy on:2026-03-02', ['deploy the notes release']],
    ['has:image', 'deploy has:image', ['screenshot of the deploy']],
    ['an exact phrase', '"release notes"', ['release notes for the deploy']],
    ['an excluded word', 'deploy -staging -secret -notes', ['screenshot of the deploy']],
    ['filters alone', 'from:@{bob}', ['deploy blocked by staging', 'deploy secret in the DM']],
    [
      'filters combined',
      'deploy from:@{alice} in:#random after:2026-03-01 before:2026-03-03',
      ['deploy the notes release'],
    ],
    ['an unknown filter as text', 'staging:deploy', ['deploy blocked by staging']],
    [
      'a has: value it does not know, as text',
      'has:deploy',
      [
        'deploy blocked by staging',
        'deploy secret in the DM',
        'deploy the notes release',
        'release notes for the deploy',
        'screenshot of the deploy',
      ],
    ],
  ])('%s', async (_label, q, expected) => {
    expect(await contents(t.bob, named(q))).toEqual(expected);
  });

  it('answers the same when the search-index migrations are undone and run again, its indexes in their shape', async () => {
    const db = h.app.get(DataSource);
    const definitions = async () =>
      Object.fromEntries(
        (
          (await db.query(
            `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'chat' AND indexname = ANY($1)`,
            [
              [
                'IDX_MESSAGE_SEARCH',
                'IDX_MESSAGE_CONTENT_TRGM',
                'IDX_MESSAGE_WORKSPACE_CREATED',
                'IDX_MESSAGE_IMAGE_SEARCH',
                'IDX_MESSAGE_IMAGE_CONTENT_TRGM',
                'IDX_MESSAGE_IMAGE_WORKSPACE_CREATED',
              ],
            ],
          )) as { indexname: string; indexdef: string }[]
        ).map((r) => [r.indexname, r.indexdef.replace(/^.* USING /, '')]),
      );
    // from: with a whole word (the words index), a partial word (prefix and substring arms) and a token; has:image
    // with a word and with a partial one (the image messages' own indexes)
    const queries = [
      'deploy from:{alice}',
      'deplo from:{bob}',
      'screenshot from:{carol} has:image',
      'deploy has:image',
      'shot has:image from:{carol}',
    ];
    const answers = async () => Promise.all(queries.map((q) => contents(t.alice, q)));
    const before = await answers();
    expect(before).toEqual([
      ['deploy the notes release', 'release notes for the deploy'],
      ['deploy blocked by staging', 'deploy secret in the DM'],
      ['screenshot of the deploy'],
      ['screenshot of the deploy'],
      ['screenshot of the deploy'],
    ]);
    const pendingList = ` WITH (gin_pending_list_limit='${GIN_PENDING_LIST_KB}')`;
    expect(await definitions()).toEqual({
      IDX_MESSAGE_SEARCH: `gin (search_vector, user_id)${pendingList}`,
      IDX_MESSAGE_CONTENT_TRGM: expect.stringMatching(
        new RegExp(
          String.raw`^gin \(content \w+\.gin_trgm_ops, user_id\) WITH \(gin_pending_list_limit='${GIN_PENDING_LIST_KB}'\)$`,
        ),
      ),
      IDX_MESSAGE_WORKSPACE_CREATED: 'btree (workspace_id, created_at, id)',
      IDX_MESSAGE_IMAGE_SEARCH: `gin (search_vector, user_id)${pendingList} WHERE ((image_url IS NOT NULL) AND (deleted_at IS NULL))`,
      IDX_MESSAGE_IMAGE_CONTENT_TRGM: expect.stringMatching(
        new RegExp(
          String.raw`^gin \(content \w+\.gin_trgm_ops, user_id\) WITH \(gin_pending_list_limit='${GIN_PENDING_LIST_KB}'\) WHERE \(\(image_url IS NOT NULL\) AND \(deleted_at IS NULL\)\)$`,
        ),
      ),
      IDX_MESSAGE_IMAGE_WORKSPACE_CREATED:
        'btree (workspace_id, created_at, id) WHERE ((image_url IS NOT NULL) AND (deleted_at IS NULL))',
    });
    // channel membership came after them: undone first, with the one column every read of channels needs put back by
    // hand meanwhile (the search-index migrations below are what this test is about), and taken away again before
    // the migrations run again
    const raw = h.app.get(DataSource);
    await db.undoLastMigration();
    await raw.query(`ALTER TABLE "chat"."channel" ADD COLUMN "visibility" varchar(16) NOT NULL DEFAULT 'public'`);
    expect(await answers()).toEqual(before);
    // the image messages newest first, their search indexes, the pending-list limit, then the indexes' shape
    await db.undoLastMigration();
    expect(await definitions()).not.toHaveProperty('IDX_MESSAGE_IMAGE_WORKSPACE_CREATED');
    expect(await answers()).toEqual(before);
    await db.undoLastMigration();
    expect(Object.keys(await definitions()).sort()).toEqual([
      'IDX_MESSAGE_CONTENT_TRGM',
      'IDX_MESSAGE_SEARCH',
      'IDX_MESSAGE_WORKSPACE_CREATED',
    ]);
    expect(await answers()).toEqual(before);
    await db.undoLastMigration();
    expect((await definitions()).IDX_MESSAGE_SEARCH).toBe('gin (search_vector, user_id)');
    await db.undoLastMigration();
    expect(await definitions()).toEqual({
      IDX_MESSAGE_SEARCH: 'gin (search_vector)',
      IDX_MESSAGE_CONTENT_TRGM: expect.stringMatching(/^gin \(content \w+\.gin_trgm_ops\)$/),
      IDX_MESSAGE_WORKSPACE_CREATED: 'btree (workspace_id, created_at)',
    });
    expect(await answers()).toEqual(before);
    await raw.query(`ALTER TABLE "chat"."channel" DROP COLUMN "visibility"`);
    await db.runMigrations();
    expect((await definitions()).IDX_MESSAGE_SEARCH).toBe(`gin (search_vector, user_id)${pendingList}`);
    expect(Object.keys(await definitions())).toHaveLength(6);
    expect(await answers()).toEqual(before);
  });

  it("lets a has:image search's conditions read the image messages' own indexes", async () => {
    // the table here is too small for the planner to prefer any index by cost; with sequential scans priced out, the
    // index it reads shows which ones the conditions of a has:image search (see SearchService.filters) can use
    const runner = h.app.get(DataSource).createQueryRunner();
    const plan = async (match: string, then = '') =>
      (
        (await runner.query(
          `EXPLAIN (COSTS OFF) SELECT m."id" FROM "chat"."message" m
          WHERE ${match} AND m."deleted_at" IS NULL AND m."image_url" IS NOT NULL ${then}`,
        )) as { 'QUERY PLAN': string }[]
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    try {
      await runner.query('SET enable_seqscan = off');
      // a word or a substring through the search indexes: at this size reading all of the image messages' btree is
      // cheaper still, so it is left out for these two (dropped inside a transaction, which is rolled back)
      await runner.startTransaction();
      try {
        await runner.query('DROP INDEX "chat"."IDX_MESSAGE_IMAGE_WORKSPACE_CREATED"');
        expect(await plan(`m."search_vector" @@ websearch_to_tsquery('english', 'deploy')`)).toContain(
          'IDX_MESSAGE_IMAGE_SEARCH',
        );
        expect(await plan(`m."content" ILIKE '%deplo%'`)).toContain('IDX_MESSAGE_IMAGE_CONTENT_TRGM');
      } finally {
        await runner.rollbackTransaction();
      }
      // the newest image messages of a workspace, as a has:image search's window reads them
      expect(await plan(`m."workspace_id" = '${t.ws}'`, 'ORDER BY m."created_at" DESC, m."id" DESC LIMIT 5')).toContain(
        'IDX_MESSAGE_IMAGE_WORKSPACE_CREATED',
      );
    } finally {
      await runner.query('RESET enable_seqscan');
      await runner.release();
    }
  });

  it('refuses a time zone Node knows but Postgres does not with "Unknown time zone", before any SQL reads it', async () => {
    const err = await rejection(search.search(t.as(t.bob), 'deploy on:2026-03-03', undefined, 'US/Pacific-New'));
    expect([err.code, err.message]).toEqual([ErrorCodes.validation, 'Unknown time zone']);
    // Postgres matches zone names in any case, as Node does
    expect(await contents(t.bob, 'deploy on:2026-03-03', 'asia/tokyo')).toEqual(
      await contents(t.bob, 'deploy on:2026-03-03', 'Asia/Tokyo'),
    );
  });

  it('reads dates in the searcher’s time zone', async () => {
    // 23:30 UTC on 2 March is already 3 March in Tokyo
    expect(await contents(t.bob, 'deploy on:2026-03-03', 'Asia/Tokyo')).toEqual([
      'deploy blocked by staging',
      'deploy the notes release',
    ]);
    expect(await contents(t.bob, 'deploy on:2026-03-02', 'America/New_York')).toEqual(['deploy the notes release']);
  });

  it('finds nothing for a channel or person the searcher cannot see, whatever exists elsewhere', async () => {
    // carol is not in the alice–bob DM; the outsider's workspace has its own general channel and alice
    expect(await contents(t.carol, 'deploy in:@{bob}')).toEqual([]);
    expect(await contents(t.carol, 'deploy in:@{alice}')).toEqual([]);
    expect(await contents(t.carol, 'from:@{bob} secret')).toEqual([]);
    expect(await contents(t.bob, `from:${h.directory.usernames.get(outsider.alice)}`)).toEqual([]);
    expect(await contents(t.bob, 'elsewhere in:#general')).toEqual([]);
    expect(await contents(t.bob, 'deploy in:#nosuchchannel')).toEqual([]);
    expect(await contents(t.bob, 'from:@nobody')).toEqual([]);
    const theirs = await search.search(outsider.as(outsider.alice), `deploy in:#random`);
    expect(theirs.results).toEqual([]);
  });

  it.each([
    ['from:', 'Filter from: needs a value'],
    ['deploy in:#', 'Filter in: needs a value'],
    ['before:notadate', 'Filter before: needs a date written as YYYY-MM-DD'],
    ['on:2026-02-30', 'Filter on: needs a date written as YYYY-MM-DD'],
  ])('refuses %p with a message', async (q, message) => {
    const err = await rejection(search.search(t.as(t.bob), q));
    expect([err.code, err.message]).toEqual([ErrorCodes.validation, message]);
  });

  it('reads a bare in: name as the channel when one has that name, else as the person', async () => {
    const namesake = await channels.create(t.as(t.carol), { name: h.directory.usernames.get(t.alice)! });
    await messages.create(t.as(t.carol), { channelId: namesake.id, content: 'deploy namesake channel' });
    expect(await contents(t.bob, 'deploy in:{alice}')).toEqual(['deploy namesake channel']);
    expect(await contents(t.bob, 'deploy in:@{alice}')).toEqual(['deploy secret in the DM']);
    expect(await contents(t.bob, 'deploy in:#{alice}')).toEqual(['deploy namesake channel']);
  });

  it('refuses a cursor it did not write, and one whose times Postgres cannot read', async () => {
    const cursor = (fields: object) =>
      Buffer.from(JSON.stringify({ s: '2024-01-01T00:00:00.000Z', a: 0, w: null, o: 0, ...fields })).toString(
        'base64url',
      );
    for (const bad of [
      'nope',
      Buffer.from('{"s":1}').toString('base64url'),
      cursor({ s: '0000-01-01T00:00:00Z' }),
      cursor({ s: '2024-01-01T00:00:00+23:59' }),
      cursor({ w: ['2024-01-01T00:00:00-16:00', '00000000-0000-4000-8000-000000000000'] }),
    ]) {
      const err = await rejection(search.search(t.as(t.bob), 'deploy', bad));
      expect([err.code, err.message]).toEqual([ErrorCodes.validation, 'Invalid search cursor']);
    }
  });
});
