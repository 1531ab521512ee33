// Message-search benchmark (issue 15): seeds N messages into a fresh database of the standalone product (people,
// workspaces, channels and DMs through the API, the messages in bulk with SQL), then times every query class through
// `GET /api/messages/search` next to two Postgres baselines over the same rows — a plain `ILIKE … ORDER BY created_at
// DESC LIMIT 50` and a sequential ILIKE that reads every row — alternating them query by query, round after round, and
// prints p50/p95/p99 per class, the ratios and the issue's targets.
//
//   npm run build && node bench/search/search.mjs                 # 1,000,000 messages, 2 rounds
//   node bench/search/search.mjs --messages 100000 --rounds 1
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { processCpuOf, root, startStandalone } from '../http/servers.mjs';
import { serverCpu, serverCpuBetween } from '../fanout/workload.mjs';
import { CODE_NAMES, VOCABULARY } from './corpus.mjs';
import { bulkLoadMessages, MEMBERSHIP, seedPeople } from './seed.mjs';

/** Targets of issue 15 at 1 M messages on a quiet machine. */
export const TARGETS = { mixP95Ms: 30, classP95Ms: 50, vsSeq: 20, vsLimit: 1 };

const DAY = 24 * 3600 * 1000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * The query classes and their queries, with values taken from the seeded data: real usernames and channels, dates
 * inside the year of messages, words of every frequency.
 */
export const queryClasses = (seed, load) => {
  const [, marcus, priya, , , , , sam] = seed.usernames;
  const start = load.start.getTime();
  const end = load.end.getTime();
  return [
    { name: 'rare', queries: [VOCABULARY.at(-1), CODE_NAMES[0]] },
    { name: 'common', queries: ['deploy', 'review', 'customer'] },
    { name: 'phrase', queries: ['"deploy failed"', '"code review"'] },
    { name: 'prefix', queries: ['depl', 'stag'] },
    { name: 'stopword-heavy', queries: ['the', 'the deploy of the'] },
    { name: 'token', queries: ['PLT-3699', 'v2.1', 'PLT-36'] },
    { name: 'no hit', queries: ['xylophone', 'PLT-99999'] },
    { name: 'from:', queries: [`from:@${marcus} deploy`, `from:@${sam} rollback`] },
    { name: 'in:', queries: ['in:#deploys failed', 'in:#random lunch'] },
    {
      name: 'before:',
      queries: [`before:${isoDay(start + 60 * DAY)} deploy`, `before:${isoDay(end - 30 * DAY)} okapi`],
    },
    { name: 'after:', queries: [`after:${isoDay(end - 30 * DAY)} deploy`, `after:${isoDay(start + 60 * DAY)} okapi`] },
    { name: 'on:', queries: [`on:${isoDay(start + 180 * DAY)} deploy`, `on:${isoDay(end - 10 * DAY)} the`] },
    { name: 'has:image', queries: ['has:image deploy', 'has:image screenshot'] },
    { name: '-excluded', queries: ['deploy -staging', 'review -the'] },
    {
      name: 'combined',
      queries: [
        `from:@${priya} in:#engineering after:${isoDay(end - 120 * DAY)} has:image deploy -staging`,
        `"deploy failed" in:#deploys before:${isoDay(end - 60 * DAY)}`,
      ],
    },
    // the membership mode: a private channel the searcher is in, and one they are not in (which must answer nothing)
    ...(seed.membership?.minePrivate && seed.membership.othersPrivate
      ? [
          {
            name: 'private in:',
            queries: [`in:#${seed.membership.minePrivate} deploy`, `in:#${seed.membership.othersPrivate} deploy`],
          },
        ]
      : []),
  ];
};

const FILTER = /^(from|in|before|after|on|has):/i;
const escapeLike = (s) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The text part of a query as ILIKE conditions, the way a naive search would do it: every word, and every "phrase"
 * as one string, must be in the content; a `-word` must not. The filters (`from:`, `in:`, …) are `ilikeFilters`'s.
 */
export const ilikeTerms = (q) => {
  const must = [];
  const mustNot = [];
  for (const [token] of q.matchAll(/-?"[^"]*"?|\S+/g)) {
    if (FILTER.test(token)) continue;
    const negated = token.startsWith('-') && token.length > 1;
    const text = (negated ? token.slice(1) : token).replace(/^"|"$/g, '').trim();
    if (text) (negated ? mustNot : must).push(`%${escapeLike(text)}%`);
  }
  return { must: [...new Set(must)], mustNot: [...new Set(mustNot)] };
};

/**
 * The rest of a query as a naive search applies it: only the channels the searcher may read (never someone else's
 * DM), not deleted, and the filters as plain conditions — `from:` the author, `in:` the channel, `before:`/`after:`/
 * `on:` days in UTC (as the product reads them without a time zone), `has:image` an image. A name the searcher cannot
 * resolve matches nothing. `scope`: `workspaceId`, `readable` ({ id, name } of each readable channel; a DM's name
 * null and `partner` the other person's id) and `people` ({ id, username }).
 */
export const ilikeFilters = (q, scope, add) => {
  const conditions = [
    `"workspace_id" = ${add(scope.workspaceId)}`,
    `"channel_id" = ANY(${add(scope.readable.map((c) => c.id))}::uuid[])`,
    `"deleted_at" IS NULL`,
  ];
  const day = (date, plusDays) => add(new Date(Date.parse(`${date}T00:00:00Z`) + plusDays * DAY).toISOString());
  for (const [token] of q.matchAll(/\S+/g)) {
    const key = FILTER.exec(token)?.[1];
    if (!key) continue;
    const value = token.slice(key.length + 1);
    const name = value.replace(/^[@#]/, '').toLowerCase();
    const person = scope.people.find((p) => p.username.toLowerCase() === name);
    switch (key.toLowerCase()) {
      case 'from':
        conditions.push(person ? `"user_id" = ${add(person.id)}` : 'false');
        break;
      case 'in': {
        // a channel by its name, else the DM with that person (as the product reads a bare name)
        const channel =
          (!value.startsWith('@') && scope.readable.find((c) => c.name?.toLowerCase() === name)) ||
          (!value.startsWith('#') && person && scope.readable.find((c) => c.partner === person.id));
        conditions.push(channel ? `"channel_id" = ${add(channel.id)}` : 'false');
        break;
      }
      case 'before':
        conditions.push(`"created_at" < ${day(value, 0)}::timestamptz`);
        break;
      case 'after':
        conditions.push(`"created_at" >= ${day(value, 1)}::timestamptz`);
        break;
      case 'on':
        conditions.push(
          `"created_at" >= ${day(value, 0)}::timestamptz`,
          `"created_at" < ${day(value, 1)}::timestamptz`,
        );
        break;
      case 'has':
        if (name === 'image') conditions.push(`"image_url" IS NOT NULL`);
        break;
    }
  }
  return conditions;
};

/** The whole query as a naive search's conditions (`ilikeFilters` and `ilikeTerms`), with their parameters. */
const ilikeSql = (q, scope) => {
  const values = [];
  const add = (value) => `$${values.push(value)}`;
  const { must, mustNot } = ilikeTerms(q);
  const conditions = [
    ...ilikeFilters(q, scope, add),
    ...must.map((term) => `"content" ILIKE ${add(term)}`),
    ...mustNot.map((term) => `"content" NOT ILIKE ${add(term)}`),
  ];
  return { where: conditions.join(' AND '), values };
};

/** Plain ILIKE as an application without a search index would write it, newest first, one page. */
const limitQuery = (scope, q) => {
  const { where, values } = ilikeSql(q, scope);
  return {
    text: `SELECT "id", "channel_id", "user_id", "content", "created_at" FROM "chat"."message"
           WHERE ${where} ORDER BY "created_at" DESC LIMIT 50`,
    values,
  };
};

/** The same condition over every row (no index, no early exit): what "scan everything" costs. */
const seqQuery = (scope, q) => {
  const { where, values } = ilikeSql(q, scope);
  return { text: `SELECT count(*)::int AS hits FROM "chat"."message" WHERE ${where}`, values };
};

/** Most matches `hiddenHits` counts for one query. */
const HIDDEN_HITS_CAP = 10_000;

/**
 * The membership mode's proof that the leak check had something to find: the messages matching the query (as the
 * ILIKE baselines read it) in the private channels the searcher is not in, up to `HIDDEN_HITS_CAP`.
 */
const hiddenHits = async (pgClient, seed, q) => {
  const { where, values } = ilikeSql(q, { ...seed, readable: seed.membership.hidden });
  const { rows } = await pgClient.query({
    text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM "chat"."message" WHERE ${where} LIMIT ${HIDDEN_HITS_CAP}) x`,
    values,
  });
  return rows[0].n;
};

/** The scan nodes of a plan, e.g. `Index Scan Backward IDX_MESSAGE_WORKSPACE_CREATED`. */
const planShape = (plan) => {
  const scans = [];
  const walk = (node) => {
    if (/Scan/.test(node['Node Type']))
      scans.push(
        [node['Node Type'], node['Scan Direction'] === 'Backward' ? 'Backward' : '', node['Index Name'] ?? '']
          .filter(Boolean)
          .join(' '),
      );
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return scans.join(' + ');
};

export const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (rank - lo);
};

const figures = (samples) => ({
  n: samples.length,
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  p99: percentile(samples, 99),
});

const median = (values) => percentile(values, 50);

const timed = async (fn) => {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
};

/**
 * An HTTP client for the product's side: by default one kept-alive connection through `node:http` (as the baselines
 * keep one pg connection each), so the timings hold the product's work and not the client's; `fetch` (undici) adds
 * 0.6–0.8 ms of its own to every request on these machines.
 */
export const httpClient = (base, kind = 'http') => {
  if (kind === 'fetch')
    return {
      get: async (path, headers) => {
        const res = await fetch(`${base}${path}`, { headers });
        return { status: res.status, text: await res.text() };
      },
      close: () => undefined,
    };
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get: (path, headers) =>
      new Promise((resolve, reject) => {
        const req = http.get({ hostname, port, path, headers, agent }, (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
      }),
    close: () => agent.destroy(),
  };
};

/**
 * One search through the API; never throws: a failure is counted, with its status or error. With `readable` (the ids
 * of the channels the searcher may read), `unreadable` counts the results from any other channel: must be 0.
 */
const searchOnce = async (client, cookie, q, readable = null) => {
  try {
    const { ms, value } = await timed(() => client.get(`/api/messages/search?q=${encodeURIComponent(q)}`, { cookie }));
    if (value.status !== 200)
      return { ms, ok: false, failure: `${value.status} after ${ms.toFixed(0)} ms: ${value.text.slice(0, 200)}` };
    const body = JSON.parse(value.text);
    if (!Array.isArray(body)) return { ms, ok: false, failure: `not an array: ${value.text.slice(0, 200)}` };
    const unreadable = readable ? body.filter((r) => !readable.has(r.channelId)).length : 0;
    return { ms, ok: true, results: body.length, unreadable };
  } catch (err) {
    return { ms: NaN, ok: false, failure: String(err) };
  }
};

/**
 * How long a pause before each of `--pauses` searches: longer than node-postgres's default idle timeout (10 s), so
 * a pool left at that default has closed its connections by then, and than Node's default HTTP keep-alive (5 s).
 */
export const PAUSE_MS = 12_000;
export const PAUSE_QUERY = 'deploy';

export const DEFAULTS = {
  messages: 1_000_000,
  rounds: 2,
  /** Product and ILIKE+LIMIT runs of each query per round. */
  repeat: 5,
  /** Sequential-ILIKE runs of each query per round (each reads the whole table). */
  seqRepeat: 1,
  /** One unmeasured run of every query on all three before round 1. */
  warmup: true,
  /**
   * Then this many unmeasured product searches (each followed by the route floor, as in the rounds) and as many
   * ILIKE+LIMIT runs, over the queries in turn: the product's code paths are compiled by V8 as they run, and a fresh
   * process answered its first 1,000–1,500 searches about twice as slowly at p90 as it did afterwards.
   */
  warmupSearches: 2000,
  /** Connections inserting (and building indexes) in parallel. */
  concurrency: 2,
  logLevel: 'info',
  /** Run on the embedded Postgres `npm start` uses (its memory and planner settings) instead of the machine's. */
  embedded: false,
  /** The product's HTTP client: `http` (one kept-alive `node:http` connection) or `fetch`. */
  client: 'http',
  /** Searches timed after a pause of `PAUSE_MS` each, when every pool in the product has had time to go idle. */
  pauses: 0,
  /** The pause before each of them (tests shorten it). */
  pauseMs: PAUSE_MS,
  /** Runs of each query, back to back, in the CPU pass after the rounds (0: no CPU pass). */
  cpuRepeat: 40,
  log: (line) => process.stderr.write(`${line}\n`),
};

const productVersion = () => {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout?.trim() ?? '';
  const dirty = git('status', '--porcelain', '--', 'services/chat/src', 'libs/contracts/src', 'gateway/src');
  let built = '';
  try {
    built = statSync(join(root, 'services/chat/dist/messages/search.service.js')).mtime.toISOString();
  } catch {
    // not built the usual way
  }
  return { commit: git('rev-parse', '--short', 'HEAD') || 'unknown', dirty: dirty.length > 0, built };
};

/**
 * The search route's own floor: a query of an excluded word alone is an empty search, which the chat service answers
 * with no results after the membership check and before any statement of its own — what every search pays for HTTP,
 * the session, the bus and the check.
 */
export const FLOOR_QUERY = '-floor';

/**
 * CPU per search, from /proc (what the machine's other load does to latency moves it far less): for each class, its
 * queries `o.cpuRepeat` times each back to back through the product — the product's process (gateway and services in
 * one) and every Postgres process of the machine — then as many runs of the ILIKE+LIMIT baseline (Postgres only: its
 * client is this process), and the route floor alone the same way. Milliseconds per search; `null` without a pass.
 */
const cpuPass = async (o, product, queries, runOnce) => {
  if (!o.cpuRepeat) return null;
  const pid = product.pids[0];
  const measure = async (rows, run) => {
    const node0 = processCpuOf(pid).own;
    const servers0 = serverCpu();
    for (let i = 0; i < o.cpuRepeat; i++) for (const row of rows) await run(row);
    const n = o.cpuRepeat * rows.length;
    return {
      n,
      node: ((processCpuOf(pid).own - node0) * 1000) / n,
      postgres: (serverCpuBetween(servers0, serverCpu()).postgres * 1000) / n,
    };
  };
  o.log(`search: CPU pass (each query ${o.cpuRepeat}× back to back on the product and on ILIKE+LIMIT)`);
  const byClass = new Map();
  for (const row of queries) byClass.set(row.class, [...(byClass.get(row.class) ?? []), row]);
  const classes = [];
  for (const [name, rows] of byClass) {
    const searched = await measure(rows, runOnce.product);
    const limit = await measure(rows, runOnce.limit);
    classes.push({ class: name, product: searched, limitPostgres: limit.postgres, limitN: limit.n });
  }
  const floor = await measure([{ q: FLOOR_QUERY }], runOnce.product);
  // over the whole mix: each class's per-search figure weighted by its number of runs
  const pooled = (runs, value) =>
    classes.reduce((sum, c) => sum + value(c) * runs(c), 0) / classes.reduce((n, c) => n + runs(c), 0);
  const searches = (c) => c.product.n;
  return {
    repeat: o.cpuRepeat,
    classes,
    mix: {
      product: {
        n: classes.reduce((n, c) => n + searches(c), 0),
        node: pooled(searches, (c) => c.product.node),
        postgres: pooled(searches, (c) => c.product.postgres),
      },
      limitPostgres: pooled(
        (c) => c.limitN,
        (c) => c.limitPostgres,
      ),
    },
    floor,
  };
};

/** `o.pauses` times: a pause, the first search after it, and the same search again at once. */
const afterPauses = async (o, client, cookie) => {
  const first = [];
  const next = [];
  for (let i = 1; i <= o.pauses; i++) {
    o.log(`search: pause ${i} of ${o.pauses} (${o.pauseMs / 1000} s)`);
    await new Promise((resolve) => setTimeout(resolve, o.pauseMs));
    for (const into of [first, next]) {
      const r = await searchOnce(client, cookie, PAUSE_QUERY);
      if (r.ok) into.push(r.ms);
    }
  }
  return { first: figures(first), next: figures(next), max: first.length ? Math.max(...first) : NaN };
};

/**
 * `o.warmupSearches` unmeasured product searches over the queries in turn, each followed by the route floor, then as
 * many ILIKE+LIMIT runs: both sides as warm as a server that has been answering for a while. Resolves with the
 * product's times over the first and the last tenth of its warm-up (how much it sped up), or null without one.
 */
const warmUp = async (o, queries, run) => {
  const n = o.warmupSearches;
  if (!n) return null;
  o.log(
    `search: warming up (${n.toLocaleString('en')} searches over the queries in turn, on the product and on ILIKE+LIMIT)`,
  );
  const times = [];
  for (let i = 0; i < n; i++) {
    const { ms } = await timed(() => run.product(queries[i % queries.length]));
    times.push(ms);
    await run.floor();
  }
  for (let i = 0; i < n; i++) await run.limit(queries[i % queries.length]);
  const tenth = Math.max(1, Math.floor(n / 10));
  return { searches: n, first: figures(times.slice(0, tenth)), last: figures(times.slice(-tenth)) };
};

const measure = async (o, product, seed, load) => {
  const classes = queryClasses(seed, load);
  const connect = async (settings = []) => {
    const client = new pg.Client({ connectionString: product.database.url });
    await client.connect();
    for (const s of settings) await client.query(s);
    return client;
  };
  const client = httpClient(product.url, o.client);
  const limitClient = await connect();
  // no index of any kind: the planner's only way is to read the table (in parallel workers where it likes)
  const seqClient = await connect([
    'SET enable_indexscan = off',
    'SET enable_bitmapscan = off',
    'SET enable_indexonlyscan = off',
  ]);
  try {
    const queries = classes.flatMap((c) =>
      c.queries.map((q) => ({
        class: c.name,
        q,
        product: [],
        floor: [],
        limit: [],
        seq: [],
        failures: [],
        results: NaN,
        limitRows: NaN,
        hits: NaN,
        limitPlan: '',
        unreadable: 0,
        hiddenHits: null,
      })),
    );
    const readable = new Set(seed.readable.map((c) => c.id));
    const runProduct = async (row, record) => {
      const r = await searchOnce(client, seed.cookie, row.q, readable);
      // every run counts here, the warm-up's too: no result may ever come from a channel the searcher may not read
      if (r.ok) row.unreadable += r.unreadable;
      if (!record) return;
      if (r.ok) {
        row.product.push(r.ms);
        row.results = r.results;
      } else row.failures.push(r.failure);
    };
    const runFloor = async (row) => {
      const r = await searchOnce(client, seed.cookie, FLOOR_QUERY);
      if (r.ok && r.results === 0) row.floor.push(r.ms);
      else row.failures.push(`${FLOOR_QUERY}: ${r.failure ?? `${r.results} results`}`);
    };
    const runLimit = async (row, record) => {
      const { ms, value } = await timed(() => limitClient.query(limitQuery(seed, row.q)));
      if (!record) return;
      row.limit.push(ms);
      row.limitRows = value.rowCount;
    };
    const runSeq = async (row, record) => {
      const { ms, value } = await timed(() => seqClient.query(seqQuery(seed, row.q)));
      row.hits = value.rows[0].hits;
      if (record) row.seq.push(ms);
    };
    if (o.warmup) {
      o.log(`search: warming up (${queries.length} queries, once each on the product and both baselines)`);
      for (const row of queries) {
        await runProduct(row, false);
        await runLimit(row, false);
        await runSeq(row, false);
      }
    }
    // one unrecorded run of a query on each side, for the warm-up and the CPU pass
    const runOnce = {
      product: (row) => runProduct(row, false),
      floor: () => searchOnce(client, seed.cookie, FLOOR_QUERY),
      limit: (row) => limitClient.query(limitQuery(seed, row.q)),
    };
    const warmup = await warmUp(o, queries, runOnce);
    for (const row of queries) {
      const { text, values } = limitQuery(seed, row.q);
      const [{ 'QUERY PLAN': plan }] = (await limitClient.query({ text: `EXPLAIN (FORMAT JSON) ${text}`, values }))
        .rows;
      row.limitPlan = planShape(plan[0].Plan);
    }
    for (let round = 1; round <= o.rounds; round++) {
      const t0 = performance.now();
      for (const row of queries) {
        // the product and ILIKE+LIMIT in turn, run by run, and the floor right after each search: all three under
        // the same load from the rest of the machine
        for (let i = 0; i < o.repeat; i++) {
          await runProduct(row, true);
          await runFloor(row);
          await runLimit(row, true);
        }
      }
      const mix = figures(queries.flatMap((r) => r.product));
      o.log(
        `search: round ${round} of ${o.rounds} in ${((performance.now() - t0) / 1000).toFixed(0)} s; product p50 ${mix.p50.toFixed(1)} ms, p95 ${mix.p95.toFixed(1)} ms so far`,
      );
    }
    // Sequential ILIKE in a pass of its own: a whole-table read in parallel workers takes both cores for 300 ms and
    // leaves their caches cold, and whichever side ran next paid for it (the product's next search 1.8 ms more at the
    // median, ILIKE+LIMIT's 0.3), which it always did when the three took turns query by query
    o.log(`search: sequential ILIKE (${o.rounds * o.seqRepeat}× each query)`);
    for (let i = 0; i < o.rounds * o.seqRepeat; i++) for (const row of queries) await runSeq(row, true);
    const cpu = await cpuPass(o, product, queries, runOnce);
    if (seed.membership) {
      o.log('search: counting the matches in private channels the searcher is not in');
      for (const row of queries) row.hiddenHits = await hiddenHits(limitClient, seed, row.q);
    }
    return { classes, queries, cpu, warmup, pauses: await afterPauses(o, client, seed.cookie) };
  } finally {
    client.close();
    await limitClient.end();
    await seqClient.end();
  }
};

const summarise = (classes, queries) => {
  const row = (name, mine) => {
    const product = figures(mine.flatMap((r) => r.product));
    const floor = figures(mine.flatMap((r) => r.floor));
    const limit = figures(mine.flatMap((r) => r.limit));
    const seq = figures(mine.flatMap((r) => r.seq));
    // each ILIKE+LIMIT run plus the route floor timed in the same turn (the floor right after the product's search,
    // then ILIKE+LIMIT): what ILIKE+LIMIT would cost answered through the product's route, without its rows' way out
    const routed = figures(
      mine.flatMap((r) => r.limit.flatMap((ms, i) => (r.floor[i] === undefined ? [] : [ms + r.floor[i]]))),
    );
    return {
      class: name,
      queries: mine.map((r) => r.q),
      hits: median(mine.map((r) => r.hits)),
      results: median(mine.map((r) => r.results)),
      product,
      floor,
      /** What the search itself adds to the route's floor, at the median. */
      ownP50: product.p50 - floor.p50,
      ilikeLimit: limit,
      seqIlike: seq,
      vsLimit: limit.p95 / product.p95,
      routedLimit: routed,
      vsRoutedLimit: routed.p95 / product.p95,
      vsSeq: seq.p95 / product.p95,
      failures: mine.reduce((s, r) => s + r.failures.length, 0),
      /** Results from channels the searcher may not read, over every run: must be 0. */
      unreadable: mine.reduce((s, r) => s + r.unreadable, 0),
    };
  };
  return {
    rows: classes.map((c) =>
      row(
        c.name,
        queries.filter((r) => r.class === c.name),
      ),
    ),
    mix: row('whole mix', queries),
  };
};

/** The CPU pass's table (see `cpuPass`), or nothing without one. */
const cpuLines = (cpu) => {
  if (!cpu) return [];
  const line = (name, c) => {
    const total = c.product.node + c.product.postgres;
    return `| ${name} | ${c.product.n} | ${fmt(c.product.node, 2)} | ${fmt(c.product.postgres, 2)} | ${fmt(total, 2)} | ${fmt(c.limitPostgres, 2)} | ${times(total / c.limitPostgres)} |`;
  };
  return [
    '',
    `CPU per search (ms, from /proc, each query ${cpu.repeat}× back to back): the product's process and the machine's Postgres processes, against the Postgres CPU of ILIKE+LIMIT for the same queries; the route floor alone: ${fmt(cpu.floor.node, 2)} ms in the product's process, ${fmt(cpu.floor.postgres, 2)} in Postgres (${cpu.floor.n} runs)`,
    '',
    '| class | searches | product process | product Postgres | product total | ILIKE+LIMIT Postgres | product total ÷ ILIKE+LIMIT |',
    '|---|---|---|---|---|---|---|',
    ...cpu.classes.map((c) => line(c.class, c)),
    line('**whole mix**', cpu.mix),
  ];
};

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** The membership mode: what the private channels the searcher is not in hold that the queries match. */
const hiddenLine = (seed, queries) => {
  if (!seed.membership) return '';
  const counted = queries.filter((r) => Number.isInteger(r.hiddenHits));
  const matching = counted.filter((r) => r.hiddenHits > 0);
  const total = counted.reduce((s, r) => s + r.hiddenHits, 0);
  return `; the ${int(seed.membership.hidden)} private channels they are not in hold ${int(total)} messages matching ${matching.length} of ${counted.length} queries (up to ${int(HIDDEN_HITS_CAP)} a query)`;
};
const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : 'n/a');
const times = (n) => (Number.isFinite(n) ? `${n >= 10 ? n.toFixed(0) : n.toFixed(2)}×` : 'n/a');
const mark = (ok) => (ok ? '✓' : '✗');
const loads = (l) => l.map((x) => x.toFixed(2)).join(' ');
const seconds = (s) => `${s.toFixed(1)} s`;

export const formatReport = ({
  options: o,
  seed,
  load,
  rows,
  mix,
  queries,
  warmup,
  pauses,
  cpu,
  loadStart,
  loadEnd,
  version,
}) => {
  const searcherRows = load.perWorkspace[seed.workspaceId] ?? 0;
  const lines = [
    `message-search benchmark: ${int(load.rows)} messages (${int(searcherRows)} in the searcher's workspace, ${int(load.rows - searcherRows)} in a second one), ${load.start.toISOString().slice(0, 10)} – ${load.end.toISOString().slice(0, 10)}; ${o.rounds} round(s), each query ${o.repeat}× on the product and ILIKE+LIMIT and ${o.seqRepeat}× seq ILIKE per round (the product and ILIKE+LIMIT in turn, run by run; seq ILIKE in a pass of its own after the rounds)${o.warmup ? ', after one warm-up run of each' : ''}${warmup ? ` and ${int(warmup.searches)} warm-up searches (the product's p50 / p95 over their first tenth ${fmt(warmup.first.p50)} / ${fmt(warmup.first.p95)} ms, over their last ${fmt(warmup.last.p50)} / ${fmt(warmup.last.p95)})` : ''}`,
    `seeded in ${seconds(load.seedS)}: API ${seconds(load.apiS)}, insert ${seconds(load.insertS)}, indexes ${seconds(load.indexS)} (${load.indexes.join(', ')}), VACUUM (ANALYZE) ${seconds(load.analyzeS)}; table ${load.tableSize}, indexes ${load.indexesSize}`,
    `product: standalone on ${o.embedded ? "its embedded Postgres (npm start's settings)" : "the machine's Postgres"}, main ${version.commit}${version.dirty ? ' + uncommitted changes' : ''}${version.built ? `, chat service built ${version.built}` : ''}; searcher @${seed.searcher}`,
    `node ${process.version}, ${cpus().length} CPUs, load average ${loads(loadStart)} at start, ${loads(loadEnd)} at end`,
    ...(seed.membership
      ? [
          `membership: @${seed.searcher} is a member of ${int(seed.membership.memberOf)} of the workspace's ${int(seed.membership.channels)} channels (${int(seed.membership.private)} private) and may read ${int(seed.membership.readable)} of them (every public one, and the private ones they are in); ${fmt(o.membership.messageShare * 100, 0)} % of the messages spread over all but the four named channels`,
        ]
      : []),
    '',
    `| class | hits (median) | product p50 | p95 | p99 | route floor p50 | p95 | product − floor p50 | ILIKE+LIMIT p50 | p95 | p99 | seq ILIKE p50 | p95 | p99 | ILIKE+LIMIT ÷ product (p95, ≥ ${TARGETS.vsLimit}) | seq ÷ product (p95, ≥ ${TARGETS.vsSeq}) | p95 ≤ ${TARGETS.classP95Ms} ms | failed |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const line = (r, p95Target) =>
    `| ${r.class} | ${int(r.hits)} | ${fmt(r.product.p50)} | ${fmt(r.product.p95)} | ${fmt(r.product.p99)} | ${fmt(r.floor.p50)} | ${fmt(r.floor.p95)} | ${fmt(r.ownP50)} | ${fmt(r.ilikeLimit.p50)} | ${fmt(r.ilikeLimit.p95)} | ${fmt(r.ilikeLimit.p99)} | ${fmt(r.seqIlike.p50, 0)} | ${fmt(r.seqIlike.p95, 0)} | ${fmt(r.seqIlike.p99, 0)} | ${times(r.vsLimit)} ${mark(r.vsLimit >= TARGETS.vsLimit)} | ${times(r.vsSeq)} ${mark(r.vsSeq >= TARGETS.vsSeq)} | ${mark(r.product.p95 <= p95Target)} | ${r.failures} |`;
  for (const r of rows) lines.push(line(r, TARGETS.classP95Ms));
  lines.push(line({ ...mix, class: '**whole mix**' }, TARGETS.mixP95Ms));
  const slowClasses = rows.filter((r) => !(r.product.p95 <= TARGETS.classP95Ms));
  const slowerThanLimit = rows.filter((r) => !(r.vsLimit >= TARGETS.vsLimit));
  const underSeq = rows.filter((r) => !(r.vsSeq >= TARGETS.vsSeq));
  const underFloor = rows.filter((r) => r.ilikeLimit.p95 < r.floor.p95);
  const ownFaster = rows.filter((r) => r.ownP50 <= r.ilikeLimit.p50);
  const slowerThanRouted = rows.filter((r) => !(r.vsRoutedLimit >= TARGETS.vsLimit));
  const names = (list) => (list.length ? ` (${list.map((r) => r.class).join(', ')})` : '');
  // how many classes meet a target, then the ones that do not
  const short = (list) => (list.length ? ` (not: ${list.map((r) => r.class).join(', ')})` : '');
  lines.push(
    '',
    `times in ms, measured by the client: the product through HTTP with the signed-in cookie (${o.client === 'fetch' ? '`fetch`' : 'one kept-alive `node:http` connection'}), the baselines over one pg connection each (the same query: the searcher's channels, the filters and the text); the route floor is \`${FLOOR_QUERY}\` (an empty search: HTTP, session, bus and the membership check, none of the search's statements), timed after each search`,
    '',
    `- p95 ≤ ${TARGETS.mixP95Ms} ms over the whole mix: ${fmt(mix.product.p95)} ms ${mark(mix.product.p95 <= TARGETS.mixP95Ms)}`,
    `- results from channels the searcher may not read (every search, the warm-up's included): ${int(mix.unreadable)} ${mark(mix.unreadable === 0)}${hiddenLine(seed, queries)}`,
    `- every class ≤ ${TARGETS.classP95Ms} ms p95: ${rows.length - slowClasses.length} of ${rows.length} classes meet it ${mark(slowClasses.length === 0)}${short(slowClasses)}`,
    `- ≥ ${TARGETS.vsSeq}× faster than sequential ILIKE (p95): whole mix ${times(mix.vsSeq)}, ${rows.length - underSeq.length} of ${rows.length} classes meet it ${mark(underSeq.length === 0 && mix.vsSeq >= TARGETS.vsSeq)}${short(underSeq)}`,
    `- never slower than ILIKE with LIMIT (p95): whole mix ${times(mix.vsLimit)}, ${rows.length - slowerThanLimit.length} of ${rows.length} classes meet it ${mark(slowerThanLimit.length === 0 && mix.vsLimit >= TARGETS.vsLimit)}${short(slowerThanLimit)}`,
    `  - the route floor alone: p50 ${fmt(mix.floor.p50)}, p95 ${fmt(mix.floor.p95)} ms; ILIKE+LIMIT's p95 is below the floor's in ${underFloor.length} of ${rows.length} classes${names(underFloor)}, where no search through HTTP can match it; the search's own time (product − floor, p50) is within ILIKE+LIMIT's p50 in ${ownFaster.length} of ${rows.length} classes${names(ownFaster)}`,
    `  - ILIKE+LIMIT through the same route (each run plus the floor timed in its turn): p50 ${fmt(mix.routedLimit.p50)}, p95 ${fmt(mix.routedLimit.p95)} ms over the whole mix; the product is not slower (p95) in ${rows.length - slowerThanRouted.length} of ${rows.length} classes${slowerThanRouted.length ? ` (not: ${slowerThanRouted.map((r) => `${r.class} ${fmt(r.product.p95)} against ${fmt(r.routedLimit.p95)}`).join(', ')})` : ''}`,
    ...(pauses?.first.n
      ? [
          `- after a ${o.pauseMs / 1000} s pause (${pauses.first.n}×, \`${PAUSE_QUERY}\`): the first search p50 ${fmt(pauses.first.p50)}, slowest ${fmt(pauses.max)} ms; the same search right after it p50 ${fmt(pauses.next.p50)} ms`,
        ]
      : []),
    ...cpuLines(cpu),
    '',
    '| query | class | hits (seq count) | product results | product p50 | p95 | ILIKE+LIMIT p50 | p95 | seq ILIKE p50 | ILIKE+LIMIT plan |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of queries) {
    const p = figures(r.product);
    const l = figures(r.limit);
    lines.push(
      `| \`${r.q}\` | ${r.class} | ${int(r.hits)} | ${int(r.results)} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(median(r.seq), 0)} | ${r.limitPlan} |`,
    );
  }
  const failures = queries.flatMap((r) => r.failures.map((f) => `\`${r.q}\`: ${f}`));
  if (failures.length) lines.push('', `failed requests (${failures.length}):`, ...failures.slice(0, 10));
  return lines.join('\n');
};

/** Runs the benchmark; resolves with the figures and the printable report. */
export const runSearchBench = async (options = {}) => {
  const o = { ...DEFAULTS, ...options };
  // `membership: true` or some of `MEMBERSHIP`'s fields: the mode, with the defaults for the rest
  o.membership = o.membership ? { ...MEMBERSHIP, ...(o.membership === true ? {} : o.membership) } : null;
  const loadStart = loadavg();
  o.log('search: starting the product (standalone, fresh database)');
  const product = await startStandalone({ logLevel: o.logLevel, embedded: o.embedded });
  try {
    const t0 = performance.now();
    o.log(
      `search: signing up two workspaces at ${product.url}${o.membership ? ` (and ${o.membership.channels.toLocaleString('en')} channels in the first)` : ''}`,
    );
    const seed = await seedPeople(product.url, { membership: o.membership });
    const apiS = (performance.now() - t0) / 1000;
    o.log(`search: inserting ${o.messages.toLocaleString('en')} messages`);
    const bulk = await bulkLoadMessages({
      databaseUrl: product.database.url,
      slots: seed.slots,
      count: o.messages,
      concurrency: o.concurrency,
      log: o.log,
    });
    const load = { ...bulk, apiS, seedS: (performance.now() - t0) / 1000 };
    o.log(
      `search: seeded in ${seconds(load.seedS)} (insert ${seconds(load.insertS)}, indexes ${seconds(load.indexS)}, VACUUM (ANALYZE) ${seconds(load.analyzeS)})`,
    );
    const { classes, queries, cpu, warmup, pauses } = await measure(o, product, seed, load);
    const { rows, mix } = summarise(classes, queries);
    const result = {
      options: o,
      seed: {
        workspaceId: seed.workspaceId,
        otherWorkspaceId: seed.otherWorkspaceId,
        searcher: seed.searcher,
        usernames: seed.usernames,
        channels: seed.channels,
        slots: seed.slots,
        membership: seed.membership && {
          channels: seed.membership.channels,
          private: seed.membership.private,
          memberOf: seed.membership.memberOf,
          readable: seed.membership.readable,
          hidden: seed.membership.hidden.length,
        },
      },
      load,
      rows,
      mix,
      queries: queries.map((r) => ({
        class: r.class,
        q: r.q,
        hits: r.hits,
        results: r.results,
        product: figures(r.product),
        floor: figures(r.floor),
        ilikeLimit: figures(r.limit),
        seqIlike: figures(r.seq),
        limitPlan: r.limitPlan,
        failures: r.failures,
        unreadable: r.unreadable,
        hiddenHits: r.hiddenHits,
      })),
      /** Results from channels the searcher may not read, over every search (warm-up included): must be 0. */
      unreadable: queries.reduce((s, r) => s + r.unreadable, 0),
      warmup,
      pauses,
      cpu,
      failures: queries.reduce((s, r) => s + r.failures.length, 0),
      version: productVersion(),
      loadStart,
      loadEnd: loadavg(),
    };
    return { ...result, report: formatReport({ ...result, queries }) };
  } finally {
    await product.close({ keepDatabase: o.keepDatabase });
    if (o.keepDatabase && !o.embedded) process.stderr.write(`kept the database: ${product.database.url}\n`);
  }
};

/** `--messages 1000000 --rounds 2 --repeat 5 --seq-repeat 1 --no-warmup --warmup-searches 2000 --concurrency 2 --log-level info --fetch
 *  --pauses 5` */
export const parseArgs = (argv) => {
  const o = {};
  const number = (flag, value) => {
    const n = Number(String(value).replace(/[_,]/g, ''));
    if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a whole number (got ${value})`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => argv[++i];
    switch (flag) {
      case '-n':
      case '--messages':
        o.messages = number(flag, value());
        break;
      case '-r':
      case '--rounds':
        o.rounds = number(flag, value());
        break;
      case '--repeat':
        o.repeat = number(flag, value());
        break;
      case '--seq-repeat':
        o.seqRepeat = number(flag, value());
        break;
      case '--no-warmup':
        o.warmup = false;
        o.warmupSearches = 0;
        break;
      case '--warmup-searches':
        o.warmupSearches = number(flag, value());
        break;
      case '--embedded':
        o.embedded = true;
        break;
      case '--concurrency':
        o.concurrency = number(flag, value());
        break;
      case '--log-level':
        o.logLevel = value();
        break;
      case '--fetch':
        o.client = 'fetch';
        break;
      case '--pauses':
        o.pauses = number(flag, value());
        break;
      case '--cpu-repeat':
        o.cpuRepeat = number(flag, value());
        break;
      case '--keep-database':
        o.keepDatabase = true;
        break;
      case '--membership':
        o.membership = { ...o.membership };
        break;
      case '--channels':
        o.membership = { ...o.membership, channels: number(flag, value()) };
        break;
      case '--member-of':
        o.membership = { ...o.membership, memberOf: number(flag, value()) };
        break;
      default:
        throw new Error(`unknown option ${flag} (see bench/search/README.md)`);
    }
  }
  return o;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runSearchBench(parseArgs(process.argv.slice(2)));
  process.stdout.write(`${result.report}\n`);
  process.exit(result.failures > 0 ? 1 : 0);
}
