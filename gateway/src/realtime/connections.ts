import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { WebSocket } from 'ws';
import { wsFramesPending, wsReadPauses } from '@teamchat/observability';
import type { Client } from './client.js';
import { Delivery } from './delivery.js';
import { Heartbeat } from './heartbeat.js';
import { PresenceTracker } from './presence.js';
import { DEFAULT_REALTIME_OPTIONS, REALTIME_OPTIONS, type RealtimeOptions } from './realtime.options.js';
import { SendQueue } from './send-queue.js';
import { SocketEvictions } from './socket-evictions.js';

/** Where every socket's frame chain starts. */
const SETTLED = Promise.resolve();

/**
 * This node's open sockets: each one's state from connect to close, the workspace it is in (its room in Delivery, its
 * presence count, its eviction), the heartbeat that finds dead ones, and the node-wide bound on frames waiting to be
 * handled. It also orders the live socket's shutdown (its sockets, then presence, then the fan-out): the other parts
 * have no shutdown hook of their own, since Nest runs the hooks of one dependency level side by side.
 */
@Injectable()
export class SocketConnections implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(SocketConnections.name);
  private readonly clients = new Map<WebSocket, Client>();
  /** Pings every socket once per interval, a slice of them each second (see Heartbeat). */
  private readonly heartbeat: Heartbeat<Client>;
  /** Frames of every socket received and not yet handled (see RealtimeOptions.maxPendingFrames). */
  private pending = 0;
  /** Whether this node stopped reading its sockets until its pending frames halve. */
  private reading = true;

  constructor(
    private readonly delivery: Delivery,
    private readonly presence: PresenceTracker,
    private readonly evictions: SocketEvictions,
    @Optional() @Inject(REALTIME_OPTIONS) private readonly options: RealtimeOptions = DEFAULT_REALTIME_OPTIONS,
  ) {
    // a pong waits unread while the node holds off reading: no socket is taken for gone meanwhile
    this.heartbeat = new Heartbeat(
      options.heartbeatMs,
      (client) => this.ping(client),
      () => this.reading,
    );
  }

  onModuleInit(): void {
    // the eviction closes the sockets; taking them out of the workspace first stops frames already on their way
    this.evictions.onEvict(({ userId, workspaceId }) => {
      for (const client of this.delivery.clientsOf(workspaceId)) {
        if (client.userId === userId) void this.leaveWorkspace(client, 'now');
      }
    });
    this.heartbeat.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.heartbeat.stop();
    // release this node's presence counts while Redis is still connected, announcing its users offline at once
    await Promise.allSettled([...this.clients.values()].map((c) => this.leaveWorkspace(c, 'now')));
    await this.presence.stop();
    await this.delivery.close();
  }

  get connected(): number {
    return this.clients.size;
  }

  /** False while this node holds off reading its sockets (too many of their frames are waiting). */
  get readingSockets(): boolean {
    return this.reading;
  }

  get(socket: WebSocket): Client | undefined {
    return this.clients.get(socket);
  }

  connect(socket: WebSocket, userId: string): void {
    const client: Client = {
      socket,
      userId,
      username: '',
      workspaceId: null,
      queue: new SendQueue(socket, this.options.sendLimits),
      tail: SETTLED,
      lanes: null,
      pending: 0,
      alive: true,
      held: null,
      channels: null,
    };
    socket.on('pong', () => {
      client.alive = true;
    });
    this.clients.set(socket, client);
    this.heartbeat.add(client);
    if (!this.reading) socket.pause();
  }

  /** True when the socket was known. */
  disconnect(socket: WebSocket): boolean {
    const client = this.clients.get(socket);
    if (!client) return false;
    this.clients.delete(socket);
    this.heartbeat.delete(client);
    void this.leaveWorkspace(client);
    return true;
  }

  /** Closes every socket with 1001 (going away) so clients reconnect to another node. */
  closeAll(): void {
    for (const socket of this.clients.keys()) socket.close(1001, 'Server shutting down');
  }

  /**
   * Puts the socket in the workspace (leaving any other): its frames are delivered, its removal closes it. Resolves
   * once this node is subscribed, with the socket's presence count under way in `online` (how many are online in the
   * workspace once counted; a user who just came online is announced meanwhile, not awaited).
   */
  async enterWorkspace(client: Client, workspaceId: string): Promise<{ online: Promise<number> }> {
    await this.leaveWorkspace(client);
    client.workspaceId = workspaceId;
    client.channels = null;
    this.evictions.track(client.socket, client.userId, workspaceId);
    await this.delivery.join(client, workspaceId);
    return { online: this.presence.arrive(workspaceId, client.userId) };
  }

  /**
   * Takes the socket out of its workspace's fan-out at once. Its presence count goes `now` (a removed member, a
   * stopping node) or once the grace has passed: the user's reconnect within it counts a second socket, not a first,
   * so no one sees them go offline and come back.
   */
  async leaveWorkspace(client: Client, presence: 'now' | 'after-grace' = 'after-grace'): Promise<void> {
    const workspaceId = client.workspaceId;
    if (!workspaceId) return;
    client.workspaceId = null;
    await this.delivery.leave(client, workspaceId);
    await this.presence.depart(workspaceId, client.userId, presence);
  }

  /**
   * One more frame waiting. At the bound the node stops reading every socket: their frames wait in TCP buffers and
   * their senders slow down, rather than frames being refused.
   */
  took(): void {
    wsFramesPending.set(++this.pending);
    if (!this.reading || this.pending < this.options.maxPendingFrames) return;
    this.reading = false;
    wsReadPauses.inc();
    this.logger.warn(`${this.pending} frames waiting: reading no socket until half are handled`);
    for (const socket of this.clients.keys()) socket.pause();
  }

  handled(): void {
    wsFramesPending.set(--this.pending);
    if (this.reading || this.pending > this.options.maxPendingFrames / 2) return;
    this.reading = true;
    for (const socket of this.clients.keys()) socket.resume();
  }

  /**
   * A socket that answered no ping since its last one is gone (its TCP connection died without a close): terminated;
   * any other is pinged.
   */
  private ping(client: Client): void {
    if (!client.alive) {
      client.socket.terminate();
      return;
    }
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.alive = false;
    client.socket.ping();
  }
}
