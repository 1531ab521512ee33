export type BusTransportKind = 'inprocess' | 'nats';

export interface BusOptions {
  transport: BusTransportKind;
  natsUrl: string;
  /** Upper bound for a request/reply round trip; past it the caller gets BUS.UNAVAILABLE. */
  requestTimeoutMs: number;
  /** Prefix for every NATS subject (e.g. `staging.`); empty in most deployments. */
  namespace?: string;
}
