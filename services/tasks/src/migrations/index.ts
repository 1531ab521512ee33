/** Committed migrations of the tasks schema, in order. */
export const tasksMigrations: Function[] = [];
