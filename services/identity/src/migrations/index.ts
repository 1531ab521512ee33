/** Committed migrations of the identity schema, in order. */
export const identityMigrations: Function[] = [];
