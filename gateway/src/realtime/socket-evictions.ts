// Closing a removed member's live sockets for that workspace, on every gateway node.
//
// How the socket hub uses it:
//   - on `join` (and whenever a socket's workspace changes) call `evictions.track(socket, userId, workspaceId)`;
//     tracked sockets of an evicted (user, workspace) are closed with code 4403 "Removed from workspace";
//   - or, to do more than close (e.g. drop room subscriptions), `evictions.onEvict(({ userId, workspaceId }) => …)`.
// `evict` is called by the gateway after `DELETE /api/workspaces/{workspaceId}/users/{userId}` succeeds and on the
// `workspace.member.removed` event; with Redis (cluster mode) it is published so every node applies it, otherwise it
// is applied in this process. Evicting twice is harmless.
import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';
import { REDIS } from '../infrastructure.js';

export interface SocketEviction {
  userId: string;
  workspaceId: string;
}

export const EVICTED_CLOSE_CODE = 4403;
export const EVICTED_CLOSE_REASON = 'Removed from workspace';

@Injectable()
export class SocketEvictions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SocketEvictions.name);
  private readonly tracked = new Map<WebSocket, SocketEviction>();
  private readonly listeners = new Set<(eviction: SocketEviction) => void>();
  private readonly channel: string;
  private subscriber: Redis | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(GATEWAY_RUNTIME) runtime: GatewayRuntime,
  ) {
    this.channel = `${runtime.env.BUS_NAMESPACE}tc:socket-evictions`;
  }

  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        this.apply(JSON.parse(message) as SocketEviction);
      } catch (err) {
        this.logger.warn(`bad eviction message: ${String(err)}`);
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }

  /** Remembers which user and workspace a socket speaks for; forgotten when it closes. */
  track(socket: WebSocket, userId: string, workspaceId: string): void {
    if (!this.tracked.has(socket)) socket.once('close', () => this.tracked.delete(socket));
    this.tracked.set(socket, { userId, workspaceId });
  }

  /** Called for every eviction on this node; returns an unsubscribe function. */
  onEvict(listener: (eviction: SocketEviction) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Closes the user's sockets for the workspace here at once, and on the other nodes through Redis. */
  async evict(userId: string, workspaceId: string): Promise<void> {
    const eviction = { userId, workspaceId };
    this.apply(eviction);
    if (this.redis)
      await this.redis
        .publish(this.channel, JSON.stringify(eviction))
        .catch((err: unknown) => this.logger.warn(String(err)));
  }

  private apply(eviction: SocketEviction): void {
    // listeners first, so the hub stops routing frames to these sockets before they close
    for (const listener of this.listeners) listener(eviction);
    for (const [socket, owner] of this.tracked) {
      if (owner.userId === eviction.userId && owner.workspaceId === eviction.workspaceId) {
        this.tracked.delete(socket);
        socket.close(EVICTED_CLOSE_CODE, EVICTED_CLOSE_REASON);
      }
    }
  }
}

@Global()
@Module({ providers: [SocketEvictions], exports: [SocketEvictions] })
export class SocketEvictionsModule {}
