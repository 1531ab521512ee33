import { WorkspaceInit1732000000000 } from './1732000000000-init.js';
import { WorkspaceEntitlement1737000000000 } from './1737000000000-entitlement.js';
import { WorkspaceDurableEvents1740000000000 } from './1740000000000-durable-events.js';

/** Committed migrations of the workspace schema, in order. */
export const workspaceMigrations: Function[] = [
  WorkspaceInit1732000000000,
  WorkspaceEntitlement1737000000000,
  WorkspaceDurableEvents1740000000000,
];
