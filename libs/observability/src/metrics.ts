import { collectDefaultMetrics, Counter, Gauge, Histogram, register, type Metric } from 'prom-client';

let defaultsStarted = false;

/**
 * How often the event-loop lag is sampled (ms). Each sample is a timer that wakes the process: every 20 ms that was
 * about 100 wake-ups a second and 3–5 ms of CPU a second in each idle process (eight of them in cluster mode), every
 * 100 ms it is about 1 ms. A stall longer than the period is always caught; shorter ones in proportion to their length.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** Default process metrics (incl. event-loop lag) once per process. */
export const startDefaultMetrics = (): void => {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
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

/** API calls answered by the gateway's direct routes (warm callers) rather than through Express's router. */
export const httpDirectRequests = once(
  'http_direct_requests_total',
  () =>
    new Counter({
      name: 'http_direct_requests_total',
      help: 'API requests of warm callers answered without Express and Nest routing (see gateway/src/http/direct-routes.ts)',
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
