import { Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { WebSocket } from 'ws';
import { openSockets } from '@teamchat/observability';
import type { AuthenticatedUpgrade } from './authenticated-ws.adapter.js';

/** The live socket at /ws: one authenticated connection per browser tab. */
@WebSocketGateway({ path: '/ws' })
export class RealtimeGateway implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket> {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly sockets = new Map<WebSocket, string>();

  handleConnection(socket: WebSocket, req: AuthenticatedUpgrade): void {
    this.sockets.set(socket, req.userId);
    openSockets.inc();
    this.logger.debug(`socket open for ${req.userId}`);
  }

  handleDisconnect(socket: WebSocket): void {
    if (this.sockets.delete(socket)) openSockets.dec();
  }

  /** Closes every socket with 1001 (going away) so clients reconnect to another node. */
  closeAll(): void {
    for (const socket of this.sockets.keys()) socket.close(1001, 'Server shutting down');
  }
}
