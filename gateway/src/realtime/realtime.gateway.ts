import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { WebSocket } from 'ws';
import { openSockets } from '@teamchat/observability';
import type { AuthenticatedUpgrade } from './authenticated-ws.adapter.js';
import { SocketConnections } from './connections.js';
import { SessionSockets } from './session-sockets.js';

/**
 * The live socket at /ws: one authenticated connection per browser tab, kept by SocketConnections. Its frames go
 * straight to FrameRouter (see AuthenticatedWsAdapter.bindMessageHandlers), which routes them by `type`.
 */
@WebSocketGateway({ path: '/ws' })
export class RealtimeGateway implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket> {
  constructor(
    private readonly connections: SocketConnections,
    private readonly sessions: SessionSockets,
  ) {}

  handleConnection(socket: WebSocket, req: AuthenticatedUpgrade): void {
    this.connections.connect(socket, req.userId);
    this.sessions.track(socket, req.sessionId, req.userId);
    openSockets.inc();
  }

  handleDisconnect(socket: WebSocket): void {
    if (this.connections.disconnect(socket)) openSockets.dec();
  }

  /** Closes every socket with 1001 (going away) so clients reconnect to another node. */
  closeAll(): void {
    this.connections.closeAll();
  }
}
