import { Counter, Gauge, Histogram, register } from 'prom-client';

/** A metric registered once per process (a module evaluated twice, as under test runners, reuses it). */
const once = <T>(name: string, create: () => T): T => (register.getSingleMetric(name) as T | undefined) ?? create();

/** Bus request latency by subject and outcome, and the breakers that fail requests fast; one registry per process. */
export const busMetrics = {
  requestDuration: once(
    'bus_request_duration_seconds',
    () =>
      new Histogram({
        name: 'bus_request_duration_seconds',
        help: 'Service bus request/reply latency by subject',
        labelNames: ['subject', 'outcome'] as const,
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      }),
  ),
  brokerHung: once(
    'bus_broker_hung',
    () =>
      new Gauge({
        name: 'bus_broker_hung',
        help: '1 while the message broker does not answer probes (requests fail at once), else 0',
      }),
  ),
  breakerOpen: once(
    'bus_service_breaker_open',
    () =>
      new Gauge({
        name: 'bus_service_breaker_open',
        help: "1 while a service's circuit breaker is open (its requests fail at once), else 0",
        labelNames: ['service'] as const,
      }),
  ),
  eventsDeadLettered: once(
    'bus_events_dead_lettered_total',
    () =>
      new Counter({
        name: 'bus_events_dead_lettered_total',
        help: 'Durable events a service gave up on after its last delivery (sent to the dead-letter subject)',
        labelNames: ['service', 'subject'] as const,
      }),
  ),
  eventRetries: once(
    'bus_event_retries_total',
    () =>
      new Counter({
        name: 'bus_event_retries_total',
        help: 'Durable event deliveries that failed and will be retried, by handling service and subject',
        labelNames: ['service', 'subject'] as const,
      }),
  ),
  outboxPublishFailures: once(
    'bus_outbox_publish_failures_total',
    () =>
      new Counter({
        name: 'bus_outbox_publish_failures_total',
        help: 'Outbox rows whose publication failed (retried with backoff by the relay)',
        labelNames: ['service'] as const,
      }),
  ),
  outboxOldestUnpublished: once(
    'bus_outbox_oldest_unpublished_seconds',
    () =>
      new Gauge({
        name: 'bus_outbox_oldest_unpublished_seconds',
        help: "Age of a service's oldest outbox row not yet published (0 when it is drained): how late its events are",
        labelNames: ['service'] as const,
      }),
  ),
};
