// Task calls of spec 2 §7.
import { Routes, type Task } from '@teamchat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi, type RouteResult } from '../../lib/api-client.js';

export const taskKeys = { all: ['/api/tasks'] as const };

export const tasksQuery = () => queryOptions<RouteResult<typeof Routes.listTasks>>({ queryKey: taskKeys.all });

export const createTask = (title: string, isTeam: boolean) =>
  callApi(Routes.createTask, { body: { title, completed: false, isTeam } });
export const setTaskCompleted = (id: string, completed: boolean) =>
  callApi(Routes.updateTask, { params: { taskId: id }, body: { completed } });
export const deleteTask = (id: string) => callApi(Routes.deleteTask, { params: { taskId: id } });

/** Spec 2 §3: isTeam missing or false means personal. */
export const isTeamTask = (task: Pick<Task, 'isTeam'>): boolean => task.isTeam === true;
