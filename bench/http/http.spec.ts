// Keeps the request-path benchmark runnable: the whole thing with a tiny load (built product, one round of one second),
// asserting that every figure is there and nothing failed, not any speed (CI shares two cores between suites).
import { parseArgs, runHttpBench } from './http.mjs';

// Each test allows 240 s: up to READY_TIMEOUT_MS (180 s, servers.mjs) for a product slow to start on a busy machine,
// then a run of seconds.
const quiet = { log: () => undefined };
const ROUTES = [
  'GET /api/channels',
  'GET /api/channels/{id}/messages',
  'GET /api/unread',
  'POST /api/channels/{id}/messages',
];

describe('bench/http', () => {
  it('alternates the standalone product and the bare Nest route on every route, with transactions per request', async () => {
    const { rows, summary, backgroundTransactions, report } = await runHttpBench({
      ...quiet,
      rounds: 1,
      duration: 1,
      connections: 5,
      warmup: 0,
    });
    expect(rows!.map((r) => r.route)).toEqual(ROUTES);
    for (const row of rows!) {
      expect(row.product.completed).toBeGreaterThan(0);
      expect(row.bare.completed).toBeGreaterThan(0);
      expect(row.product.non2xx + row.product.errors).toBe(0);
      expect(row.bare.non2xx + row.bare.errors).toBe(0);
      expect(row.ratio).toBeGreaterThan(0);
      expect(Number.isFinite(row.transactions)).toBe(true);
      expect(row.transactions).toBeGreaterThanOrEqual(0);
    }
    // a GET may one day be served from caches alone; stored messages cost transactions, though concurrent ones share
    // a commit (group commit, services/chat/README.md): with 5 connections posting, at most 5 to a commit, so at
    // least 0.2 per message (requests cut off in flight when the run ends count as sent, hence a little less)
    expect(rows!.find((r) => r.route.startsWith('POST'))!.transactions).toBeGreaterThan(0.15);
    expect(summary!.map((s) => s.route)).toEqual(ROUTES);
    expect(report).toContain('| GET /api/channels | 1 |');
    expect(report).toContain('PG tx/req');
    // the outbox relays commit on their own while nobody asks; that rate is measured and left out of the runs' counts
    expect(backgroundTransactions).toBeGreaterThan(0);
    expect(report).toContain(`own background (${backgroundTransactions!.toFixed(1)} a second`);
    expect(report).toMatch(/load average [\d.]+ [\d.]+ [\d.]+ at start/);
  }, 240000);

  it('ramps chat users against the standalone process and counts users per core it used', async () => {
    const { ramp, report } = await runHttpBench({
      ...quiet,
      users: true,
      usersSteps: [4],
      usersWindow: 3,
      usersPerWorkspace: 4,
      thinkMinMs: 50,
      thinkMaxMs: 150,
    });
    const [step] = ramp!.rows;
    expect(step.users).toBe(4);
    expect(step.joined).toBe(4);
    expect(step.httpRps).toBeGreaterThan(0);
    expect(step.deliveries).toBeGreaterThan(0);
    expect(step.errorRate).toBe(0);
    expect(step.gatewayCores).toBeGreaterThan(0);
    expect(step.usersPerCore).toBeGreaterThan(0);
    expect(step.productCores).toBeGreaterThanOrEqual(step.gatewayCores!);
    expect(step.usersPerProductCore).toBeGreaterThan(0);
    expect(report).toContain('users per gateway vCPU');
  }, 240000);

  it('measures the same routes through one gateway of cluster mode over NATS and Redis', async () => {
    const { rows, report } = await runHttpBench({
      ...quiet,
      mode: 'cluster',
      rounds: 1,
      duration: 1,
      connections: 5,
      warmup: 0,
      // the transaction count waits ~10 s per route for Postgres to publish it; the standalone run covers it
      transactions: false,
    });
    expect(rows!.map((r) => r.route)).toEqual(ROUTES);
    for (const row of rows!) {
      expect(row.product.completed).toBeGreaterThan(0);
      expect(row.product.non2xx + row.product.errors).toBe(0);
    }
    expect(report).toContain('(cluster: one gateway over NATS + Redis)');
  }, 240000);

  it('reads the CLI flags of the issue', () => {
    expect(parseArgs(['-c', '50', '-d', '15', '-r', '3', '--cluster'], {})).toEqual({
      mode: 'cluster',
      connections: 50,
      duration: 15,
      rounds: 3,
    });
    expect(parseArgs(['--users', '--steps', '10,20'], { MODE: 'cluster' })).toEqual({
      mode: 'cluster',
      users: true,
      usersSteps: [10, 20],
    });
    expect(() => parseArgs(['--bogus'], {})).toThrow('unknown option --bogus');
  });
});
