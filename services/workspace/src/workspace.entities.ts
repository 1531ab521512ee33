/** Entities of the workspace schema. */
export const workspaceEntities: Function[] = [];
