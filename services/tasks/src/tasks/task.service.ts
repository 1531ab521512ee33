import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DeleteQueryBuilder, Repository, UpdateQueryBuilder } from 'typeorm';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import {
  ErrorCodes,
  RealtimeEvents,
  type Actor,
  type CreateTask,
  type Task,
  type TASK_CHANGES,
} from '@teamchat/contracts';
import { TaskEntity } from './task.entity.js';

type TaskChange = (typeof TASK_CHANGES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A list is a screen, not an export: past this many the oldest are left out. */
export const TASK_LIST_LIMIT = 2000;

export const toTask = (t: TaskEntity): Task => ({
  id: t.id,
  title: t.title,
  completed: t.completed,
  isTeam: t.isTeam,
  createdAt: t.createdAt.toISOString(),
});

@Injectable()
export class TaskService {
  private readonly logger = new Logger(TaskService.name);
  /** Every column under its property name: a row an UPDATE or DELETE returns reads as a `TaskEntity`. */
  private readonly returning: string;

  constructor(
    @InjectRepository(TaskEntity) private readonly tasks: Repository<TaskEntity>,
    private readonly membership: WorkspaceMembership,
    private readonly bus: BusClient,
  ) {
    this.returning = tasks.metadata.columns.map((c) => `"${c.databaseName}" AS "${c.propertyName}"`).join(', ');
  }

  /** The actor's personal tasks plus their workspace's team tasks, newest first. */
  async list(actor: Actor): Promise<Task[]> {
    const { workspaceId } = await this.membership.member(actor);
    const rows = await this.tasks
      .createQueryBuilder('t')
      .where('t.workspaceId = :workspaceId', { workspaceId })
      .andWhere('(t.isTeam = true OR t.createdBy = :userId)', { userId: actor.userId })
      .orderBy('t.createdAt', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .take(TASK_LIST_LIMIT)
      .getMany();
    return rows.map(toTask);
  }

  async create(actor: Actor, input: CreateTask): Promise<Task> {
    const { workspaceId } = await this.membership.member(actor);
    const saved = await this.tasks.save(
      this.tasks.create({
        workspaceId,
        createdBy: actor.userId,
        title: input.title,
        completed: input.completed,
        isTeam: input.isTeam,
      }),
    );
    const task = toTask(saved);
    await this.announce(saved, 'created', task);
    return task;
  }

  async setCompleted(actor: Actor, taskId: string, completed: boolean): Promise<Task> {
    const row = await this.onVisible(actor, taskId, this.tasks.createQueryBuilder().update().set({ completed }));
    const task = toTask(row);
    await this.announce(row, 'updated', task);
    return task;
  }

  async remove(actor: Actor, taskId: string): Promise<{ id: string }> {
    const row = await this.onVisible(actor, taskId, this.tasks.createQueryBuilder().delete());
    await this.announce(row, 'deleted');
    return { id: row.id };
  }

  /**
   * Runs `statement` on the task if it is one of the actor's workspace and a team task or their own, and answers the
   * row as the statement left it; anything else is "not found", never "forbidden". One statement, never a load and a
   * save: a save of a task deleted after it was loaded would insert it again.
   */
  private async onVisible(
    actor: Actor,
    taskId: string,
    statement: UpdateQueryBuilder<TaskEntity> | DeleteQueryBuilder<TaskEntity>,
  ): Promise<TaskEntity> {
    const { workspaceId } = await this.membership.member(actor);
    const result = UUID.test(taskId)
      ? await statement
          .where('"id" = :taskId AND "workspace_id" = :workspaceId', { taskId, workspaceId })
          .andWhere('("is_team" OR "created_by" = :userId)', { userId: actor.userId })
          .returning(this.returning)
          .execute()
      : null;
    const row = (result?.raw as TaskEntity[] | undefined)?.[0];
    if (!row) throw new DomainError(ErrorCodes.taskNotFound, 'Task not found');
    return row;
  }

  /**
   * Team changes go to every socket of the workspace so other members' lists refresh; personal ones only to the
   * owner's other tabs. The change is already committed, so a bus hiccup is logged rather than failing the call.
   */
  private async announce(row: TaskEntity, change: TaskChange, task?: Task): Promise<void> {
    try {
      await this.bus.emit(RealtimeEvents.workspaceBroadcast, {
        workspaceId: row.workspaceId,
        frame: { type: 'tasks', change, taskId: row.id, ...(task ? { task } : {}) },
        ...(row.isTeam ? {} : { userIds: [row.createdBy] }),
      });
    } catch (err) {
      this.logger.warn(`tasks frame for ${row.workspaceId} not sent: ${(err as Error).message}`);
    }
  }
}
