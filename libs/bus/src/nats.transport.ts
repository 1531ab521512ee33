import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';

const DRAIN_MS = 10_000;

/**
 * NATS server whose subscriptions live under an optional namespace (`BUS_NAMESPACE`), so two stacks — or two test
 * runs — can share one NATS server without answering each other's requests. Queue group = service name.
 */
export class NamespacedServerNats extends ServerNats {
  private readonly own: Subscription[] = [];
  /** Requests being handled: a stopping replica answers them before it closes its connection. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly natsOptions: Required<NatsOptions>['options'],
    private readonly namespace: string,
  ) {
    super(natsOptions);
  }

  override bindEvents(client: NatsConnection): void {
    const queue = this.natsOptions.queue;
    for (const channel of this.messageHandlers.keys()) {
      const handle = this.getMessageHandler(channel).bind(this) as (err: Error | null, msg: unknown) => unknown;
      const callback = (err: Error | null, msg: unknown) => {
        const handling: Promise<unknown> = Promise.resolve(handle(err, msg))
          .catch(() => undefined)
          .finally(() => this.inFlight.delete(handling));
        this.inFlight.add(handling);
      };
      this.own.push(client.subscribe(`${this.namespace}${channel}`, { queue, callback }));
    }
  }

  /**
   * Stops taking requests (the other replicas of the queue group get the new ones), answers those already routed here
   * or being handled (bounded by DRAIN_MS), flushes the answers, then closes. Unsubscribing and closing at once lost
   * those requests: their callers waited out the bus timeout and answered 503.
   */
  override async close(): Promise<void> {
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
