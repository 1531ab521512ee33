import { z } from 'zod';

export const TASK_TITLE_MAX = 500;
export const TASK_TITLE_REQUIRED = 'Title is required';
export const TASK_TITLE_TOO_LONG = 'Title too long';

/** `POST /api/tasks`: the title is trimmed; the tab the user is on decides `isTeam` (spec 2 §4). */
export const CreateTaskSchema = z.object({
  title: z
    .string({ error: TASK_TITLE_REQUIRED })
    .trim()
    .min(1, TASK_TITLE_REQUIRED)
    .max(TASK_TITLE_MAX, TASK_TITLE_TOO_LONG),
  completed: z.boolean({ error: 'completed must be true or false' }).optional().default(false),
  isTeam: z.boolean({ error: 'isTeam must be true or false' }).optional().default(false),
});
export type CreateTask = z.infer<typeof CreateTaskSchema>;

/** `PATCH /api/tasks/{id}`: toggling the checkbox. */
export const UpdateTaskSchema = z.object({ completed: z.boolean({ error: 'completed must be true or false' }) });
export type UpdateTask = z.infer<typeof UpdateTaskSchema>;

export const TaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  completed: z.boolean(),
  isTeam: z.boolean(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;
