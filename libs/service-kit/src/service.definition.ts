import { Module, type DynamicModule, type ForwardReference, type Type } from '@nestjs/common';
import type { MixedList } from 'typeorm';
import type { ServiceName } from '@teamchat/contracts';
import { DatabaseModule } from '@teamchat/database';
import { BusModule } from '@teamchat/bus';
import { DurableEventsModule, EVENT_RELAY, NO_EVENT_RELAY } from './outbox.js';
import { createHealthController, type ServiceDefinition, type ServiceRuntime } from './service.runtime.js';
import { idempotencyKeysMigration, PostgresIdempotencyLedger } from './idempotency-ledger.js';
import { WorkspaceMembershipModule, type WorkspaceMembershipModuleOptions } from './workspace-membership.module.js';

type ModuleImport = Type<unknown> | DynamicModule | Promise<DynamicModule> | ForwardReference;

export interface ServiceSpec {
  name: ServiceName;
  /** Entities of the service's own Postgres schema (named after the service). */
  entities: MixedList<Function>;
  /** Committed migrations of that schema, in order. */
  migrations: Function[];
  /** The service's feature modules. */
  features(runtime: ServiceRuntime): ModuleImport[];
  /** How this service words membership refusals, and where memberships are read (default: asked over the bus). */
  membership?: Omit<WorkspaceMembershipModuleOptions, 'events'>;
  /**
   * The service has `outbox` and `processed_event` tables (a migration extending `durableEventsMigration`): it gets
   * `Outbox` (emit domain events in its transactions) and `Inbox` (handle each event id once), and runs a relay.
   */
  durableEvents?: boolean;
}

/**
 * A service's root module: the bus, its own schema migrated at start (with the ledger of keyed requests), the shared membership check (cached, and
 * invalidated by workspace events in every process), its features, and the `<service>.health.ping` handler. Every
 * service is assembled the same way; only the spec differs.
 */
export const defineService = (spec: ServiceSpec): ServiceDefinition => ({
  name: spec.name,
  module: (runtime: ServiceRuntime): DynamicModule => {
    class ServiceRootModule {}
    Object.defineProperty(ServiceRootModule, 'name', {
      value: `${spec.name[0].toUpperCase()}${spec.name.slice(1)}ServiceModule`,
    });
    Module({})(ServiceRootModule);
    return {
      module: ServiceRootModule,
      imports: [
        BusModule.forRoot(runtime.bus, runtime.broker),
        DatabaseModule.forService({
          schema: spec.name,
          url: runtime.databaseUrl,
          entities: spec.entities,
          // every service keeps the answers of keyed requests (Idempotency-Key) in its own schema
          migrations: [...spec.migrations, idempotencyKeysMigration(spec.name)],
          poolSize: runtime.env.DB_POOL_SIZE,
          poolIdleSeconds: runtime.env.DB_POOL_IDLE_SECONDS,
          migrationsRun: runtime.env.MIGRATIONS_RUN,
        }),
        WorkspaceMembershipModule.forRoot({
          ...spec.membership,
          events: { service: spec.name, bus: runtime.bus, broker: runtime.broker },
        }),
        ...(spec.durableEvents
          ? [
              DurableEventsModule.forService({
                service: spec.name,
                bus: runtime.bus,
                broker: runtime.broker,
                deferRelay: runtime.deferEventRelay,
              }),
            ]
          : []),
        ...spec.features(runtime),
      ],
      controllers: [createHealthController(spec.name)],
      providers: [
        PostgresIdempotencyLedger,
        ...(spec.durableEvents ? [] : [{ provide: EVENT_RELAY, useValue: NO_EVENT_RELAY }]),
      ],
    };
  },
});
