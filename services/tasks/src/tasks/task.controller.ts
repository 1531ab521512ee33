import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { TasksContracts } from '@teamchat/contracts';
import type { z } from 'zod';
import { TaskService } from './task.service.js';

type Req<K extends keyof typeof TasksContracts> = z.output<(typeof TasksContracts)[K]['request']>;

/** Bus handlers of the tasks service; validation at the boundary, rules in TaskService. */
@Controller()
export class TaskController {
  constructor(private readonly tasks: TaskService) {}

  @OnRequest(TasksContracts.list)
  list(@Payload(new ZodPipe(TasksContracts.list.request)) p: Req<'list'>) {
    return this.tasks.list(p.actor);
  }

  @OnRequest(TasksContracts.create)
  create(@Payload(new ZodPipe(TasksContracts.create.request)) p: Req<'create'>) {
    return this.tasks.create(p.actor, { title: p.title, completed: p.completed, isTeam: p.isTeam });
  }

  @OnRequest(TasksContracts.update)
  update(@Payload(new ZodPipe(TasksContracts.update.request)) p: Req<'update'>) {
    return this.tasks.setCompleted(p.actor, p.taskId, p.completed);
  }

  @OnRequest(TasksContracts.remove)
  remove(@Payload(new ZodPipe(TasksContracts.remove.request)) p: Req<'remove'>) {
    return this.tasks.remove(p.actor, p.taskId);
  }
}
