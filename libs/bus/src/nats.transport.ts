import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';

/**
 * NATS server whose subscriptions live under an optional namespace (`BUS_NAMESPACE`), so two stacks — or two test
 * runs — can share one NATS server without answering each other's requests. Queue group = service name.
 */
export class NamespacedServerNats extends ServerNats {
  private readonly own: Subscription[] = [];

  constructor(
    private readonly natsOptions: Required<NatsOptions>['options'],
    private readonly namespace: string,
  ) {
    super(natsOptions);
  }

  override bindEvents(client: NatsConnection): void {
    const queue = this.natsOptions.queue;
    for (const channel of this.messageHandlers.keys()) {
      const callback = this.getMessageHandler(channel).bind(this) as (err: Error | null, msg: unknown) => void;
      this.own.push(client.subscribe(`${this.namespace}${channel}`, { queue, callback }));
    }
  }

  override async close(): Promise<void> {
    for (const sub of this.own) sub.unsubscribe();
    this.own.length = 0;
    await super.close();
  }
}
