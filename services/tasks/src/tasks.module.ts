import { defineService } from '@teamchat/service-kit';
import { tasksEntities } from './tasks.entities.js';
import { tasksMigrations } from './migrations/index.js';
import { TaskModule } from './tasks/task.module.js';
import { tasksMembershipErrors } from './tasks/task.errors.js';

/** The tasks service: its schema, its features and its health ping (see defineService). */
export const tasksService = defineService({
  name: 'tasks',
  entities: tasksEntities,
  migrations: tasksMigrations,
  features: () => [TaskModule],
  membership: { errors: tasksMembershipErrors },
});
