import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { CustomTransportStrategy, Server } from '@nestjs/microservices';
import { defaultBroker, InProcessServer, NamespacedServerNats } from '@teamchat/bus';
import { RealtimeEvents, WorkspaceEvents, type EventContract } from '@teamchat/contracts';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';
import { RealtimeHub } from './realtime-hub.service.js';
import { SocketEvictions } from './socket-evictions.js';

/** Queue group of the gateway nodes: each event reaches one node, which fans it out to the others. */
export const GATEWAY_GROUP = 'gateway';

// the two transports' servers differ only in their status types, which this listener does not use
type Listening = Pick<Server, 'addHandler'> & CustomTransportStrategy;

/**
 * Bus events the live socket acts on: frames services push to a workspace (`realtime.workspace.broadcast`, e.g.
 * task changes) and removed members, whose sockets for that workspace are closed on every node.
 */
@Injectable()
export class RealtimeEventsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeEventsListener.name);
  private server: Listening | null = null;

  constructor(
    @Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime,
    private readonly hub: RealtimeHub,
    private readonly evictions: SocketEvictions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { bus } = this.runtime;
    const server: Listening = (
      bus.transport === 'inprocess'
        ? new InProcessServer(GATEWAY_GROUP, this.runtime.broker ?? defaultBroker)
        : new NamespacedServerNats(
            {
              servers: [bus.natsUrl],
              queue: GATEWAY_GROUP,
              name: 'gateway-events',
              maxReconnectAttempts: -1,
              reconnectTimeWait: 500,
            },
            bus.namespace ?? '',
          )
    ) as Listening;
    this.on(server, RealtimeEvents.workspaceBroadcast, (e) => this.hub.broadcast(e.workspaceId, e.frame, e.userIds));
    this.on(server, WorkspaceEvents.memberRemoved, (e) => this.evictions.evict(e.userId, e.workspaceId));
    await new Promise<void>((resolve, reject) => {
      void server.listen((err?: unknown) => (err ? reject(err as Error) : resolve()));
    });
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }

  private on<C extends EventContract>(
    server: Listening,
    contract: C,
    handle: (payload: ReturnType<C['payload']['parse']>) => Promise<void>,
  ): void {
    server.addHandler(
      contract.subject,
      async (data: unknown) => {
        const parsed = contract.payload.safeParse(data);
        if (!parsed.success)
          return this.logger.warn(`ignored malformed ${contract.subject}: ${parsed.error.issues[0]?.message}`);
        await handle(parsed.data as ReturnType<C['payload']['parse']>).catch((err: unknown) =>
          this.logger.warn(`${contract.subject} failed: ${String(err)}`),
        );
      },
      true,
    );
  }
}
