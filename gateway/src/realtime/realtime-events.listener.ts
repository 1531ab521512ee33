import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ChatEvents, RealtimeEvents, WorkspaceEvents } from '@teamchat/contracts';
import { GatewayEvents } from '../cluster/gateway-events.js';
import { Delivery } from './delivery.js';
import { SocketEvictions } from './socket-evictions.js';
import { ChannelRevocations } from './channel-revocations.js';

/**
 * Bus events the live socket acts on: frames services push to a workspace (`realtime.workspace.broadcast`, e.g.
 * task changes), removed members, whose sockets for that workspace are closed on every node, and channel membership
 * changes, after which no node delivers a private channel's frames to those who left it.
 */
@Injectable()
export class RealtimeEventsListener implements OnModuleInit {
  constructor(
    private readonly events: GatewayEvents,
    private readonly delivery: Delivery,
    private readonly evictions: SocketEvictions,
    private readonly revocations: ChannelRevocations,
  ) {}

  onModuleInit(): void {
    this.events.on(RealtimeEvents.workspaceBroadcast, (e) =>
      this.delivery.broadcast(e.workspaceId, e.frame, e.userIds),
    );
    this.events.on(WorkspaceEvents.memberRemoved, (e) => this.evictions.evict(e.userId, e.workspaceId));
    this.events.on(ChatEvents.membershipChanged, (e) => this.revocations.changed(e));
  }
}
