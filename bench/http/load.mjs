// Load side of bench/http: one autocannon run against a route, and Postgres transactions counted per database.
import autocannon from 'autocannon';
import pg from 'pg';
import { adminDatabaseUrl, local } from './servers.mjs';

/**
 * `connections` keep-alive clients hammer one route for `duration` seconds (or cycle through autocannon `requests`),
 * as fast as answers come or at `overallRate` requests a second in all. Answers req/s (completed requests over the
 * run's length), latency p50/p99 in ms, how many answers were not 2xx or failed outright, and the count of each status.
 */
export const hammer = async ({
  url,
  method = 'GET',
  headers = {},
  body,
  requests,
  connections,
  duration,
  overallRate,
}) => {
  local(url);
  const result = await autocannon({
    url,
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    requests,
    connections,
    duration,
    ...(overallRate ? { overallRate } : {}),
  });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed: result.requests.total,
    sent: result.requests.sent,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
  };
};

/**
 * Committed + rolled-back transactions of one database, from `pg_stat_database`, read over a connection to another
 * database so the reads never count themselves.
 *
 * Backends publish their counters lazily: since PostgreSQL 15 a busy backend flushes at most once a second, and one
 * that went idle within a second of its last flush waits PGSTAT_IDLE_INTERVAL (10 s) before it does.
 * `pg_stat_force_next_flush()` only flushes the backend that calls it, so it cannot hurry the product's connections.
 * A reading is therefore only exact once the product has been idle for `settleMs`; `read()` waits for that.
 */
export const transactionCounter = async (database) => {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  const version = Number((await client.query('SHOW server_version_num')).rows[0].server_version_num);
  // before 15 the statistics collector received counters every 500 ms
  const settleMs = version >= 150000 ? 11000 : 1500;
  let lastActivity = Date.now();
  return {
    settleMs,
    /** Marks the end of a spell of product activity (the counters of it are not published yet). */
    touched: () => {
      lastActivity = Date.now();
    },
    /** Waits until everything before the last `touched()` is published, then reads the counter. */
    read: async () => {
      const wait = lastActivity + settleMs - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await client.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await client.query(
        'SELECT (xact_commit + xact_rollback)::bigint AS n FROM pg_stat_database WHERE datname = $1',
        [database],
      );
      return Number(rows[0]?.n ?? NaN);
    },
    close: () => client.end(),
  };
};
