import { Registry } from 'prom-client';
import { ManualTimers } from '@teamchat/testing';
import { eventLoopShare, EventLoopLagSampler, registerEventLoopLag } from './event-loop-lag.js';

/** Keeps the event loop busy (synchronously) for `ms`. */
const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe(EventLoopLagSampler.name, () => {
  let timers: ManualTimers;
  beforeEach(() => (timers = new ManualTimers()));

  /** `busy`: what the loop's utilization reads (a test process's own is whatever the test runner does meanwhile). */
  const sampler = (busyMs = 20, idleMs = 200, busy: () => boolean = () => false) => {
    const s = new EventLoopLagSampler({ busyMs, idleMs, busyAbove: 0.01 }, () => (busy() ? 0.5 : 0), timers);
    s.start();
    return s;
  };

  it('samples at the idle period while the loop is idle, and at the busy period while it works', () => {
    let busy = false;
    const s = sampler(20, 200, () => busy);
    // the first sample (after 20 ms) saw an idle loop: the next is 200 ms on
    timers.advance(20);
    expect(s.histogram.count).toBe(1);
    expect(s.periodMs).toBe(200);
    busy = true;
    timers.advance(200);
    expect(s.periodMs).toBe(20);
    const before = s.histogram.count;
    timers.advance(300);
    expect(s.histogram.count - before).toBe(15);
    busy = false;
    timers.advance(20);
    expect(s.periodMs).toBe(200);
    timers.advance(300);
    expect(s.histogram.count - before).toBe(16 + 1);
    expect(timers.delays).toEqual([20, 200, ...Array<number>(16).fill(20), 200, 200]);
  });

  it("reads the loop's own utilization by default: busy while it works", () => {
    const s = new EventLoopLagSampler({ busyMs: 20, idleMs: 200, busyAbove: 0.25 }, eventLoopShare(), timers);
    s.start();
    // all of the period since start was spent in this synchronous block
    block(15);
    timers.advance(20);
    expect(s.periodMs).toBe(20);
  });

  it('records how late a sample fired, not the time between two samples', () => {
    const s = sampler(50, 50);
    timers.advance(250);
    // five samples, each on time: none reads the 50 ms between two samples
    expect(s.histogram.count).toBe(5);
    expect(s.histogram.max).toBe(1);
    s.histogram.reset();
    // the next sample is due in 50 ms; the loop is held 150 ms, then it fires 100 ms late
    timers.stall(150);
    timers.advance(0);
    expect(s.histogram.count).toBe(1);
    expect(s.histogram.max / 1e6).toBeCloseTo(100, 0);
  });

  it('stops sampling when told', () => {
    const s = sampler(10, 10);
    timers.advance(50);
    s.stop();
    const count = s.histogram.count;
    expect(count).toBe(5);
    expect(timers.armed).toEqual([]);
    timers.advance(50);
    expect(s.histogram.count).toBe(count);
  });
});

describe(registerEventLoopLag.name, () => {
  it("exports prom-client's event-loop gauges in seconds from the samples since the last scrape", async () => {
    const registry = new Registry();
    const timers = new ManualTimers();
    const s = new EventLoopLagSampler({ busyMs: 10, idleMs: 10, busyAbove: 0.01 }, () => 0, timers);
    registerEventLoopLag(registry, s);
    s.start();
    try {
      // two samples on time, then one held 80 ms by a busy loop
      timers.advance(20);
      timers.stall(90);
      timers.advance(0);
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
      expect(first.nodejs_eventloop_lag_max_seconds).toBeCloseTo(0.08, 3);
      expect(first.nodejs_eventloop_lag_min_seconds).toBeCloseTo(1e-9, 9);
      expect(first.nodejs_eventloop_lag_p50_seconds).toBeLessThanOrEqual(first.nodejs_eventloop_lag_p99_seconds!);
      // how long a callback queued at the scrape waited: the real loop's, whatever it is
      expect(first.nodejs_eventloop_lag_seconds).toBeGreaterThanOrEqual(0);
      // the histogram starts again at each scrape: the next one reads only what was recorded after it, one sample of
      // 3 ms, and not the held one
      s.histogram.record(3e6);
      const second = await scraped();
      expect(second.nodejs_eventloop_lag_max_seconds).toBeCloseTo(0.003, 4);
      expect(second.nodejs_eventloop_lag_min_seconds).toBeCloseTo(0.003, 4);
    } finally {
      s.stop();
    }
  });
});
