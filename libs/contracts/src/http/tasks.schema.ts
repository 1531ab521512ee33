import { z } from 'zod';

export const CreateTaskSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(500, 'Title too long'),
  completed: z.boolean().optional().default(false),
  isTeam: z.boolean().optional().default(false),
});
export type CreateTask = z.infer<typeof CreateTaskSchema>;
export const UpdateTaskSchema = z.object({ completed: z.boolean({ error: 'completed must be true or false' }) });
export const TaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  completed: z.boolean(),
  isTeam: z.boolean(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;
