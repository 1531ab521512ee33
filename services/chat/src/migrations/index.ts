/** Committed migrations of the chat schema, in order. */
export const chatMigrations: Function[] = [];
