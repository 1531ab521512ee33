import { z } from 'zod';
import { defineRequest, workspaceWrite } from '../contract.js';
import { withActor } from '../actor.js';
import { CreateTaskSchema, TaskSchema, UpdateTaskSchema } from '../http/tasks.schema.js';

/** Any string: ids that are not uuids simply match no task (TASKS.NOT_FOUND), never a validation error. */
const taskId = z.string().max(8192);

export const TasksContracts = {
  /** The actor's personal tasks plus the team tasks of their current workspace, newest first. */
  list: defineRequest('tasks.task.list', withActor({}), z.array(TaskSchema)),
  /** A personal task belongs to the actor alone; a team task to their current workspace. */
  create: workspaceWrite(defineRequest('tasks.task.create', withActor(CreateTaskSchema.shape), TaskSchema)),
  /** Owner for a personal task, any member for a team task; anything else is TASKS.NOT_FOUND. */
  update: workspaceWrite(
    defineRequest('tasks.task.update', withActor({ taskId, ...UpdateTaskSchema.shape }), TaskSchema),
  ),
  /** Same rule as update. */
  remove: workspaceWrite(defineRequest('tasks.task.remove', withActor({ taskId }), z.object({ id: z.uuid() }))),
} as const;
