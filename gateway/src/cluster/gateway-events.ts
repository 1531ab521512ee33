// Bus events the gateway acts on. The gateway nodes form one queue group, so each event reaches one node; a handler
// whose effect concerns every node (closing sockets, forgetting cached actors) passes it on with a ClusterSignal.
import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { CustomTransportStrategy, Server } from '@nestjs/microservices';
import { defaultBroker, InProcessServer, NamespacedServerNats, processSpan } from '@teamchat/bus';
import { inSpan } from '@teamchat/observability';
import type { z } from 'zod';
import type { EventContract } from '@teamchat/contracts';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';

/** Queue group of the gateway nodes. */
export const GATEWAY_GROUP = 'gateway';

// the two transports' servers differ only in their status types, which are not used here
type Listening = Pick<Server, 'addHandler'> & CustomTransportStrategy;
/** What both transports hand a handler beside the payload: NatsContext / InProcessContext. */
type MessageContext = { getHeaders?(): { get(name: string): string | undefined } | undefined } | undefined;

@Injectable()
export class GatewayEvents implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GatewayEvents.name);
  private readonly handlers = new Map<string, { contract: EventContract; handle: (payload: never) => unknown }[]>();
  private server: Listening | null = null;

  constructor(@Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime) {}

  /** Handles every `contract` event this node receives; register before the application has bootstrapped. */
  on<C extends EventContract>(contract: C, handle: (payload: z.output<C['payload']>) => unknown): void {
    if (this.server) throw new Error(`${contract.subject}: gateway events are already being listened to`);
    const list = this.handlers.get(contract.subject) ?? [];
    list.push({ contract, handle: handle as (payload: never) => unknown });
    this.handlers.set(contract.subject, list);
  }

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
    for (const [subject, list] of this.handlers) {
      // each event continues the trace of whoever emitted it (a service's broadcast ends in this node's fan-out)
      server.addHandler(
        subject,
        (data: unknown, ctx: MessageContext) =>
          inSpan(...processSpan(subject, true, ctx?.getHeaders?.(), GATEWAY_GROUP), () =>
            this.dispatch(subject, list, data),
          ),
        true,
      );
    }
    await new Promise<void>((resolve, reject) => {
      void server.listen((err?: unknown) => (err ? reject(err as Error) : resolve()));
    });
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }

  private async dispatch(
    subject: string,
    list: { contract: EventContract; handle: (payload: never) => unknown }[],
    data: unknown,
  ): Promise<void> {
    const parsed = list[0].contract.payload.safeParse(data);
    if (!parsed.success) {
      this.logger.warn(`ignored malformed ${subject}: ${parsed.error.issues[0]?.message}`);
      return;
    }
    await Promise.all(
      list.map(async ({ handle }) => {
        try {
          await handle(parsed.data as never);
        } catch (err) {
          this.logger.warn(`${subject} failed: ${String(err)}`);
        }
      }),
    );
  }
}

@Global()
@Module({ providers: [GatewayEvents], exports: [GatewayEvents] })
export class GatewayEventsModule {}
