import type { Env } from '@teamchat/config';
import type { EventDeliveryPolicy } from './durable-events.js';
import type { EventStreamSettings } from './jetstream.js';
import type { TenantLimitOptions } from './tenant-limits.js';

export type BusTransportKind = 'inprocess' | 'nats';

export interface BusOptions {
  transport: BusTransportKind;
  natsUrl: string;
  /** Upper bound for a request/reply round trip; past it the caller gets BUS.UNAVAILABLE. */
  requestTimeoutMs: number;
  /** Prefix for every NATS subject (e.g. `staging.`); empty in most deployments. */
  namespace?: string;
  /** Retries and dead-lettering of durable event handlers (default DEFAULT_EVENT_DELIVERY). */
  events?: EventDeliveryPolicy;
  /** Replicas and retention the JetStream streams are created with (default DEFAULT_EVENT_STREAMS). */
  streams?: EventStreamSettings;
  /** Each workspace's and user's share of a service process (none: unlimited). */
  tenants?: TenantLimitOptions;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Bus options from the validated environment; a runner may force the transport (cluster processes: `nats`). */
export const busOptionsFromEnv = (env: Env, transport: BusOptions['transport'] = env.BUS_TRANSPORT): BusOptions => ({
  transport,
  natsUrl: env.NATS_URL,
  namespace: env.BUS_NAMESPACE,
  requestTimeoutMs: env.BUS_TIMEOUT_MS,
  events: { maxDeliveries: env.EVENT_MAX_DELIVERIES, retryBackoffMs: env.EVENT_RETRY_BACKOFF_MS },
  streams: {
    events: { replicas: env.EVENT_STREAM_REPLICAS, maxAgeMs: env.EVENT_STREAM_MAX_AGE_DAYS * DAY_MS },
    deadLetters: { replicas: env.DEAD_LETTER_STREAM_REPLICAS, maxAgeMs: env.DEAD_LETTER_STREAM_MAX_AGE_DAYS * DAY_MS },
  },
  tenants: {
    workspaceConcurrency: env.TENANT_CONCURRENCY,
    userConcurrency: env.USER_CONCURRENCY,
    queueMax: env.TENANT_QUEUE_MAX,
    // half the callers' timeout: a request waiting its turn is refused while its caller still listens
    maxWaitMs: Math.floor(env.BUS_TIMEOUT_MS / 2),
  },
});
