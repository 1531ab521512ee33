import { setTimeout as sleep } from 'node:timers/promises';
import { Registry } from 'prom-client';
import { EventLoopLagSampler, registerEventLoopLag } from './event-loop-lag.js';

/** Keeps the event loop busy (synchronously) for `ms`. */
const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe(EventLoopLagSampler.name, () => {
  const samplers: EventLoopLagSampler[] = [];
  // busy above a quarter of the time here (1 % in production), so the test runner's own work in this process never
  // counts as busy
  const sampler = (busyMs = 20, idleMs = 200) => {
    const s = new EventLoopLagSampler({ busyMs, idleMs, busyAbove: 0.25 });
    samplers.push(s);
    s.start();
    return s;
  };
  afterEach(() => samplers.splice(0).forEach((s) => s.stop()));

  it('samples at the idle period while the loop does nothing, and at the busy period once it works', async () => {
    const s = sampler();
    await sleep(450);
    // the first sample (after 20 ms) saw an idle loop: every later one is 200 ms apart
    expect(s.periodMs).toBe(200);
    expect(s.histogram.count).toBeGreaterThanOrEqual(2);
    expect(s.histogram.count).toBeLessThanOrEqual(6);
    // working nearly all the time: the next sample sees it and the ones after come at the busy period
    const before = s.histogram.count;
    const until = performance.now() + 450;
    while (performance.now() < until) {
      block(15);
      await sleep(2);
    }
    expect(s.periodMs).toBe(20);
    // at most 200 ms at the idle period, then about 12 at the busy one
    expect(s.histogram.count - before).toBeGreaterThanOrEqual(6);
  });

  it('records how late a sample fired, not the time between two samples', async () => {
    const s = sampler(50, 50);
    await sleep(175);
    const idle = s.histogram.max / 1e6;
    // a timer due now fires within a few milliseconds of being due, never a whole period later
    expect(idle).toBeLessThan(40);
    s.histogram.reset();
    await sleep(10);
    block(150);
    await sleep(60);
    // the sample due during the 150 ms block fired when it ended: at least 100 ms late
    expect(s.histogram.max / 1e6).toBeGreaterThanOrEqual(100);
    expect(s.histogram.max / 1e6).toBeLessThan(400);
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
      expect(first.nodejs_eventloop_lag_max_seconds).toBeLessThan(1);
      expect(first.nodejs_eventloop_lag_min_seconds).toBeLessThan(0.04);
      expect(first.nodejs_eventloop_lag_p50_seconds).toBeLessThanOrEqual(first.nodejs_eventloop_lag_p99_seconds!);
      expect(first.nodejs_eventloop_lag_seconds).toBeGreaterThanOrEqual(0);
      expect(first.nodejs_eventloop_lag_seconds).toBeLessThan(0.05);
      // the histogram starts again at each scrape: the block is not in the next one
      await sleep(40);
      expect((await scraped()).nodejs_eventloop_lag_max_seconds).toBeLessThan(0.05);
    } finally {
      s.stop();
    }
  });
});
