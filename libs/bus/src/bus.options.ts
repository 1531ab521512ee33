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
