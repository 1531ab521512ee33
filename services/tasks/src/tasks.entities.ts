/** Entities of the tasks schema. */
export const tasksEntities: Function[] = [];
