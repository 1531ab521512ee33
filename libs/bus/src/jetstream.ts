// JetStream side of durable events: the streams (created when missing, their subjects kept up to date), the relay's
// publisher, and the durable consumer through which each service receives the events it handles.
import { Logger } from '@nestjs/common';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  jetstream,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import { connect, headers as natsHeaders, nanos, type NatsConnection } from '@nats-io/transport-node';
import { busMetrics } from '@teamchat/observability';
import {
  deadLetterStreamName,
  deadLetterSubject,
  DURABLE_EVENTS,
  durableConsumerName,
  EVENT_ID_HEADER,
  EVENT_TIME_HEADER,
  eventStreamName,
  retryDelayMs,
  type EventDeliveryPolicy,
} from './durable-events.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long the event stream keeps events: a consumer down for less than this misses nothing. */
export const EVENT_RETENTION_MS = 7 * DAY_MS;
/** JetStream rejects a second publish of one event id within this window (the relay's retries fall inside it). */
export const EVENT_DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
const DEAD_LETTER_RETENTION_MS = 30 * DAY_MS;

/** Replicas and retention a stream is created with. */
export interface StreamSettings {
  /** Copies of each message on a clustered NATS (1, 3 or 5; a single server holds 1). */
  replicas: number;
  /** How long a message is kept. */
  maxAgeMs: number;
}

/** The settings of the event stream and of the dead-letter stream (EVENT_STREAM_*, DEAD_LETTER_STREAM_*). */
export interface EventStreamSettings {
  events: StreamSettings;
  deadLetters: StreamSettings;
}

export const DEFAULT_EVENT_STREAMS: EventStreamSettings = {
  events: { replicas: 1, maxAgeMs: EVENT_RETENTION_MS },
  deadLetters: { replicas: 1, maxAgeMs: DEAD_LETTER_RETENTION_MS },
};

/** Where ensureEventStreams reports an existing stream that differs from the settings (Nest's logger by default). */
export interface StreamLog {
  warn(message: string): void;
}
/** How long a handler may take before JetStream redelivers its event elsewhere. */
const ACK_WAIT_MS = 60_000;

const isApiError = (err: unknown, code?: number): err is JetStreamApiError =>
  err instanceof JetStreamApiError && (code === undefined || err.code === code);

const sameSet = (a: readonly string[] = [], b: readonly string[] = []): boolean =>
  a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

/** What an operator may change on a running stream, and what this code leaves alone once the stream exists. */
const OPERATOR_OWNED = ['num_replicas', 'max_age', 'duplicate_window'] as const;

/**
 * Creates the stream with `config` when it is missing; safe to run from every process at once. An existing stream
 * only gets its subjects brought up to date (they follow the code's list of events); its replicas, retention and
 * duplicate window are the operator's (`nats stream edit`) and are left as they are, each difference from `config`
 * logged once per start.
 */
export const ensureStream = async (
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { name: string },
  log: StreamLog = new Logger('JetStream'),
): Promise<void> => {
  for (let attempt = 0; ; attempt++) {
    try {
      const info = await jsm.streams.info(config.name);
      const kept = OPERATOR_OWNED.filter((key) => config[key] !== undefined && info.config[key] !== config[key]);
      if (kept.length)
        log.warn(
          `stream ${config.name} keeps ${kept.map((k) => `${k} ${String(info.config[k])} (configured ${String(config[k])})`).join(', ')}: an existing stream's settings are left as they are; change them with \`nats stream edit\``,
        );
      if (!sameSet(info.config.subjects, config.subjects))
        await jsm.streams.update(config.name, { ...info.config, subjects: config.subjects });
      return;
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
    }
    try {
      await jsm.streams.add(config);
      return;
    } catch (err) {
      // another process created it meanwhile: read it again
      if (attempt >= 2 || !isApiError(err)) throw err;
    }
  }
};

/** The event stream (every durable event subject of the namespace) and the dead-letter stream. */
export const ensureEventStreams = async (
  nc: NatsConnection,
  namespace: string,
  settings: EventStreamSettings = DEFAULT_EVENT_STREAMS,
  log?: StreamLog,
): Promise<void> => {
  const jsm = await jetstreamManager(nc);
  await ensureStream(
    jsm,
    {
      name: eventStreamName(namespace),
      // the exact event subjects, never a wildcard: a stream capturing request subjects would answer requests itself
      subjects: DURABLE_EVENTS.map((c) => `${namespace}${c.subject}`),
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      max_age: nanos(settings.events.maxAgeMs),
      duplicate_window: nanos(EVENT_DUPLICATE_WINDOW_MS),
      num_replicas: settings.events.replicas,
    },
    log,
  );
  await ensureStream(
    jsm,
    {
      name: deadLetterStreamName(namespace),
      subjects: [`${namespace}deadletter.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      max_age: nanos(settings.deadLetters.maxAgeMs),
      duplicate_window: nanos(EVENT_DUPLICATE_WINDOW_MS),
      num_replicas: settings.deadLetters.replicas,
    },
    log,
  );
};

/** Deletes a namespace's streams and their consumers (test stacks clean up after themselves). */
export const deleteEventStreams = async (nc: NatsConnection, namespace: string): Promise<void> => {
  const jsm = await jetstreamManager(nc);
  for (const name of [eventStreamName(namespace), deadLetterStreamName(namespace)]) {
    await jsm.streams.delete(name).catch((err: unknown) => {
      if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
    });
  }
};

/** `deleteEventStreams` on a connection of its own (test stacks on a shared NATS server). */
export const removeEventStreams = async (natsUrl: string, namespace: string): Promise<void> => {
  const nc = await connect({ servers: [natsUrl], name: 'event-streams-cleanup' });
  try {
    await deleteEventStreams(nc, namespace);
  } finally {
    await nc.close();
  }
};

/** One durable event as stored in an outbox row. */
export interface OutgoingEvent {
  id: string;
  subject: string;
  payload: unknown;
  headers: Record<string, string>;
  createdAt: Date;
}

/** Headers every durable event carries, on both transports. */
export const eventHeaders = (event: OutgoingEvent): Record<string, string> => ({
  ...event.headers,
  [EVENT_ID_HEADER]: event.id,
  [EVENT_TIME_HEADER]: event.createdAt.toISOString(),
});

/** Publishes outbox rows to JetStream, the row id as message id (a second publish of it is dropped by the stream). */
export const publishToJetStream = async (
  nc: NatsConnection,
  namespace: string,
  event: OutgoingEvent,
  timeoutMs: number,
): Promise<void> => {
  const h = natsHeaders();
  for (const [k, v] of Object.entries(eventHeaders(event))) if (v) h.set(k, v);
  const subject = `${namespace}${event.subject}`;
  // the packet Nest's NATS client sends, so core subscribers (gateways, cache invalidation) read it as before
  await jetstream(nc).publish(subject, JSON.stringify({ pattern: subject, data: event.payload }), {
    msgID: event.id,
    headers: h,
    timeout: timeoutMs,
  });
};

/** A handler of one service, called with the decoded payload and the message (for its headers). */
export type DurableHandler = (data: unknown, msg: JsMsg) => Promise<void>;

/**
 * The durable consumers of one service, one per event subject it handles: every replica pulls from them, so each
 * event reaches one replica of the service (several times if handling fails). Acked once the handler succeeded; a failure is retried after a growing delay
 * (nak with delay), and after `maxDeliveries` the event goes to `<ns>deadletter.<service>.<subject>` (kept in the
 * dead-letter stream) and is counted in `bus_events_dead_lettered_total`.
 */
export class DurableEventConsumer {
  private readonly logger = new Logger(DurableEventConsumer.name);
  private readonly running: { messages: ConsumerMessages; loop: Promise<void> }[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: {
      service: string;
      namespace: string;
      subjects: string[];
      policy: EventDeliveryPolicy;
      /** Replicas and retention of the streams, should this service be the first to need them. */
      streams?: EventStreamSettings;
      handle(subject: string): DurableHandler | null;
    },
  ) {}

  async start(): Promise<void> {
    const { namespace, subjects, streams } = this.options;
    await ensureEventStreams(this.nc, namespace, streams);
    // one durable consumer per handled subject: `filter_subjects` (several per consumer) needs NATS 2.10
    for (const subject of subjects) await this.consume(subject);
  }

  private async consume(subject: string): Promise<void> {
    const { service, namespace, policy } = this.options;
    const stream = eventStreamName(namespace);
    const name = durableConsumerName(namespace, service, subject);
    const config: Partial<ConsumerConfig> = {
      durable_name: name,
      description: `${service} service: ${subject} events`,
      ack_policy: AckPolicy.Explicit,
      // a consumer made after events were published (a service deployed later) still gets those the stream keeps
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${namespace}${subject}`,
      ack_wait: nanos(ACK_WAIT_MS),
      // a bound in case this client dies between its last failure and the dead letter; it dead-letters itself before
      max_deliver: policy.maxDeliveries + 2,
      max_ack_pending: 256,
    };
    const jsm = await jetstreamManager(this.nc);
    try {
      await jsm.consumers.info(stream, name);
      const { durable_name: _, deliver_policy: __, ack_policy: ___, ...changeable } = config;
      await jsm.consumers.update(stream, name, changeable);
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.ConsumerNotFound)) throw err;
      await jsm.consumers.add(stream, config);
    }
    const consumer = await jetstream(this.nc).consumers.get(stream, name);
    const messages = await consumer.consume({ max_messages: 16 });
    const loop = (async () => {
      // one at a time per replica: events of one subject are applied in the order they were published
      for await (const msg of messages) await this.process(msg);
    })().catch((err: unknown) => this.logger.error(`${service}: durable consumer ${name} stopped: ${String(err)}`));
    this.running.push({ messages, loop });
  }

  /** Stops pulling; the events being handled finish (and are acked) first. */
  async stop(): Promise<void> {
    const running = this.running.splice(0);
    await Promise.all(running.map(({ messages }) => messages.close().catch(() => undefined)));
    await Promise.all(running.map(({ loop }) => loop));
  }

  private async process(msg: JsMsg): Promise<void> {
    const { namespace, service, policy } = this.options;
    const subject = msg.subject.slice(namespace.length);
    const handler = this.options.handle(subject);
    if (!handler) {
      msg.term(`${service} has no handler for ${subject}`);
      return;
    }
    let error: unknown;
    try {
      const packet = msg.json<{ data?: unknown }>();
      await handler(packet?.data, msg);
      await msg.ackAck().catch(() => msg.ack());
      return;
    } catch (err) {
      error = err;
    }
    const deliveries = msg.info.deliveryCount;
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    if (deliveries < policy.maxDeliveries) {
      busMetrics.eventRetries.inc({ service, subject });
      this.logger.warn(
        `${service}: ${subject} ${msg.headers?.get(EVENT_ID_HEADER) ?? ''} failed (${deliveries}): ${reason}`,
      );
      msg.nak(retryDelayMs(policy, deliveries));
      return;
    }
    try {
      const h = natsHeaders();
      for (const [k, values] of msg.headers ?? []) for (const v of values) h.append(k, v);
      h.set('dead-letter-service', service);
      h.set('dead-letter-reason', reason.slice(0, 500));
      h.set('dead-letter-deliveries', String(deliveries));
      await jetstream(this.nc).publish(deadLetterSubject(namespace, service, subject), msg.data, { headers: h });
    } catch (err) {
      // not recorded anywhere yet: try again later rather than lose it
      this.logger.error(`${service}: could not dead-letter ${subject}: ${String(err)}`);
      msg.nak(retryDelayMs(policy, deliveries));
      return;
    }
    busMetrics.eventsDeadLettered.inc({ service, subject });
    this.logger.error(`${service}: ${subject} dead-lettered after ${deliveries} deliveries: ${reason}`);
    msg.term(`dead-lettered: ${reason.slice(0, 200)}`);
  }
}
