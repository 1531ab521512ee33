import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type InjectionToken,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { CustomTransportStrategy, Server } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import { BillingEvents, WorkspaceEvents } from '@teamchat/contracts';
import {
  BusClient,
  type BusOptions,
  defaultBroker,
  type InProcessBroker,
  InProcessServer,
  NamespacedServerNats,
  WorkspaceWriteCheck,
} from '@teamchat/bus';
import {
  busMembershipSource,
  WorkspaceMembership,
  type MembershipSource,
  type WorkspaceMembershipOptions,
} from './workspace-membership.js';
import { busEntitlementSource, WorkspaceEntitlements } from './workspace-entitlements.js';
import { ProcessEvents } from './process-events.js';
import { WorkspaceWrites } from './workspace-writes.js';

/** Where a service's invalidations come from: its bus, and its name (for logs and connection names). */
export interface MembershipEventsOptions {
  service: string;
  bus: BusOptions;
  broker?: InProcessBroker;
}

export interface WorkspaceMembershipModuleOptions extends WorkspaceMembershipOptions {
  /** Default: the workspace service over the bus. The workspace service itself reads its own table. */
  source?: { inject?: InjectionToken[]; useFactory: (...deps: never[]) => MembershipSource };
  /** Subscribe this process to removals and role changes; left out where nothing on the bus changes memberships. */
  events?: MembershipEventsOptions;
}

const MEMBERSHIP_EVENTS = Symbol('MEMBERSHIP_EVENTS');

type Listening = Pick<Server, 'addHandler' | 'close' | 'on'> & CustomTransportStrategy;

/**
 * The service's process-wide listener (see `ProcessEvents`): drops cached memberships on removal and role change,
 * has a workspace's roster loaded again after someone joined it,
 * applies billing's entitlement changes to the cached write deadlines (`WorkspaceEntitlements`), and runs whatever
 * else the service's providers registered, in every process of the service. The service's own handlers share a
 * queue group (each event reaches one replica), so this listens on a subscription of its own: a group no other
 * process has on the in-process broker, no queue group on NATS. Events sent while the NATS connection is down are
 * lost, so a disconnect or reconnect resets every cache fed by them.
 */
@Injectable()
export class ProcessEventListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProcessEventListener.name);
  private server: Listening | null = null;

  constructor(
    @Inject(MEMBERSHIP_EVENTS) private readonly options: MembershipEventsOptions,
    private readonly events: ProcessEvents,
    membership: WorkspaceMembership,
    entitlements: WorkspaceEntitlements,
  ) {
    const forget = ({ workspaceId, userId }: { workspaceId: string; userId: string }) =>
      membership.forget(workspaceId, userId);
    events.on(WorkspaceEvents.memberAdded, ({ workspaceId }) => membership.joined(workspaceId));
    events.on(WorkspaceEvents.memberRemoved, forget);
    events.on(WorkspaceEvents.memberRoleChanged, forget);
    events.on(BillingEvents.entitlementChanged, (change) => entitlements.apply(change));
    events.onReset(() => {
      membership.clear();
      entitlements.clear();
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    const { bus, service } = this.options;
    const server: Listening = (
      bus.transport === 'inprocess'
        ? new InProcessServer(`${service}.membership.${randomUUID()}`, this.options.broker ?? defaultBroker)
        : new NamespacedServerNats(
            {
              servers: [bus.natsUrl],
              name: `${service}-membership`,
              maxReconnectAttempts: -1,
              reconnectTimeWait: 500,
            },
            bus.namespace ?? '',
          )
    ) as Listening;
    for (const { contract, handlers } of this.events.subjects()) {
      server.addHandler(
        contract.subject,
        (data: unknown) => {
          const parsed = contract.payload.safeParse(data);
          if (!parsed.success) {
            this.logger.warn(`ignored malformed ${contract.subject}: ${parsed.error.issues[0]?.message}`);
            return Promise.resolve();
          }
          for (const handle of handlers) handle(parsed.data);
          return Promise.resolve();
        },
        true,
      );
    }
    for (const status of ['disconnect', 'reconnect']) server.on(status, () => this.events.reset());
    await new Promise<void>((resolve, reject) => {
      void server.listen((err?: unknown) => (err ? reject(err as Error) : resolve()));
    });
    // subscribed means the NATS server knows it: an event published right after boot is not missed
    if (server instanceof NamespacedServerNats) await server.unwrap<NatsConnection>().flush();
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }
}

/**
 * Provides `WorkspaceMembership` to a whole service (global). `defineService` imports it, so every service checks
 * memberships the same way and drops stale ones on the same events.
 */
@Module({})
export class WorkspaceMembershipModule {
  static forRoot(options: WorkspaceMembershipModuleOptions = {}): DynamicModule {
    const { source, events, ...membershipOptions } = options;
    return {
      module: WorkspaceMembershipModule,
      global: true,
      providers: [
        {
          provide: WorkspaceMembership,
          inject: source ? (source.inject ?? []) : [BusClient],
          useFactory: (...deps: never[]) =>
            new WorkspaceMembership(
              source ? source.useFactory(...deps) : busMembershipSource(deps[0] as BusClient),
              membershipOptions,
            ),
        },
        {
          provide: WorkspaceEntitlements,
          inject: [BusClient],
          useFactory: (bus: BusClient) => new WorkspaceEntitlements(busEntitlementSource(bus)),
        },
        {
          provide: WorkspaceWriteCheck,
          inject: [WorkspaceMembership, WorkspaceEntitlements],
          useFactory: (membership: WorkspaceMembership, entitlements: WorkspaceEntitlements) =>
            new WorkspaceWrites(membership, entitlements),
        },
        ProcessEvents,
        ...(events ? [{ provide: MEMBERSHIP_EVENTS, useValue: events }, ProcessEventListener] : []),
      ],
      exports: [WorkspaceMembership, WorkspaceEntitlements, WorkspaceWriteCheck, ProcessEvents],
    };
  }
}
