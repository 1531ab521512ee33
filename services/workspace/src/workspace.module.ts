import { Module, type DynamicModule } from '@nestjs/common';
import { BusModule, createHealthController, type ServiceDefinition, type ServiceRuntime } from '@teamchat/bus';
import { DatabaseModule } from '@teamchat/database';
import { workspaceEntities } from './workspace.entities.js';
import { workspaceMigrations } from './migrations/index.js';
import { WorkspaceDomainModule } from './workspace-domain.module.js';

/** Root module of the workspace service. */
@Module({})
export class WorkspaceServiceModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: WorkspaceServiceModule,
      imports: [
        BusModule.forRoot(runtime.bus, runtime.broker),
        DatabaseModule.forService({
          schema: 'workspace',
          url: runtime.databaseUrl,
          entities: workspaceEntities,
          migrations: workspaceMigrations,
          poolSize: runtime.env.DB_POOL_SIZE,
          migrationsRun: runtime.env.MIGRATIONS_RUN,
        }),
        WorkspaceDomainModule,
      ],
      controllers: [createHealthController('workspace')],
    };
  }
}

export const workspaceService: ServiceDefinition = {
  name: 'workspace',
  module: (runtime) => WorkspaceServiceModule.register(runtime),
};
