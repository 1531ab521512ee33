import { Injectable, type OnModuleInit } from '@nestjs/common';
import { RealtimeEvents, WorkspaceEvents } from '@teamchat/contracts';
import { GatewayEvents } from '../cluster/gateway-events.js';
import { Delivery } from './delivery.js';
import { SocketEvictions } from './socket-evictions.js';

/**
 * Bus events the live socket acts on: frames services push to a workspace (`realtime.workspace.broadcast`, e.g.
 * task changes) and removed members, whose sockets for that workspace are closed on every node.
 */
@Injectable()
export class RealtimeEventsListener implements OnModuleInit {
  constructor(
    private readonly events: GatewayEvents,
    private readonly delivery: Delivery,
    private readonly evictions: SocketEvictions,
  ) {}

  onModuleInit(): void {
    this.events.on(RealtimeEvents.workspaceBroadcast, (e) =>
      this.delivery.broadcast(e.workspaceId, e.frame, e.userIds),
    );
    this.events.on(WorkspaceEvents.memberRemoved, (e) => this.evictions.evict(e.userId, e.workspaceId));
  }
}
