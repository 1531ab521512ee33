// Signals every gateway node must act on (close a removed member's sockets, forget a cached actor or session):
// applied in this process at once and, when the gateway has Redis (cluster mode), published so the other nodes apply
// them too. One Redis subscriber connection serves every signal.
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { redisOutage } from './redis-outage.js';

/** Sends a signal to every gateway node, this one included. */
export type SignalSender<T> = (payload: T) => Promise<void>;

/** Provided by the gateway's InfrastructureModule. */
@Injectable()
export class ClusterSignals implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ClusterSignals.name);
  private readonly handlers = new Map<string, (payload: unknown) => void>();
  private readonly subscriptions: Promise<unknown>[] = [];
  private subscriber: Redis | null = null;
  private readonly prefix: string;
  private readonly redisDown: () => boolean;
  /** Signals not published since Redis went away; logged once per outage. */
  private skipped = 0;

  /** `namespace` is the bus namespace, so stacks sharing one Redis do not hear each other. */
  constructor(
    private readonly redis: Redis | null,
    namespace: string,
  ) {
    this.prefix = `${namespace}tc:`;
    this.redisDown = redis ? redisOutage(redis) : () => true;
  }

  /**
   * Declares the signal `name` (its Redis channel is `<namespace>tc:<name>`) and how this node applies it. Declare
   * while the application is being built: the node has subscribed to every declared signal before it serves.
   */
  define<T>(name: string, apply: (payload: T) => void): SignalSender<T> {
    const channel = `${this.prefix}${name}`;
    this.handlers.set(channel, apply as (payload: unknown) => void);
    const subscriber = this.subscribe();
    if (subscriber) this.subscriptions.push(subscriber.subscribe(channel));
    return async (payload: T) => {
      apply(payload);
      if (!this.redis) return;
      // While Redis is away the other nodes cannot be told: skip rather than make the caller wait in ioredis's
      // offline queue (their sockets resync when Redis returns; caches expire on their own).
      if (this.redisDown()) {
        if (this.skipped++ === 0)
          this.logger.warn(`Redis unreachable: cluster signals reach this node only until it returns`);
        return;
      }
      if (this.skipped) {
        this.logger.log(`Redis is back: cluster signals reach every node again (${this.skipped} skipped meanwhile)`);
        this.skipped = 0;
      }
      await this.redis
        .publish(channel, JSON.stringify(payload))
        .catch((err: unknown) => this.logger.warn(`signal ${name} not published: ${String(err)}`));
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all(this.subscriptions);
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }

  private subscribe(): Redis | null {
    if (!this.redis || this.subscriber) return this.subscriber;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (channel: string, message: string) => {
      const apply = this.handlers.get(channel);
      if (!apply) return;
      try {
        apply(JSON.parse(message));
      } catch (err) {
        this.logger.warn(`bad message on ${channel}: ${String(err)}`);
      }
    });
    return this.subscriber;
  }
}
