import type { Env } from '@teamchat/config';
import type { EventDeliveryPolicy } from './durable-events.js';

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
}

/** Bus options from the validated environment; a runner may force the transport (cluster processes: `nats`). */
export const busOptionsFromEnv = (env: Env, transport: BusOptions['transport'] = env.BUS_TRANSPORT): BusOptions => ({
  transport,
  natsUrl: env.NATS_URL,
  namespace: env.BUS_NAMESPACE,
  requestTimeoutMs: env.BUS_TIMEOUT_MS,
  events: { maxDeliveries: env.EVENT_MAX_DELIVERIES, retryBackoffMs: env.EVENT_RETRY_BACKOFF_MS },
});
