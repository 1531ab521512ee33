/** Committed migrations of the workspace schema, in order. */
export const workspaceMigrations: Function[] = [];
