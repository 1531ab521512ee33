import { Module, type DynamicModule } from '@nestjs/common';
import { BusModule, createHealthController, type ServiceDefinition, type ServiceRuntime } from '@teamchat/bus';
import { DatabaseModule } from '@teamchat/database';
import { identityEntities } from './identity.entities.js';
import { identityMigrations } from './migrations/index.js';
import { UsersModule } from './users/users.module.js';

/** Root module of the identity service. */
@Module({})
export class IdentityServiceModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: IdentityServiceModule,
      imports: [
        BusModule.forRoot(runtime.bus, runtime.broker),
        DatabaseModule.forService({
          schema: 'identity',
          url: runtime.databaseUrl,
          entities: identityEntities,
          migrations: identityMigrations,
          poolSize: runtime.env.DB_POOL_SIZE,
          migrationsRun: runtime.env.MIGRATIONS_RUN,
        }),
        UsersModule,
      ],
      controllers: [createHealthController('identity')],
    };
  }
}

export const identityService: ServiceDefinition = {
  name: 'identity',
  module: (runtime) => IdentityServiceModule.register(runtime),
};
