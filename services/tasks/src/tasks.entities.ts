import { TaskEntity } from './tasks/task.entity.js';

/** Entities of the tasks schema. */
export const tasksEntities: Function[] = [TaskEntity];
