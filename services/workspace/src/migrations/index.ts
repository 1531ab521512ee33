import { WorkspaceInit1732000000000 } from './1732000000000-init.js';

/** Committed migrations of the workspace schema, in order. */
export const workspaceMigrations: Function[] = [WorkspaceInit1732000000000];
