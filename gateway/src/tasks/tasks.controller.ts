import { Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import {
  CreateTaskSchema,
  TaskSchema,
  TasksContracts,
  UpdateTaskSchema,
  type CreateTask,
  type Task,
  type UpdateTask,
} from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { ZodBody } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';

const actorOf = (a: WorkspaceActor) => ({ userId: a.userId, workspaceId: a.workspaceId });

/** Personal and team tasks (spec 2 §2 Tasks screen, §7). Team changes reach the workspace's sockets as `tasks` frames. */
@Controller('tasks')
@RequireWorkspace()
export class TasksController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @Api({
    summary: "The caller's personal tasks and the workspace's team tasks, newest first",
    response: z.array(TaskSchema),
  })
  list(@Actor() actor: WorkspaceActor): Promise<Task[]> {
    return this.bus.request(TasksContracts.list, { actor: actorOf(actor) });
  }

  @Post()
  @Api({ summary: 'Add a personal or team task', body: CreateTaskSchema, response: TaskSchema })
  create(@Actor() actor: WorkspaceActor, @ZodBody(CreateTaskSchema) body: CreateTask): Promise<Task> {
    return this.bus.request(TasksContracts.create, { actor: actorOf(actor), ...body });
  }

  @Patch(':id')
  @Api({
    summary: 'Tick or untick a task (owner for personal tasks, any member for team tasks)',
    body: UpdateTaskSchema,
    response: TaskSchema,
  })
  update(
    @Actor() actor: WorkspaceActor,
    @Param('id') id: string,
    @ZodBody(UpdateTaskSchema) body: UpdateTask,
  ): Promise<Task> {
    return this.bus.request(TasksContracts.update, { actor: actorOf(actor), taskId: id, completed: body.completed });
  }

  @Delete(':id')
  @Api({ summary: 'Delete a task (same rule as ticking)', response: z.object({ id: z.uuid() }) })
  remove(@Actor() actor: WorkspaceActor, @Param('id') id: string): Promise<{ id: string }> {
    return this.bus.request(TasksContracts.remove, { actor: actorOf(actor), taskId: id });
  }
}
