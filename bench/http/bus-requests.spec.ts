// Keeps bench/http/bus-requests.mjs runnable: a few hundred requests on each path, every figure there; never a speed.
import { parseArgs, runBusRequestBench } from './bus-requests.mjs';

describe('bench/http/bus-requests', () => {
  it('alternates nats.js request and ReplyInbox over the real NATS and prints both', async () => {
    const { rows, report } = await runBusRequestBench({
      requests: 300,
      concurrency: 5,
      rounds: 1,
      log: () => undefined,
    });
    expect(rows.map((r) => r.side)).toEqual(['nats.js request', 'ReplyInbox']);
    for (const row of rows) {
      expect(row.cpuUs).toBeGreaterThan(0);
      expect(row.wallUs).toBeGreaterThan(0);
    }
    expect(report).toContain('| 1 | ReplyInbox |');
  });

  it('reads its flags', () => {
    expect(parseArgs(['--requests', '500', '--rounds', '2'])).toEqual({ requests: 500, concurrency: 10, rounds: 2 });
  });
});
