import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
} from '@nestjs/websockets';
import type { WebSocket } from 'ws';
import { openSockets } from '@teamchat/observability';
import type { AuthenticatedUpgrade } from './authenticated-ws.adapter.js';
import { RealtimeHub } from './realtime-hub.service.js';
import { SessionSockets } from './session-sockets.js';

/** The live socket at /ws: one authenticated connection per browser tab; frames are routed by `type`. */
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

  @SubscribeMessage('join')
  join(@ConnectedSocket() socket: WebSocket, @MessageBody() frame: unknown): void {
    this.hub.receive(socket, 'join', frame);
  }

  @SubscribeMessage('message')
  message(@ConnectedSocket() socket: WebSocket, @MessageBody() frame: unknown): void {
    this.hub.receive(socket, 'message', frame);
  }

  @SubscribeMessage('typing')
  typing(@ConnectedSocket() socket: WebSocket, @MessageBody() frame: unknown): void {
    this.hub.receive(socket, 'typing', frame);
  }

  @SubscribeMessage('unknown')
  unknown(@ConnectedSocket() socket: WebSocket): void {
    this.hub.receive(socket, 'unknown', null);
  }

  @SubscribeMessage('invalid')
  invalid(@ConnectedSocket() socket: WebSocket): void {
    this.hub.receive(socket, 'invalid', null);
  }

  /** Closes every socket with 1001 (going away) so clients reconnect to another node. */
  closeAll(): void {
    this.hub.closeAll();
  }
}
