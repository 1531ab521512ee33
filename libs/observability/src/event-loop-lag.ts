// The event loop's lag — how late a timer fires — sampled by a timer that slows down while the process is idle, and
// exported under prom-client's `nodejs_eventloop_lag_*` names.
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';
import { systemTimers, type TimerHandle, type Timers } from './timers.js';

export interface LagSamplingOptions {
  /** Sampling period while the loop is busy (ms): a stall longer than this is always caught. */
  busyMs: number;
  /** Sampling period while it is idle (ms). */
  idleMs: number;
  /** The share of the last period the loop spent working above which it counts as busy (0–1). */
  busyAbove: number;
}

/**
 * Every 100 ms while the process works (at least 1 % of the time), every second while it does not. Each sample is a
 * timer that wakes the process: prom-client's monitor (`monitorEventLoopDelay`) at a fixed 100 ms woke every idle
 * process ten times a second, about 2 ms of CPU a second each on these machines — a fixed cost that every process of
 * a cluster pays whether it serves anything or not.
 */
export const LAG_SAMPLING: LagSamplingOptions = { busyMs: 100, idleMs: 1000, busyAbove: 0.01 };

/** The share of the time since its last call (or its making) that the event loop spent working (0–1). */
export const eventLoopShare = (): (() => number) => {
  let since = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, since);
    since = now;
    return utilization;
  };
};

/**
 * How late each sampling timer fired, in nanoseconds, into a histogram. Unlike `monitorEventLoopDelay`, whose
 * histogram holds the whole time between two of its timers (so its minimum is its period), a sample here is only the
 * lateness: an idle process reads about a millisecond (the timers' granularity), not the sampling period. After each
 * sample the next period is chosen by the event loop's utilization over the last one.
 */
export class EventLoopLagSampler {
  readonly histogram: RecordableHistogram = createHistogram();
  private timer: TimerHandle | undefined;
  private due = 0;
  private period: number;

  /** `busyShare`: how much of the last period the loop worked; `timers`: what samples run on (tests pass their own). */
  constructor(
    private readonly options: LagSamplingOptions = LAG_SAMPLING,
    private readonly busyShare: () => number = eventLoopShare(),
    private readonly timers: Timers = systemTimers,
  ) {
    this.period = options.busyMs;
  }

  /** The period until the next sample (ms). */
  get periodMs(): number {
    return this.period;
  }

  start(): void {
    if (this.timer) return;
    this.busyShare();
    this.arm(this.options.busyMs);
  }

  stop(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(ms: number): void {
    this.period = ms;
    this.due = this.timers.now() + ms;
    // never what keeps a process alive
    this.timer = this.timers.setTimeout(this.sample, ms, { unref: true });
  }

  private readonly sample = (): void => {
    const lateMs = this.timers.now() - this.due;
    // a histogram records integers from 1
    this.histogram.record(Math.max(1, Math.round(lateMs * 1e6)));
    this.arm(this.busyShare() > this.options.busyAbove ? this.options.busyMs : this.options.idleMs);
  };
}

const NANOS_PER_SECOND = 1e9;

/**
 * prom-client's event-loop gauges, fed by {@link EventLoopLagSampler}: `nodejs_eventloop_lag_seconds` (how long a
 * callback queued at the scrape waits, as prom-client measures it) and the minimum, maximum, mean, standard deviation
 * and 50th/90th/99th percentiles of the samples since the last scrape (the histogram is reset at each, as
 * prom-client's is).
 */
export const registerEventLoopLag = (registry: Registry, sampler: EventLoopLagSampler): void => {
  // made apart and registered after the lag gauge: a scrape reads every metric at once, and the lag gauge's collect
  // sets these before they are read
  const stat = (suffix: string, help: string, aggregator: 'min' | 'max' | 'average') =>
    new Gauge({ name: `nodejs_eventloop_lag_${suffix}_seconds`, help, registers: [], aggregator });
  const stats = {
    min: stat('min', 'The minimum recorded event loop delay.', 'min'),
    max: stat('max', 'The maximum recorded event loop delay.', 'max'),
    mean: stat('mean', 'The mean of the recorded event loop delays.', 'average'),
    stddev: stat('stddev', 'The standard deviation of the recorded event loop delays.', 'average'),
    p50: stat('p50', 'The 50th percentile of the recorded event loop delays.', 'average'),
    p90: stat('p90', 'The 90th percentile of the recorded event loop delays.', 'average'),
    p99: stat('p99', 'The 99th percentile of the recorded event loop delays.', 'average'),
  };
  new Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    help: 'Lag of event loop in seconds.',
    registers: [registry],
    aggregator: 'average',
    async collect() {
      const { histogram } = sampler;
      if (histogram.count > 0) {
        stats.min.set(histogram.min / NANOS_PER_SECOND);
        stats.max.set(histogram.max / NANOS_PER_SECOND);
        stats.mean.set(histogram.mean / NANOS_PER_SECOND);
        stats.stddev.set(histogram.stddev / NANOS_PER_SECOND);
        stats.p50.set(histogram.percentile(50) / NANOS_PER_SECOND);
        stats.p90.set(histogram.percentile(90) / NANOS_PER_SECOND);
        stats.p99.set(histogram.percentile(99) / NANOS_PER_SECOND);
        histogram.reset();
      }
      const start = performance.now();
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.set((performance.now() - start) / 1000);
    },
  });
  for (const gauge of Object.values(stats)) registry.registerMetric(gauge);
};
