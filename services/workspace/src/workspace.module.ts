import { defineService } from '@teamchat/bus';
import { workspaceEntities } from './workspace.entities.js';
import { workspaceMigrations } from './migrations/index.js';
import { WorkspaceDomainModule } from './workspace-domain.module.js';

/** The workspace service: its schema, its features and its health ping (see defineService). */
export const workspaceService = defineService({
  name: 'workspace',
  entities: workspaceEntities,
  migrations: workspaceMigrations,
  features: () => [WorkspaceDomainModule],
});
