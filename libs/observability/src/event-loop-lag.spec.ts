import { setTimeout as sleep } from 'node:timers/promises';
import { Registry } from 'prom-client';
import { waitFor } from '@teamchat/testing';
import { EventLoopLagSampler, registerEventLoopLag } from './event-loop-lag.js';

/** Keeps the event loop busy (synchronously) for `ms`. */
const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe(EventLoopLagSampler.name, () => {
  const samplers: EventLoopLagSampler[] = [];
  /** `busy`: what the loop's utilization reads (a test process's own is whatever the test runner does meanwhile). */
  const sampler = (busyMs = 20, idleMs = 200, busy?: () => boolean) => {
    const s = new EventLoopLagSampler({ busyMs, idleMs, busyAbove: 0.01 }, busy && (() => (busy() ? 0.5 : 0)));
    samplers.push(s);
    s.start();
    return s;
  };
  afterEach(() => samplers.splice(0).forEach((s) => s.stop()));

  it('samples at the idle period while the loop is idle, and at the busy period while it works', async () => {
    let busy = false;
    const s = sampler(20, 200, () => busy);
    // the first sample (after 20 ms) saw an idle loop: the next is 200 ms on
    await waitFor(() => s.histogram.count >= 1, { timeoutMs: 5000, intervalMs: 5 });
    expect(s.periodMs).toBe(200);
    busy = true;
    await waitFor(() => s.periodMs === 20, { timeoutMs: 5000, intervalMs: 5 });
    const before = s.histogram.count;
    await sleep(300);
    // about 15 at the busy period, at most 2 at the idle one
    expect(s.histogram.count - before).toBeGreaterThanOrEqual(5);
    busy = false;
    await waitFor(() => s.periodMs === 200, { timeoutMs: 5000, intervalMs: 5 });
  });

  it("reads the loop's own utilization by default: busy while it works", async () => {
    const s = new EventLoopLagSampler({ busyMs: 20, idleMs: 200, busyAbove: 0.25 });
    samplers.push(s);
    s.start();
    const until = performance.now() + 300;
    while (performance.now() < until) {
      block(15);
      await sleep(2);
    }
    expect(s.periodMs).toBe(20);
  });

  it('records how late a sample fired, not the time between two samples', async () => {
    const s = sampler(50, 50);
    await waitFor(() => s.histogram.count >= 5, { timeoutMs: 10_000, intervalMs: 5 });
    // a timer fires within a few milliseconds of being due: at least one of five samples read far less than the 50 ms
    // between two samples (the least of several, as a loaded machine may hold any one of them back)
    expect(s.histogram.min / 1e6).toBeLessThan(40);
    s.histogram.reset();
    await sleep(10);
    block(150);
    await sleep(60);
    // the sample due during the 150 ms block fired when it ended: at least 100 ms late (the bound above it only keeps
    // the figure sane on a loaded machine; the least of five samples above is what tells lateness from the period)
    expect(s.histogram.max / 1e6).toBeGreaterThanOrEqual(100);
    expect(s.histogram.max / 1e6).toBeLessThan(2000);
  });

  it('stops sampling when told', async () => {
    const s = sampler(10, 10);
    await sleep(50);
    s.stop();
    const count = s.histogram.count;
    await sleep(50);
    expect(s.histogram.count).toBe(count);
  });
});

describe(registerEventLoopLag.name, () => {
  it("exports prom-client's event-loop gauges in seconds from the samples since the last scrape", async () => {
    const registry = new Registry();
    const s = new EventLoopLagSampler({ busyMs: 10, idleMs: 10, busyAbove: 0.01 });
    registerEventLoopLag(registry, s);
    s.start();
    try {
      await sleep(30);
      block(80);
      await sleep(30);
      // no sample from here on but the one the test records
      s.stop();
      const scraped = async () =>
        Object.fromEntries(
          (await registry.getMetricsAsJSON()).map((m) => [m.name, (m.values[0]?.value as number | undefined) ?? null]),
        );
      const first = await scraped();
      expect(Object.keys(first).sort()).toEqual(
        ['', '_min', '_max', '_mean', '_stddev', '_p50', '_p90', '_p99']
          .map((suffix) => `nodejs_eventloop_lag${suffix}_seconds`)
          .sort(),
      );
      expect(first.nodejs_eventloop_lag_max_seconds).toBeGreaterThanOrEqual(0.05);
      expect(first.nodejs_eventloop_lag_max_seconds).toBeLessThan(2);
      expect(first.nodejs_eventloop_lag_min_seconds).toBeLessThan(0.04);
      expect(first.nodejs_eventloop_lag_p50_seconds).toBeLessThanOrEqual(first.nodejs_eventloop_lag_p99_seconds!);
      expect(first.nodejs_eventloop_lag_seconds).toBeGreaterThanOrEqual(0);
      expect(first.nodejs_eventloop_lag_seconds).toBeLessThan(2);
      // the histogram starts again at each scrape: the next one reads only what was recorded after it, one sample of
      // 3 ms, and not the block
      s.histogram.record(3e6);
      const second = await scraped();
      expect(second.nodejs_eventloop_lag_max_seconds).toBeCloseTo(0.003, 4);
      expect(second.nodejs_eventloop_lag_min_seconds).toBeCloseTo(0.003, 4);
    } finally {
      s.stop();
    }
  });
});
