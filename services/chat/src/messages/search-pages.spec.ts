import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ErrorCodes, type Actor, type SearchResult } from '@teamchat/contracts';
import { ChannelService } from '../channels/channel.service.js';
import { MessageService } from './message.service.js';
import { SearchService } from '../../test/search-service.probe.js';
import { SUBSTRING_DENSE } from '../search/search-tuning.js';
import {
  type ChatHarness,
  newTeam,
  recordStatements,
  rejection,
  startChatHarness,
} from '../../test/chat-test-harness.js';

describe('SearchService pages', () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let messages: MessageService;
  let search: SearchService;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    messages = h.app.get(MessageService);
    search = h.app.get(SearchService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  /** Every page of a search, following the cursor (at most 20 pages); `afterPage` runs after each one. */
  const allPages = async (actor: Actor, q: string, afterPage?: (page: number) => Promise<unknown>) => {
    const results: SearchResult[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await search.search(actor, q, cursor);
      expect(page.results.length).toBeLessThanOrEqual(50);
      results.push(...page.results);
      cursor = page.nextCursor ?? undefined;
      await afterPage?.(pages);
    } while (cursor && ++pages < 20);
    return { results, ids: results.map((r) => r.id), pages: pages + 1 };
  };

  // a term long enough to be rare as a substring pages the same way as a short one
  it.each(['zeta', 'zetaquark'])(
    'pages through every arm and window of %p without duplicates or gaps, ignoring what is posted meanwhile',
    async (term) => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const expected: string[] = [];
      const post = async (content: string) => {
        const m = await messages.create(t.as(t.alice), { channelId: general.id, content });
        expected.push(m.message.id);
      };
      // 230 whole-word hits (more than one ranking window of 200), 30 prefix-only, 20 substring-only
      for (let i = 0; i < 230; i++) await post(i % 3 === 0 ? `${term} ${term} report ${i}` : `${term} report ${i}`);
      for (let i = 0; i < 30; i++) await post(`${term}max build ${i}`);
      for (let i = 0; i < 20; i++) await post(`x${term}x build ${i}`);
      const {
        results,
        ids: seen,
        pages,
      } = await allPages(t.as(t.bob), term, (page) =>
        page === 0 ? post(`${term} posted while paging`) : Promise.resolve(),
      );
      const arms = results.map((r) =>
        r.content!.startsWith(`${term}max`) ? 'p' : r.content!.startsWith(`x${term}x`) ? 's' : 'w',
      );
      expect(pages).toBe(6);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.sort()).toEqual(expected.slice(0, 280).sort());
      // whole words first, then prefixes, then substrings
      expect(arms.join('')).toBe('w'.repeat(230) + 'p'.repeat(30) + 's'.repeat(20));
    },
  );

  // after a whole word is found, the prefix and substring arms are read together; the read serves both only when it
  // holds a whole prefix window or everything, and the arms are read one by one otherwise
  it.each([
    ['a whole prefix window in the read', 120, 10, 'prefixes'],
    ['fewer prefix hits than a window and more rows than the read holds', 40, 140, 'neither'],
    ['everything in the read', 5, 5, 'both'],
  ])(
    'keeps arm order and loses nothing when prefix and substring hits interleave: %s',
    async (_label, p, s, served) => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const ids: string[] = [];
      const post = async (content: string) =>
        ids.push((await messages.create(t.as(t.alice), { channelId: general.id, content })).message.id);
      for (let i = 0; i < 3; i++) await post(`kappa note ${i}`);
      // newest first the arms interleave: prefix-only (kappamax) and substring-only (xkappa) hits alternate in time
      for (let i = 0; i < Math.max(p, s); i++) {
        if (i < p) await post(`kappamax build ${i}`);
        if (i < s) await post(`xkappa build ${i}`);
      }
      type Read = { prefixes: unknown[]; substrings: unknown[] | null } | null;
      const joint = jest.spyOn(search as unknown as { fallbacks: () => Promise<Read> }, 'fallbacks');
      const reads = joint.mock.results;
      const { results, ids: seen } = await allPages(t.as(t.bob), 'kappa');
      // the first time the prefix arm is reached, the joint read serves what it can
      const read = (await reads[0]?.value) as Read | undefined;
      joint.mockRestore();
      expect(read === undefined ? 'not read' : !read ? 'neither' : read.substrings ? 'both' : 'prefixes').toBe(served);
      const arms = results.map((r) =>
        r.content!.startsWith('kappamax') ? 'p' : r.content!.startsWith('x') ? 's' : 'w',
      );
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...ids].sort());
      expect(arms.join('')).toBe('w'.repeat(3) + 'p'.repeat(p) + 's'.repeat(s));
    },
  );

  /** Runs `work` with one of the search's walks (`phraseWalk` or `substringWalk`) set to `length`, recording statements. */
  const walking = async <T>(
    walk: 'phraseWalk' | 'substringWalk',
    length: number,
    work: (recorded: ReturnType<typeof recordStatements>) => Promise<T>,
  ): Promise<T> => {
    const before = search[walk];
    search[walk] = length;
    const recorded = recordStatements(h.app.get(DataSource));
    try {
      return await work(recorded);
    } finally {
      recorded.restore();
      search[walk] = before;
    }
  };

  /**
   * Every page of a search with the walk of the newest messages `walk` long, and how many statements walked the
   * newest messages and how many read below the walk.
   */
  const pagesWalking = (actor: Actor, q: string, walk: number) =>
    walking('phraseWalk', walk, async (recorded) => {
      const { ids } = await allPages(actor, q);
      const count = (part: string) => recorded.sql.filter((text) => text.includes(part)).length;
      return { ids, walks: count('SELECT m.* FROM'), below: count('OFFSET') };
    });

  // a phrase walks the newest messages first and reads what is older through the index: however far the walk
  // reaches, the pages are the same
  it('pages a phrase the same whether its windows come from the walk, the index or both', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const phrase: string[] = [];
    const post = (content: string) => messages.create(t.as(t.alice), { channelId: general.id, content });
    for (let i = 0; i < 130; i++) {
      phrase.push((await post(i % 3 ? `lambda sigma shipped ${i}` : `lambda sigma, lambda sigma ${i}`)).message.id);
      if (i % 4 === 0) await post(`xlambda sigma note ${i}`); // the words, but not as the phrase
      if (i % 5 === 0) await post(`sigma then lambda ${i}`);
    }
    const pagesWith = (walk: number) => pagesWalking(t.as(t.bob), '"lambda sigma"', walk);
    const whole = await pagesWith(100_000);
    expect(whole.walks).toBeGreaterThan(0);
    const walked = whole.ids;
    expect(new Set(walked).size).toBe(walked.length);
    expect([...walked].sort()).toEqual([...phrase].sort());
    // denser hits ranked first within the first window
    expect(walked.slice(0, 34)).toEqual(expect.arrayContaining(phrase.filter((_, i) => i % 3 === 0 && i >= 30)));
    for (const walk of [7, 1]) {
      const mixed = await pagesWith(walk);
      expect(mixed.ids).toEqual(walked);
      expect(mixed.below).toBeGreaterThan(0);
    }
  });

  // a day (on:) is walked newest first like a phrase: however far the walk reaches, the pages are the same
  it('pages a day the same whether its windows come from the walk, the index or both', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const db = h.app.get(DataSource);
    const day: string[] = [];
    for (let i = 0; i < 230; i++) {
      const { message } = await messages.create(t.as(t.alice), {
        channelId: general.id,
        content: i % 4 ? `eta rollout ${i}` : `eta eta rollout ${i}`,
      });
      // three days: the 10th of April holds two of every three, the days around it the rest
      const date = i % 3 === 0 ? (i % 2 ? '2026-04-09' : '2026-04-11') : '2026-04-10';
      const at = new Date(`${date}T00:00:00Z`).getTime() + i * 60_000;
      await db.query(`UPDATE "chat"."message" SET "created_at" = $2 WHERE "id" = $1`, [message.id, new Date(at)]);
      if (date === '2026-04-10') day.push(message.id);
    }
    const pagesWith = (walk: number) => pagesWalking(t.as(t.bob), 'eta on:2026-04-10', walk);
    const whole = await pagesWith(100_000);
    expect(whole.walks).toBeGreaterThan(0);
    expect(new Set(whole.ids).size).toBe(whole.ids.length);
    expect([...whole.ids].sort()).toEqual([...day].sort());
    for (const walk of [7, 1]) {
      const mixed = await pagesWith(walk);
      expect(mixed.ids).toEqual(whole.ids);
      expect(mixed.below).toBeGreaterThan(0);
    }
  });

  /**
   * Which reads of the substring arm ran for the first page of `q`, with the stretch it walks first `walk` long: the
   * walk alone, a second statement reading the older messages the planner's way (`older`), or every older match
   * through the index (`matches`).
   */
  const substringReads = async (actor: Actor, q: string, walk: number) => {
    const db = h.app.get(DataSource);
    const recorded = await walking('substringWalk', walk, async (r) => {
      await search.search(actor, q);
      return r;
    });
    const at = recorded.sql.findIndex((text) => text.includes('WITH walked'));
    expect(at).toBeGreaterThanOrEqual(0);
    const plan = (
      (await db.query(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${recorded.sql[at]}`,
        recorded.params[at],
      )) as {
        'QUERY PLAN': string;
      }[]
    ).map((row) => row['QUERY PLAN']);
    // the read through the index sits behind a one-time filter on what the walk found: it ran or was never executed
    const line = plan.findIndex((text) => text.includes('One-Time Filter') && text.includes(`< ${SUBSTRING_DENSE})`));
    expect(line).toBeGreaterThanOrEqual(0);
    return { older: recorded.sql.length > at + 1, matches: !plan[line + 1]!.includes('never executed') };
  };

  // the substring arm measures how common its term is in the newest messages before it reads the older ones
  it('pages a substring the same whether it walks on or reads the index, choosing by how common the walk found it', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    const hits: string[] = [];
    const post = async (content: string, hit: boolean) => {
      const { message } = await messages.create(t.as(t.alice), { channelId: general.id, content });
      if (hit) hits.push(message.id);
    };
    // no word or prefix finds `qtok` in these: older, one message in two holds it; of the newest 200, the 30th and the
    // 130th newest
    for (let i = 0; i < 120; i++) await post(i % 2 ? `filler ${i}` : `abcqtokdef dense ${i}`, i % 2 === 0);
    for (let i = 0; i < 200; i++) await post(i % 100 === 70 ? `abcqtokdef rare ${i}` : `filler ${i}`, i % 100 === 70);
    hits.reverse();
    const bob = t.as(t.bob);
    const pagesWith = (walk: number, q = 'qtok') =>
      walking('substringWalk', walk, async () => (await allPages(bob, q)).ids);
    // all of it walked; then a stretch with both rare hits (walks on); then one with none (the index)
    expect(await pagesWith(100_000)).toEqual(hits);
    expect(await substringReads(bob, 'qtok', 150)).toEqual({ older: true, matches: false });
    expect(await pagesWith(150)).toEqual(hits);
    expect(await substringReads(bob, 'qtok', 20)).toEqual({ older: false, matches: true });
    expect(await pagesWith(20)).toEqual(hits);
    // a stretch holding a whole window (51 of the 55 older hits in the newest 310) needs neither
    expect(await substringReads(bob, 'qtok -rare', 310)).toEqual({ older: false, matches: false });
    // the stretch is counted in messages of the channels, whoever wrote them: Carol's newest 30 hold the term
    // too, but not for a search of Alice's
    for (let i = 0; i < 30; i++)
      await messages.create(t.as(t.carol), { channelId: general.id, content: `abcqtokdef carol ${i}` });
    const alices = `qtok from:${h.directory.usernames.get(t.alice)}`;
    expect(await substringReads(bob, alices, 20)).toEqual({ older: false, matches: true });
    for (const walk of [100_000, 150, 20]) expect(await pagesWith(walk, alices)).toEqual(hits);
  });

  it('ranks denser hits first within the first window and says when there is no next page', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    await messages.create(t.as(t.alice), { channelId: general.id, content: 'omega omega omega' });
    for (let i = 0; i < 5; i++) await messages.create(t.as(t.alice), { channelId: general.id, content: `omega ${i}` });
    const page = await search.search(t.as(t.bob), 'omega');
    expect(page.results[0].content).toBe('omega omega omega');
    expect(page.results).toHaveLength(6);
    expect(page.nextCursor).toBeNull();
  });

  it('answers identity’s failure for a from: search and gives its connection back', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    await messages.create(t.as(t.alice), { channelId: general.id, content: 'pool check' });
    const alice = h.directory.usernames.get(t.alice)!;
    h.directory.identityDown = true;
    const recorded = recordStatements(h.app.get(DataSource));
    try {
      const failures = await Promise.all(
        Array.from({ length: 6 }, () => rejection(search.search(t.as(t.bob), `from:${alice} pool`))),
      );
      for (const err of failures) expect(err).toMatchObject({ code: ErrorCodes.busUnavailable });
    } finally {
      h.directory.identityDown = false;
      recorded.restore();
    }
    // identity fails before Postgres answers the plan statement, which still finishes before the release
    expect(recorded.runners()).toBe(6);
    expect(recorded.runningAtRelease()).toBe(0);
    // more searches at once than the harness's pool has connections: every one was given back
    const pages = await Promise.all(Array.from({ length: 6 }, () => search.search(t.as(t.bob), `from:${alice} pool`)));
    for (const page of pages) expect(page.results.map((r) => r.content)).toEqual(['pool check']);
  });

  // every arm runs when nothing matches: under load, each statement would otherwise queue for the pool again
  it('runs all of a search’s statements on one connection of the pool', async () => {
    const t = team();
    const [general] = await channels.list(t.as(t.alice));
    await messages.create(t.as(t.alice), { channelId: general.id, content: 'nothing to see here' });
    const recorded = recordStatements(h.app.get(DataSource));
    try {
      const page = await search.search(t.as(t.bob), 'xylophone');
      expect(page.results).toEqual([]);
    } finally {
      recorded.restore();
    }
    expect(recorded.runners()).toBe(1);
    // the plan, a prepared statement (its text never changes), then the words, prefix and substring arms
    expect(recorded.prepared).toEqual(['chat.search.plan']);
    expect(recorded.sql).toHaveLength(3);
  });
});
