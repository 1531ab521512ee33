import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { WebSocket } from 'ws';
import { openSockets } from '@teamchat/observability';
import type { AuthenticatedUpgrade } from './authenticated-ws.adapter.js';
import { RealtimeHub } from './realtime-hub.service.js';
import { SessionSockets } from './session-sockets.js';

/**
 * The live socket at /ws: one authenticated connection per browser tab. Its frames go straight to the hub (see
 * AuthenticatedWsAdapter.bindMessageHandlers), which routes them by `type`.
 */
@WebSocketGateway({ path: '/ws' })
export class RealtimeGateway implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket> {
  constructor(
    private readonly hub: RealtimeHub,
    private readonly sessions: SessionSockets,
  ) {}

  handleConnection(socket: WebSocket, req: AuthenticatedUpgrade): void {
    this.hub.connect(socket, req.userId);
    this.sessions.track(socket, req.sessionId, req.userId);
    openSockets.inc();
  }

  handleDisconnect(socket: WebSocket): void {
    if (this.hub.disconnect(socket)) openSockets.dec();
  }

  /** Closes every socket with 1001 (going away) so clients reconnect to another node. */
  closeAll(): void {
    this.hub.closeAll();
  }
}
