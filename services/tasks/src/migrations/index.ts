import { TasksInit1732300000000 } from './1732300000000-init.js';

/** Committed migrations of the tasks schema, in order. */
export const tasksMigrations: Function[] = [TasksInit1732300000000];
