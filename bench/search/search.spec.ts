// Keeps the message-search benchmark runnable: the whole thing on a few thousand messages and one round, asserting
// that every query class has figures on all three sides and every search answered 200, never any speed (CI shares two
// cores between suites, and at this size the baselines win anyway).
import { ilikeFilters, ilikeTerms, parseArgs, runSearchBench } from './search.mjs';

const CLASSES = [
  'rare',
  'common',
  'phrase',
  'prefix',
  'stopword-heavy',
  'token',
  'no hit',
  'from:',
  'in:',
  'before:',
  'after:',
  'on:',
  'has:image',
  '-excluded',
  'combined',
];

// 240 s: up to READY_TIMEOUT_MS (180 s, bench/http/servers.mjs) for a product slow to start on a busy machine, then the
// seeding and one round
describe('bench/search', () => {
  it('seeds messages in bulk next to people made through the API and times every query class three ways', async () => {
    const { rows, mix, queries, load, seed, failures, cpu, warmup, report } = await runSearchBench({
      log: () => undefined,
      messages: 5000,
      rounds: 1,
      repeat: 2,
      pauses: 2,
      pauseMs: 10,
      cpuRepeat: 2,
      warmupSearches: 40,
    });
    expect(load.rows).toBe(5000);
    // most messages in the searcher's workspace, some in the second one
    expect(load.perWorkspace[seed.workspaceId]).toBeGreaterThan(4000);
    expect(load.perWorkspace[seed.otherWorkspaceId]).toBeGreaterThan(0);
    expect(load.indexes).toEqual(expect.arrayContaining(['IDX_MESSAGE_SEARCH', 'IDX_MESSAGE_CONTENT_TRGM']));
    expect(rows.map((r) => r.class)).toEqual(CLASSES);
    for (const row of [...rows, mix]) {
      for (const side of [row.product, row.floor, row.ilikeLimit, row.seqIlike]) {
        expect(side.n).toBeGreaterThan(0);
        for (const p of [side.p50, side.p95, side.p99]) expect(p).toBeGreaterThan(0);
      }
      expect(row.vsLimit).toBeGreaterThan(0);
      expect(row.vsSeq).toBeGreaterThan(0);
      // ILIKE+LIMIT through the route: every run of it with the floor timed in its turn, so above it at every rank
      expect(row.routedLimit.n).toBe(row.ilikeLimit.n);
      for (const p of ['p50', 'p95', 'p99'] as const) expect(row.routedLimit[p]).toBeGreaterThan(row.ilikeLimit[p]);
      expect(row.vsRoutedLimit).toBeCloseTo(row.routedLimit.p95 / row.product.p95, 9);
    }
    for (const q of queries) {
      expect(q.failures).toEqual([]);
      expect(q.product.n).toBe(2);
      // the route's floor (an empty search) timed right after each search
      expect(q.floor.n).toBe(2);
      expect(Number.isInteger(q.hits)).toBe(true);
    }
    expect(failures).toBe(0);
    // the warm-up searches before round 1, with the product's times over their first and last tenth
    expect(warmup!.searches).toBe(40);
    expect(warmup!.first.n).toBe(4);
    expect(warmup!.last.p50).toBeGreaterThan(0);
    expect(report).toMatch(
      /and 40 warm-up searches \(the product's p50 \/ p95 over their first tenth [\d.]+ \/ [\d.]+ ms/,
    );
    // the CPU pass: every class, each query twice on the product and on ILIKE+LIMIT (/proc counts in ticks of 10 ms,
    // so a few searches may read as no CPU at all: only that the figures are there and not negative)
    expect(cpu!.classes.map((c) => c.class)).toEqual(CLASSES);
    for (const c of cpu!.classes) {
      expect(c.product.n).toBe(2 * queries.filter((q) => q.class === c.class).length);
      for (const v of [c.product.node, c.product.postgres, c.limitPostgres]) expect(v).toBeGreaterThanOrEqual(0);
    }
    expect(cpu!.mix.product.n).toBe(2 * queries.length);
    expect(cpu!.mix.product.node).toBeGreaterThan(0);
    expect(cpu!.floor.n).toBe(2);
    // the filters name real people and channels of the seed
    expect(queries.some((q) => q.q.includes(`from:@${seed.usernames[1]}`))).toBe(true);
    expect(queries.some((q) => q.q.includes('in:#deploys'))).toBe(true);
    expect(queries.find((q) => q.q === 'deploy')!.hits).toBeGreaterThan(0);
    expect(report).toContain('| class | hits (median) | product p50 |');
    expect(report).toContain('| **whole mix** |');
    expect(report).toContain('| class | searches | product process | product Postgres | product total |');
    expect(report).toMatch(/load average [\d.]+ [\d.]+ [\d.]+ at start/);
    expect(report).toContain('p95 ≤ 30 ms over the whole mix');
    // each target line counts the classes that meet it and names the ones that do not
    expect(report).toMatch(
      /never slower than ILIKE with LIMIT \(p95\): whole mix [\d.]+×, \d+ of 15 classes meet it [✓✗]/,
    );
    expect(report).toMatch(/the route floor alone: p50 [\d.]+, p95 [\d.]+ ms/);
    expect(report).toMatch(
      /ILIKE\+LIMIT through the same route \(each run plus the floor timed in its turn\): p50 [\d.]+, p95 [\d.]+ ms over the whole mix; the product is not slower \(p95\) in \d+ of 15 classes/,
    );
    expect(report).toContain('one kept-alive `node:http` connection');
    expect(report).toMatch(/after a 0\.01 s pause \(2×, `deploy`\): the first search p50 [\d.]+, slowest [\d.]+ ms/);
  }, 240000);

  it('--membership: a searcher in a few of many channels, some private ones they are not in matching, gets none of those', async () => {
    const { rows, mix, queries, seed, failures, unreadable, report } = await runSearchBench({
      log: () => undefined,
      messages: 3000,
      rounds: 1,
      repeat: 1,
      cpuRepeat: 0,
      warmupSearches: 10,
      membership: { channels: 12, memberOf: 6 },
    });
    expect(failures).toBe(0);
    // 12 channels in the searcher's workspace, half of the 8 beyond the named four private; the searcher is in 6 (the
    // named four, a private and a public one) and reads every public one and their own private one
    expect(seed.membership).toEqual({ channels: 12, private: 4, memberOf: 6, readable: 9, hidden: 3 });
    expect(rows.map((r) => r.class)).toEqual([...CLASSES, 'private in:']);
    // no search ever answered a message of a channel the searcher may not read, though such channels match
    expect(unreadable).toBe(0);
    expect(mix.unreadable).toBe(0);
    expect(queries.reduce((n, q) => n + (q.hiddenHits ?? 0), 0)).toBeGreaterThan(0);
    const [mine, theirs] = queries.filter((q) => q.class === 'private in:');
    expect(mine!.results).toBeGreaterThan(0);
    expect(theirs!.results).toBe(0);
    expect(theirs!.hiddenHits).toBeGreaterThan(0);
    expect(report).toMatch(
      /membership: @\S+ is a member of 6 of the workspace's 12 channels \(4 private\) and may read 9/,
    );
    expect(report).toMatch(/p95 ≤ 30 ms over the whole mix: [\d.]+ ms [✓✗]/);
    expect(report).toMatch(
      /results from channels the searcher may not read \(every search, the warm-up's included\): 0 ✓; the 3 private channels they are not in hold [\d,]+ messages matching \d+ of 34 queries/,
    );
    expect(report).toContain('| private in: |');
  }, 240000);

  it('keeps the text part of a query for the ILIKE baselines', () => {
    expect(ilikeTerms('from:@dana in:#deploys "deploy failed" -staging v2.1 50%')).toEqual({
      must: ['%deploy failed%', '%v2.1%', '%50\\%%'],
      mustNot: ['%staging%'],
    });
  });

  it("applies the searcher's channels and the filters to the ILIKE baselines as plain conditions", () => {
    const scope = {
      workspaceId: 'ws',
      readable: [
        { id: 'c-general', name: 'general' },
        { id: 'c-deploys', name: 'deploys' },
        { id: 'c-dm', name: null, partner: 'u-marcus' },
      ],
      people: [{ id: 'u-marcus', username: 'marcus.chen' }],
    };
    const values: unknown[] = [];
    const add = (value: unknown) => `$${values.push(value)}`;
    expect(
      ilikeFilters('from:@marcus.chen in:#deploys on:2026-06-03 after:2026-01-31 has:image deploy', scope, add),
    ).toEqual([
      '"workspace_id" = $1',
      '"channel_id" = ANY($2::uuid[])',
      '"deleted_at" IS NULL',
      '"user_id" = $3',
      '"channel_id" = $4',
      '"created_at" >= $5::timestamptz',
      '"created_at" < $6::timestamptz',
      '"created_at" >= $7::timestamptz',
      '"image_url" IS NOT NULL',
    ]);
    expect(values).toEqual([
      'ws',
      ['c-general', 'c-deploys', 'c-dm'],
      'u-marcus',
      'c-deploys',
      '2026-06-03T00:00:00.000Z',
      '2026-06-04T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ]);
    // a person or channel the searcher cannot resolve matches nothing; before: is the start of that day
    expect(ilikeFilters('from:@nobody in:#secret before:2026-02-03 x', scope, add).slice(3)).toEqual([
      'false',
      'false',
      '"created_at" < $10::timestamptz',
    ]);
    expect(values.at(-1)).toBe('2026-02-03T00:00:00.000Z');
    // in: a person is the DM with them, as is a bare name that is no channel's; #name is a channel only
    for (const q of ['in:@marcus.chen x', 'in:marcus.chen x']) {
      expect(ilikeFilters(q, scope, add).at(-1)).toBe(`"channel_id" = $${values.length}`);
      expect(values.at(-1)).toBe('c-dm');
    }
    expect(ilikeFilters('in:#marcus.chen x', scope, add).at(-1)).toBe('false');
  });

  it('reads the CLI flags', () => {
    expect(parseArgs(['--messages', '1_000_000', '--rounds', '3', '--no-warmup'])).toEqual({
      messages: 1000000,
      rounds: 3,
      warmup: false,
      warmupSearches: 0,
    });
    expect(parseArgs(['--warmup-searches', '5,000'])).toEqual({ warmupSearches: 5000 });
    expect(parseArgs(['--fetch', '--pauses', '5', '--cpu-repeat', '0'])).toEqual({
      client: 'fetch',
      pauses: 5,
      cpuRepeat: 0,
    });
    expect(parseArgs(['--membership'])).toEqual({ membership: {} });
    expect(parseArgs(['--membership', '--channels', '5,000', '--member-of', '50'])).toEqual({
      membership: { channels: 5000, memberOf: 50 },
    });
    expect(() => parseArgs(['--bogus'])).toThrow('unknown option --bogus');
  });
});
