import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { defineService } from '@teamchat/service-kit';
import { workspaceEntities } from './workspace.entities.js';
import { workspaceMigrations } from './migrations/index.js';
import { WorkspaceDomainModule } from './workspace-domain.module.js';
import { membershipTableSource } from './members/membership.source.js';

/** The workspace service: its schema, its features and its health ping (see defineService). */
export const workspaceService = defineService({
  name: 'workspace',
  entities: workspaceEntities,
  migrations: workspaceMigrations,
  durableEvents: true,
  features: () => [WorkspaceDomainModule],
  // the source of truth reads its own table; every other service asks it over the bus
  membership: {
    source: { inject: [getDataSourceToken()], useFactory: (ds: DataSource) => membershipTableSource(ds) },
  },
});
