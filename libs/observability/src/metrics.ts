import { collectDefaultMetrics, Counter, Gauge, Histogram, register, Registry, type Metric } from 'prom-client';
import { EventLoopLagSampler, registerEventLoopLag } from './event-loop-lag.js';

let defaultsStarted = false;

/** The longest timer period Node accepts (ms, about 24.8 days). */
const NEVER_MS = 2 ** 31 - 1;

/**
 * Default process metrics once per process: prom-client's (CPU, memory, heap, handles, GC, version …), with the
 * event-loop lag measured by {@link EventLoopLagSampler} instead of prom-client's monitor, whose fixed-period timer
 * woke every idle process ten times a second (see event-loop-lag.ts). prom-client registers its monitor with the rest
 * and cannot be told to leave it out: it is given the longest period Node accepts, so its timer never fires, and its
 * gauges stay in a registry nobody scrapes.
 */
export const startDefaultMetrics = (): void => {
  if (defaultsStarted) return;
  defaultsStarted = true;
  const defaults = new Registry();
  collectDefaultMetrics({ register: defaults, eventLoopMonitoringPrecision: NEVER_MS });
  for (const { name } of defaults.getMetricsAsArray()) {
    const metric = defaults.getSingleMetric(name);
    if (metric && !name.startsWith('nodejs_eventloop_lag')) register.registerMetric(metric);
  }
  const sampler = new EventLoopLagSampler();
  sampler.start();
  registerEventLoopLag(register, sampler);
};

const once = <M extends Metric>(name: string, make: () => M): M =>
  (register.getSingleMetric(name) as M | undefined) ?? make();

export const httpRequestDuration = once(
  'http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
);

export const openSockets = once(
  'ws_open_sockets',
  () => new Gauge({ name: 'ws_open_sockets', help: 'Open live sockets on this node' }),
);

export const wsFramesDropped = once(
  'ws_frames_dropped_total',
  () =>
    new Counter({
      name: 'ws_frames_dropped_total',
      help: 'Frames dropped under back-pressure',
      labelNames: ['type'] as const,
    }),
);

/** Frames received from this node's sockets and not yet handled (see WS_FRAMES_PENDING_MAX). */
export const wsFramesPending = once(
  'ws_frames_pending',
  () => new Gauge({ name: 'ws_frames_pending', help: 'Frames received from live sockets and not yet handled' }),
);

/** Times this node stopped reading its sockets because too many of their frames were waiting. */
export const wsReadPauses = once(
  'ws_read_pauses_total',
  () =>
    new Counter({
      name: 'ws_read_pauses_total',
      help: 'Times the gateway stopped reading its sockets until its pending frames halved',
    }),
);

export const rateLimitFallbacks = once(
  'auth_rate_limit_fallback_total',
  () =>
    new Counter({
      name: 'auth_rate_limit_fallback_total',
      help: 'Sign-in attempts counted in this process because the shared rate-limit store (Redis) was unreachable',
    }),
);

export const metricsText = (): Promise<string> => register.metrics();
export const metricsContentType = register.contentType;
