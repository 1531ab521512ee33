// Durable cross-service events: which events they are, how they are named on NATS JetStream, and what a handler learns
// about the event it is given. The design is described in libs/bus/README.md ("Durable events").
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { BillingEvents, IdentityEvents, WorkspaceEvents, type EventContract } from '@teamchat/contracts';

/**
 * Domain events: written to the emitting service's outbox in its transaction, published at least once (to JetStream in
 * a cluster), consumed by each service through its own durable consumer. `realtime.*` broadcasts are not among them:
 * they are live frames for the gateways, worthless once late, and stay plain core NATS publishes.
 */
export const DURABLE_EVENTS: readonly EventContract[] = [
  ...Object.values(WorkspaceEvents),
  ...Object.values(BillingEvents),
  ...Object.values(IdentityEvents),
];

const DURABLE_SUBJECTS: ReadonlySet<string> = new Set(DURABLE_EVENTS.map((c) => c.subject));

/** Whether `subject` (without namespace) is a durable domain event. */
export const isDurableSubject = (subject: string): boolean => DURABLE_SUBJECTS.has(subject);

/** Header carrying the event id (the outbox row id, also JetStream's `Nats-Msg-Id`). */
export const EVENT_ID_HEADER = 'event-id';
/** Header carrying when the event was recorded (ISO time of its outbox row). */
export const EVENT_TIME_HEADER = 'event-time';

/** Retry and dead-letter policy of event handlers (EVENT_MAX_DELIVERIES, EVENT_RETRY_BACKOFF_MS). */
export interface EventDeliveryPolicy {
  /** Deliveries of one event to one service before it goes to the dead-letter subject. */
  maxDeliveries: number;
  /** Delay before redelivery after the 1st, 2nd, … failure (the last one repeats). */
  retryBackoffMs: number[];
}

export const DEFAULT_EVENT_DELIVERY: EventDeliveryPolicy = {
  maxDeliveries: 5,
  retryBackoffMs: [1000, 5000, 30000, 60000],
};

/** Delay before the next delivery after `failures` failed ones. */
export const retryDelayMs = (policy: EventDeliveryPolicy, failures: number): number => {
  const steps = policy.retryBackoffMs.length ? policy.retryBackoffMs : DEFAULT_EVENT_DELIVERY.retryBackoffMs;
  return steps[Math.min(Math.max(failures, 1), steps.length) - 1];
};

/** Valid JetStream name part for a subject namespace (`t123abc.` → `t123abc`). */
const nameToken = (namespace: string): string => namespace.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');

/** The stream holding every durable event of one namespace. */
export const eventStreamName = (namespace = ''): string =>
  nameToken(namespace) ? `EVENTS_${nameToken(namespace)}` : 'EVENTS';

/** The stream keeping dead letters of one namespace (inspect or replay them from there). */
export const deadLetterStreamName = (namespace = ''): string =>
  nameToken(namespace) ? `DEADLETTER_${nameToken(namespace)}` : 'DEADLETTER';

/** Where an event that `service` could not handle goes: `<ns>deadletter.<service>.<event subject>`. */
export const deadLetterSubject = (namespace: string, service: string, subject: string): string =>
  `${namespace}deadletter.${service}.${subject}`;

/**
 * The durable consumer of one service for one event subject (all the service's replicas share it):
 * `<namespace>_<service>_<subject>` with the subject's dots as underscores (`workspace_billing_seats_changed`).
 */
export const durableConsumerName = (namespace: string, service: string, subject: string): string =>
  [nameToken(namespace), service, nameToken(subject)].filter(Boolean).join('_');

/** What a handler knows of the event it handles. */
export interface EventMeta {
  /** The event's id; null when it was published without one (not through an outbox). */
  id: string | null;
  /** When the emitting transaction recorded it; null when unknown. */
  occurredAt: Date | null;
}

interface HeaderBag {
  get(name: string): string | undefined;
}

export const eventMetaOf = (headers: HeaderBag | undefined | null): EventMeta => {
  const id = headers?.get(EVENT_ID_HEADER) || null;
  const time = headers?.get(EVENT_TIME_HEADER) || '';
  const at = time ? new Date(time) : null;
  return { id, occurredAt: at && !Number.isNaN(at.getTime()) ? at : null };
};

/** `@CurrentEvent() event: EventMeta` in an `@OnEvent` handler: the event's id and time (for the inbox). */
export const CurrentEvent = createParamDecorator((_: unknown, ctx: ExecutionContext): EventMeta => {
  const rpc = ctx.switchToRpc().getContext<{ getHeaders?(): HeaderBag } | undefined>();
  return eventMetaOf(rpc?.getHeaders?.());
});
