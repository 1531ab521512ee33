// Task calls of spec 2 §7.
import type { Task } from '@teamchat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../../lib/request.js';

export const taskKeys = { all: ['/api/tasks'] as const };

export const tasksQuery = () => queryOptions<Task[]>({ queryKey: taskKeys.all });

export const createTask = (title: string, isTeam: boolean) =>
  apiJson<Task>('POST', '/api/tasks', { title, completed: false, isTeam });
export const setTaskCompleted = (id: string, completed: boolean) =>
  apiJson<Task>('PATCH', `/api/tasks/${id}`, { completed });
export const deleteTask = (id: string) => apiRequest('DELETE', `/api/tasks/${id}`);

/** Spec 2 §3: isTeam missing or false means personal. */
export const isTeamTask = (task: Pick<Task, 'isTeam'>): boolean => task.isTeam === true;
