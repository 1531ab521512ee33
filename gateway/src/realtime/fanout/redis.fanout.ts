import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  decodeEnvelope,
  encodeEnvelope,
  sentBy,
  WorkspaceRefs,
  type Envelope,
  type EnvelopeHandler,
  type Fanout,
} from './fanout.js';
import { redisOutage } from '../../cluster/redis-outage.js';

const READY_WAIT_MS = 5000;

/**
 * Several gateway nodes: one Redis pub/sub channel per workspace (`<namespace>tc:ws:<workspaceId>`). A node
 * subscribes to a workspace while it has sockets in it and unsubscribes when the last leaves. Its own publications
 * are delivered locally at once and ignored when Redis echoes them back.
 */
export class RedisFanout implements Fanout {
  readonly nodeId = randomUUID();
  /** How this node's envelopes start: Redis echoes them back, and they were delivered here at publish. */
  private readonly ownPrefix = sentBy(this.nodeId);
  private readonly logger = new Logger(RedisFanout.name);
  private readonly refs = new WorkspaceRefs();
  /** Tail of the SUBSCRIBE/UNSUBSCRIBE commands per workspace, so they reach Redis in the order they were asked. */
  private readonly pending = new Map<string, Promise<void>>();
  private readonly subscriber: Redis;
  private handler: EnvelopeHandler = () => undefined;
  private interrupted: (workspaceIds: string[]) => void = () => undefined;
  private connectionLost = false;
  /** Publishes skipped since Redis went away (logged when it goes and when it is back). */
  private skipped = 0;
  private readonly publisherDown: () => boolean;
  private closed = false;

  constructor(
    private readonly publisher: Redis,
    private readonly namespace = '',
  ) {
    this.publisherDown = redisOutage(publisher);
    // a connection in subscriber mode can run no other command, hence its own
    this.subscriber = publisher.duplicate();
    this.subscriber.on('message', (channel: string, raw: string) => this.receive(channel, raw));
    this.subscriber.on('close', () => {
      this.connectionLost = true;
    });
    // ioredis re-subscribes on reconnect by itself; what was published meanwhile is gone, so say so
    this.subscriber.on('ready', () => {
      if (!this.connectionLost) return;
      this.connectionLost = false;
      const workspaces = this.refs.keys();
      if (workspaces.length) this.interrupted(workspaces);
    });
    this.subscriber.on('error', (err: Error) => this.logger.warn(`redis subscriber: ${err.message}`));
  }

  channelOf(workspaceId: string): string {
    return `${this.namespace}tc:ws:${workspaceId}`;
  }

  onEnvelope(handler: EnvelopeHandler): void {
    this.handler = handler;
  }

  onInterrupted(handler: (workspaceIds: string[]) => void): void {
    this.interrupted = handler;
  }

  subscribe(workspaceId: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.refs.add(workspaceId)) {
      return this.chain(workspaceId, async () => {
        await this.connected();
        await this.subscriber.subscribe(this.channelOf(workspaceId));
      });
    }
    return this.pending.get(workspaceId) ?? Promise.resolve();
  }

  unsubscribe(workspaceId: string): Promise<void> {
    // once closed, the connection is gone and its subscriptions with it
    if (this.refs.remove(workspaceId) && !this.closed) {
      return this.chain(workspaceId, async () => {
        await this.connected();
        await this.subscriber.unsubscribe(this.channelOf(workspaceId));
      });
    }
    return Promise.resolve();
  }

  /**
   * ioredis writes SUBSCRIBE even while it is still checking a fresh connection, which then fails that check and
   * drops the connection; waiting for `ready` (bounded, so a join never hangs on a Redis outage) avoids it.
   */
  private connected(): Promise<void> {
    if (this.subscriber.status === 'ready' || this.subscriber.status === 'end') return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.subscriber.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, READY_WAIT_MS).unref();
      this.subscriber.once('ready', done);
    });
  }

  /**
   * To the other nodes through Redis, then on this node at once. The command is written to Redis before this node
   * writes to its own sockets, so the other nodes deliver while this one does rather than after it. While Redis is
   * away the publish is skipped rather than queued (a send must not wait on it, nor pile up behind it): every node's
   * subscription was cut too, so each tells its sockets to resync the moment Redis is back.
   */
  async publish(workspaceId: string, envelope: Omit<Envelope, 'origin'>): Promise<void> {
    const full: Envelope = { ...envelope, origin: this.nodeId };
    let published: Promise<unknown> | undefined;
    if (this.publisherDown()) {
      this.skipped++;
      if (this.skipped === 1) this.logger.warn(`redis is ${this.publisher.status}: live frames reach this node only`);
    } else {
      if (this.skipped > 0) this.logger.log(`redis is back: ${this.skipped} frame(s) were delivered on this node only`);
      this.skipped = 0;
      published = this.publisher.publish(this.channelOf(workspaceId), encodeEnvelope(full));
    }
    try {
      if (this.refs.has(workspaceId)) this.handler(workspaceId, full);
    } finally {
      await published;
    }
  }

  subscribedWorkspaces(): string[] {
    return this.refs.keys();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.pending.values());
    this.subscriber.disconnect();
  }

  private receive(channel: string, raw: string): void {
    const prefix = `${this.namespace}tc:ws:`;
    if (!channel.startsWith(prefix)) return;
    // this node's own publications come back from Redis too: half of what a node hears with two nodes, dropped
    // before any parsing
    if (raw.startsWith(this.ownPrefix)) return;
    const workspaceId = channel.slice(prefix.length);
    let envelope: Envelope;
    try {
      envelope = decodeEnvelope(raw);
    } catch {
      this.logger.warn(`unreadable envelope on ${channel}`);
      return;
    }
    if (envelope.origin === this.nodeId || !this.refs.has(workspaceId)) return;
    this.handler(workspaceId, envelope);
  }

  private chain(workspaceId: string, command: () => Promise<unknown>): Promise<void> {
    const previous = this.pending.get(workspaceId) ?? Promise.resolve();
    const next = previous.then(command).then(
      () => undefined,
      (err: unknown) => this.logger.warn(`redis (un)subscribe ${workspaceId}: ${String(err)}`),
    );
    this.pending.set(workspaceId, next);
    void next.then(() => {
      if (this.pending.get(workspaceId) === next) this.pending.delete(workspaceId);
    });
    return next;
  }
}
