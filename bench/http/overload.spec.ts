// Keeps the overload mode of bench/http runnable: the whole mode at a tiny scale (built product, two rounds of one
// second), asserting the report's shape and that every figure is there, not any speed or the target (CI shares
// two cores between suites).
import { parseArgs, runHttpBench } from './http.mjs';

describe('bench/http --overload', () => {
  it('measures W1 sustainable, then alternates quiet and overload rounds of W2 and reports the ratio and W1 mix', async () => {
    const { sustainable, offeredRate, rounds, overloadSummary, report } = await runHttpBench({
      log: () => undefined,
      overload: true,
      rounds: 2,
      duration: 2,
      connections: 5,
      warmup: 1,
      w2Rate: 6,
      overloadConnections: 10,
    });
    expect(sustainable!.rps).toBeGreaterThan(0);
    expect(offeredRate).toBe(Math.max(1, Math.round(3 * sustainable!.rps)));
    expect(rounds!.map((r) => `${r.round} ${r.phase}`)).toEqual(['1 quiet', '1 overload', '2 quiet', '2 overload']);
    for (const r of rounds!) {
      expect(r.w2.completed).toBeGreaterThan(0);
      expect(r.w1 === undefined).toBe(r.phase === 'quiet');
    }
    const s = overloadSummary!;
    // every answer W1 had is in the mix (a failed connection counts as `other`)
    const w1Answers = rounds!.reduce((n, r) => n + (r.w1 ? r.w1.completed : 0), 0);
    expect(s.w1Mix[200] + s.w1Mix[429] + s.w1Mix[503] + s.w1Mix.other).toBeGreaterThanOrEqual(w1Answers);
    expect(s.ratio).toBeCloseTo(s.overloadP99 / s.quietP99);
    expect(typeof s.held).toBe('boolean');
    expect(report).toMatch(/W1 sustainable: \d+ awards\/s/);
    expect(report).toContain('| 2 | overload |');
    expect(report).toMatch(/p99 overload \/ quiet: [\d.]+× \(target ≤ 3× [✓✗]\); W2 errors \d+ \(target 0 [✓✗]\)/);
    expect(report).toMatch(/W1's answers under overload: \d+ × 200, \d+ × 429, \d+ × 503, \d+ other/);
    expect(report).toMatch(/load average [\d.]+ [\d.]+ [\d.]+ at start, [\d.]+ [\d.]+ [\d.]+ at end/);
  }, 240000);

  it('reads the overload flags', () => {
    expect(parseArgs(['--overload', '--w2-rate', '20', '-d', '5'], {})).toEqual({
      mode: 'standalone',
      overload: true,
      w2Rate: 20,
      duration: 5,
    });
  });
});
