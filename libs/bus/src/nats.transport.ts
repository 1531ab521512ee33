import { randomUUID } from 'node:crypto';
import {
  ClientNats,
  NatsContext,
  NatsRecord,
  ServerNats,
  type MessageHandler,
  type NatsOptions,
  type WritePacket,
} from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { answerOf, runBusHandler, type PolicedServer, type RequestPolicies } from './bus-handling.js';
import { isDurableSubject, type EventDeliveryPolicy } from './durable-events.js';
import { DurableEventConsumer, type DurableHandler, type EventStreamSettings } from './jetstream.js';
import { ReplyInbox } from './reply-inbox.js';

const DRAIN_MS = 10_000;
const JSON_WORDS = new Set(['true', 'false', 'null']);

/** A service's own transport: its durable event handlers are fed by its JetStream durable consumer. */
export interface DurableEventsOptions {
  service: string;
  policy: EventDeliveryPolicy;
  streams?: EventStreamSettings;
}

/**
 * NATS server whose subscriptions live under an optional namespace (`BUS_NAMESPACE`), so two stacks — or two test
 * runs — can share one NATS server without answering each other's requests. Queue group = service name.
 * With `durable` (a service's own transport), handlers of durable domain events are not core subscriptions but read
 * from the service's JetStream durable consumer (see jetstream.ts); listeners without it (cache invalidation, the
 * gateway) keep plain subscriptions, which JetStream publishes reach as well.
 * With `handledBy` (a service's own transport), every request and event runs through {@link runBusHandler} — the
 * caller's request id and trace, a span named for that service — and a request's one reply is written here, without
 * Nest's RxJS plumbing of requests and replies.
 */
export class NamespacedServerNats extends ServerNats implements PolicedServer {
  private readonly own: Subscription[] = [];
  private policies?: RequestPolicies;
  private consumer: DurableEventConsumer | null = null;
  /** Requests being handled: a stopping replica answers them before it closes its connection. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly natsOptions: Required<NatsOptions>['options'],
    private readonly namespace: string,
    private readonly durable?: DurableEventsOptions,
    private readonly handledBy?: string,
  ) {
    super(natsOptions);
  }

  /**
   * A subject here is a plain dotted name (`chat.message.create`). Nest's default first runs JSON.parse on every
   * incoming subject and catches the exception, which cost a service about 4 % of its CPU under load; a name that
   * starts with a letter is not JSON (but for three words), so it is its own route.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return /^[a-z]/i.test(pattern) && !JSON_WORDS.has(pattern) ? pattern : super.getRouteFromPattern(pattern);
  }

  useRequestPolicies(policies: RequestPolicies): void {
    this.policies = policies;
  }

  private durableChannels(): string[] {
    if (!this.durable) return [];
    return [...this.messageHandlers.entries()]
      .filter(([channel, handler]) => handler.isEventHandler && isDurableSubject(channel))
      .map(([channel]) => channel);
  }

  override start(callback: (err?: unknown) => void): void {
    const client = this.unwrap<NatsConnection>();
    this.bindEvents(client);
    const channels = this.durableChannels();
    if (!this.durable || channels.length === 0) {
      callback();
      return;
    }
    const consumer = new DurableEventConsumer(client, {
      service: this.durable.service,
      namespace: this.namespace,
      subjects: channels,
      policy: this.durable.policy,
      streams: this.durable.streams,
      handle: (subject) => this.durableHandler(subject),
    });
    consumer.start().then(
      () => {
        this.consumer = consumer;
        callback();
      },
      (err: unknown) => callback(err),
    );
  }

  /** Runs the Nest handler (pipes, interceptors, filters) and fails when it did. */
  private durableHandler(subject: string): DurableHandler | null {
    const handler = this.getHandlerByPattern(subject);
    if (!handler?.isEventHandler) return null;
    return async (data, msg) => {
      const context = new NatsContext([msg.subject, msg.headers!]);
      await (this.handledBy
        ? runBusHandler(handler, data, context, { subject, event: true, headers: msg.headers, group: this.handledBy })
        : answerOf(handler, data, context));
    };
  }

  override bindEvents(client: NatsConnection): void {
    const queue = this.natsOptions.queue;
    const durable = new Set(this.durableChannels());
    for (const [channel, handler] of this.messageHandlers) {
      if (durable.has(channel)) continue;
      const handle = this.handledBy
        ? (err: Error | null, msg: Msg) => (err ? this.logger.error(err) : this.handle(channel, handler, msg))
        : (this.getMessageHandler(channel).bind(this) as (err: Error | null, msg: Msg) => unknown);
      const callback = (err: Error | null, msg: Msg) => {
        const handling: Promise<unknown> = Promise.resolve(handle(err, msg))
          .catch(() => undefined)
          .finally(() => this.inFlight.delete(handling));
        this.inFlight.add(handling);
      };
      this.own.push(client.subscribe(`${this.namespace}${channel}`, { queue, callback }));
    }
  }

  /**
   * One message of `channel` through {@link runBusHandler}; a request (a packet with an id) gets one reply, as Nest's
   * server writes it: `{"response":…,"isDisposed":true,"id":…}`, or `{"err":…,"isDisposed":true,"id":…}` when the
   * handler failed (the filter's payload).
   */
  private async handle(channel: string, handler: MessageHandler, msg: Msg): Promise<void> {
    let packet: { id?: string; data?: unknown };
    try {
      packet = msg.json();
    } catch (err) {
      this.logger.error(`unreadable message on ${channel}: ${String(err)}`);
      return;
    }
    const context = new NatsContext([msg.subject, msg.headers!]);
    const run = runBusHandler(handler, packet.data, context, {
      subject: channel,
      event: handler.isEventHandler === true,
      headers: msg.headers,
      group: this.handledBy,
      policies: this.policies,
    });
    if (packet.id === undefined || !msg.reply) {
      // nobody waits for an answer (an event): a failure was logged by the exception filter and on the span
      await run.catch(() => undefined);
      return;
    }
    let reply: string;
    try {
      reply = JSON.stringify({ response: await run, isDisposed: true, id: packet.id });
    } catch (err) {
      reply = JSON.stringify({ err, isDisposed: true, id: packet.id });
    }
    msg.respond(reply);
  }

  /**
   * Stops taking requests (the other replicas of the queue group get the new ones), answers those already routed here
   * or being handled (bounded by DRAIN_MS), flushes the answers, then closes. Unsubscribing and closing at once lost
   * those requests: their callers waited out the bus timeout and answered 503.
   */
  override async close(): Promise<void> {
    // the event being handled is finished and acked; the others stay in the stream for the next replica
    await this.consumer?.stop();
    this.consumer = null;
    // drain, not unsubscribe: a request NATS routed here before it processed the UNSUB is still handled, not dropped
    await Promise.allSettled(this.own.map((sub) => sub.drain()));
    this.own.length = 0;
    if (this.inFlight.size > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled([...this.inFlight]),
        new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_MS))),
      ]);
      clearTimeout(timer);
    }
    try {
      await this.unwrap<NatsConnection>().flush();
    } catch {
      // never connected, or the connection is gone already: nothing to flush
    }
    await super.close();
  }
}

/**
 * Nest's NATS client with a direct request path: `requestPacket` sends Nest's request packet with a reply subject of the connection's {@link ReplyInbox},
 * one subscription shared by all requests. Nest's `send` subscribes and unsubscribes a fresh inbox for every request
 * (two more protocol commands each way, and work for the NATS server) and wraps each in an RxJS pipeline.
 */
export class InboxClientNats extends ClientNats {
  /**
   * One request and its reply packet; a reply not there within `timeoutMs` rejects with BusTimeoutError (see
   * ReplyInbox).
   */
  async requestPacket(pattern: string, record: unknown, timeoutMs: number): Promise<WritePacket> {
    const nc = (this.natsClient ?? (await this.connect(), this.unwrap())) as NatsConnection;
    const { data, headers } =
      record instanceof NatsRecord ? record : { data: record, headers: undefined as NatsRecord['headers'] };
    // Nest's request packet, as its NatsRecordSerializer writes it: the server answers a packet with an id
    const id = randomUUID();
    const packet = JSON.stringify({ pattern, data, id });
    const reply = await ReplyInbox.of(nc).request(pattern, packet, timeoutMs, headers);
    return reply.json<WritePacket>();
  }
}
