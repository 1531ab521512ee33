// Closing a removed member's live sockets for that workspace, on every gateway node.
//
// How the live socket uses it (SocketConnections):
//   - on `join` (and whenever a socket's workspace changes) call `evictions.track(socket, userId, workspaceId)`;
//     tracked sockets of an evicted (user, workspace) are closed with code 4403 "Removed from workspace";
//   - or, to do more than close (e.g. drop room subscriptions), `evictions.onEvict(({ userId, workspaceId }) => …)`.
// `evict` is called by the gateway after `DELETE /api/workspaces/{workspaceId}/users/{userId}` succeeds and on the
// `workspace.member.removed` event; with Redis (cluster mode) it is published so every node applies it, otherwise it
// is applied in this process. Evicting twice is harmless.
import { Injectable } from '@nestjs/common';
import type { WebSocket } from 'ws';
import { ClusterSignals, type SignalSender } from '../cluster/cluster-signals.js';

export interface SocketEviction {
  userId: string;
  workspaceId: string;
}

export const EVICTED_CLOSE_CODE = 4403;
export const EVICTED_CLOSE_REASON = 'Removed from workspace';

@Injectable()
export class SocketEvictions {
  private readonly tracked = new Map<WebSocket, SocketEviction>();
  private readonly listeners = new Set<(eviction: SocketEviction) => void>();
  private readonly everywhere: SignalSender<SocketEviction>;

  constructor(signals: ClusterSignals) {
    this.everywhere = signals.define<SocketEviction>('socket-evictions', (eviction) => this.apply(eviction));
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
  evict(userId: string, workspaceId: string): Promise<void> {
    return this.everywhere({ userId, workspaceId });
  }

  private apply(eviction: SocketEviction): void {
    // listeners first, so no more frames are routed to these sockets before they close
    for (const listener of this.listeners) listener(eviction);
    for (const [socket, owner] of this.tracked) {
      if (owner.userId === eviction.userId && owner.workspaceId === eviction.workspaceId) {
        this.tracked.delete(socket);
        socket.close(EVICTED_CLOSE_CODE, EVICTED_CLOSE_REASON);
      }
    }
  }
}
