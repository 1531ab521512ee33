import { Histogram, register } from 'prom-client';

const existing = register.getSingleMetric('bus_request_duration_seconds');

/** Bus request latency by subject and outcome; one registry per process. */
export const busMetrics = {
  requestDuration:
    (existing as Histogram<'subject' | 'outcome'> | undefined) ??
    new Histogram({
      name: 'bus_request_duration_seconds',
      help: 'Service bus request/reply latency by subject',
      labelNames: ['subject', 'outcome'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
};
