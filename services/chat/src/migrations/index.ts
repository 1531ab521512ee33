import { ChatInit1732100000000 } from './1732100000000-init.js';
import { ChatSearchPlanning1735000000000 } from './1735000000000-search-planning.js';

/** Committed migrations of the chat schema, in order. */
export const chatMigrations: Function[] = [ChatInit1732100000000, ChatSearchPlanning1735000000000];
