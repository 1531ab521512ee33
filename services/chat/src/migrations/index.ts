import { ChatInit1732100000000 } from './1732100000000-init.js';

/** Committed migrations of the chat schema, in order. */
export const chatMigrations: Function[] = [ChatInit1732100000000];
