import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { busMembershipSource, WorkspaceMembership } from '@teamchat/service-kit';
import { ErrorCodes, RealtimeEvents, type Actor } from '@teamchat/contracts';
import { openDataSource } from '@teamchat/database';
import { FakeBus, FakeWorkspaces } from '@teamchat/test-fakes';
import { createTestDatabase, type TestDatabase } from '@teamchat/testing/postgres';
import { tasksEntities } from '../tasks.entities.js';
import { tasksMigrations } from '../migrations/index.js';
import { TaskEntity } from './task.entity.js';
import { TaskService } from './task.service.js';
import { tasksMembershipErrors } from './task.errors.js';

describe(TaskService.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let bus: FakeBus;
  let workspaces: FakeWorkspaces;
  let service: TaskService;
  const workspaceA = randomUUID();
  const workspaceB = randomUUID();
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;

  beforeAll(async () => {
    db = await createTestDatabase('tasks');
    ds = await openDataSource({
      schema: 'tasks',
      url: db.url,
      entities: tasksEntities,
      migrations: tasksMigrations,
      poolSize: 2,
    });
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  beforeEach(async () => {
    await ds.getRepository(TaskEntity).clear();
    bus = new FakeBus();
    workspaces = new FakeWorkspaces(bus);
    service = new TaskService(
      ds.getRepository(TaskEntity),
      new WorkspaceMembership(busMembershipSource(bus), { errors: tasksMembershipErrors }),
      bus.client,
    );
    alice = workspaces.join(workspaceA, randomUUID());
    bob = workspaces.join(workspaceA, randomUUID());
    carol = workspaces.join(workspaceB, randomUUID());
  });

  afterEach(() => bus.verify());

  describe('create', () => {
    it('stores a personal task that is not completed by default', async () => {
      const task = await service.create(alice, { title: 'Write the report', completed: false, isTeam: false });
      expect(task).toEqual({
        id: expect.any(String),
        title: 'Write the report',
        completed: false,
        isTeam: false,
        createdAt: expect.any(String),
      });
      expect(new Date(task.createdAt).toISOString()).toBe(task.createdAt);
    });

    it('refuses a caller without a workspace with "No active workspace"', async () => {
      await expect(
        service.create({ userId: alice.userId, workspaceId: null }, { title: 'x', completed: false, isTeam: false }),
      ).rejects.toMatchObject({
        code: ErrorCodes.noWorkspace,
        message: 'No active workspace',
      });
    });

    it('refuses a caller who is no longer a member of the workspace', async () => {
      workspaces.leave(workspaceA, bob.userId);
      await expect(service.create(bob, { title: 'x', completed: false, isTeam: true })).rejects.toMatchObject({
        code: ErrorCodes.memberNotFound,
      });
    });

    it('pushes a tasks frame to the whole workspace for a team task', async () => {
      const task = await service.create(alice, { title: 'Ship it', completed: false, isTeam: true });
      expect(bus.events).toEqual([
        {
          subject: RealtimeEvents.workspaceBroadcast.subject,
          payload: { workspaceId: workspaceA, frame: { type: 'tasks', change: 'created', taskId: task.id, task } },
        },
      ]);
      expect(RealtimeEvents.workspaceBroadcast.payload.safeParse(bus.events[0].payload).success).toBe(true);
    });

    it('pushes a personal task change only to its owner', async () => {
      const task = await service.create(alice, { title: 'Mine', completed: false, isTeam: false });
      expect(bus.events[0].payload).toEqual({
        workspaceId: workspaceA,
        userIds: [alice.userId],
        frame: { type: 'tasks', change: 'created', taskId: task.id, task },
      });
    });

    it('still answers when the frame cannot be sent', async () => {
      bus.failNextEmit(RealtimeEvents.workspaceBroadcast, new Error('bus down'));
      await expect(service.create(alice, { title: 'Ship it', completed: false, isTeam: true })).resolves.toMatchObject({
        title: 'Ship it',
      });
    });
  });

  describe('list', () => {
    it("gives the caller's personal tasks and the workspace's team tasks, newest first", async () => {
      const mine = await service.create(alice, { title: 'mine', completed: false, isTeam: false });
      const team = await service.create(bob, { title: 'team', completed: false, isTeam: true });
      await service.create(bob, { title: "bob's own", completed: false, isTeam: false });
      await service.create(carol, { title: 'other workspace team', completed: false, isTeam: true });
      const list = await service.list(alice);
      expect(list.map((t) => t.id)).toEqual([team.id, mine.id]);
    });

    it('keeps personal tasks to the workspace they were made in', async () => {
      await service.create(alice, { title: 'in A', completed: false, isTeam: false });
      const aliceInB = workspaces.join(workspaceB, alice.userId);
      expect(await service.list(aliceInB)).toEqual([]);
    });
  });

  describe('setCompleted', () => {
    it('lets the owner tick a personal task', async () => {
      const task = await service.create(alice, { title: 'mine', completed: false, isTeam: false });
      await expect(service.setCompleted(alice, task.id, true)).resolves.toMatchObject({ id: task.id, completed: true });
      expect((await service.list(alice))[0].completed).toBe(true);
    });

    it("answers not found for another user's personal task", async () => {
      const task = await service.create(alice, { title: 'mine', completed: false, isTeam: false });
      await expect(service.setCompleted(bob, task.id, true)).rejects.toMatchObject({
        code: ErrorCodes.taskNotFound,
        message: 'Task not found',
      });
    });

    it('lets any member tick a team task and tells the workspace', async () => {
      const task = await service.create(alice, { title: 'team', completed: false, isTeam: true });
      bus.clear();
      await expect(service.setCompleted(bob, task.id, true)).resolves.toMatchObject({ completed: true });
      expect(bus.events[0].payload).toMatchObject({
        workspaceId: workspaceA,
        frame: { type: 'tasks', change: 'updated', taskId: task.id },
      });
    });

    it("answers not found for another workspace's team task and for ids that are not uuids", async () => {
      const task = await service.create(carol, { title: 'B team', completed: false, isTeam: true });
      await expect(service.setCompleted(alice, task.id, true)).rejects.toMatchObject({ code: ErrorCodes.taskNotFound });
      await expect(service.setCompleted(alice, 'not-a-uuid', true)).rejects.toMatchObject({
        code: ErrorCodes.taskNotFound,
      });
      await expect(service.setCompleted(alice, randomUUID(), true)).rejects.toMatchObject({
        code: ErrorCodes.taskNotFound,
      });
    });
  });

  describe('remove', () => {
    it('lets any member delete a team task and tells the workspace', async () => {
      const task = await service.create(alice, { title: 'team', completed: false, isTeam: true });
      bus.clear();
      await expect(service.remove(bob, task.id)).resolves.toEqual({ id: task.id });
      expect(await service.list(alice)).toEqual([]);
      expect(bus.events[0].payload).toEqual({
        workspaceId: workspaceA,
        frame: { type: 'tasks', change: 'deleted', taskId: task.id },
      });
    });

    it("answers not found for another user's personal task and leaves it in place", async () => {
      const task = await service.create(alice, { title: 'mine', completed: false, isTeam: false });
      await expect(service.remove(bob, task.id)).rejects.toMatchObject({ code: ErrorCodes.taskNotFound });
      expect(await service.list(alice)).toHaveLength(1);
    });

    it('answers not found to the second of two deletes of one task', async () => {
      const task = await service.create(alice, { title: 'team', completed: false, isTeam: true });
      await service.remove(bob, task.id);
      await expect(service.remove(alice, task.id)).rejects.toMatchObject({
        code: ErrorCodes.taskNotFound,
        message: 'Task not found',
      });
    });
  });

  describe('setCompleted and remove of one task at once', () => {
    it('never brings the deleted task back: each call succeeds or answers "Task not found", one delete wins', async () => {
      for (let round = 0; round < 5; round++) {
        const task = await service.create(alice, { title: `race ${round}`, completed: false, isTeam: true });
        const ticks = Array.from({ length: 5 }, () => service.setCompleted(bob, task.id, true));
        const deletes = Array.from({ length: 5 }, () => service.remove(alice, task.id));
        const outcomes = await Promise.allSettled([...ticks, ...deletes]);
        expect(await ds.getRepository(TaskEntity).countBy({ id: task.id })).toBe(0);
        expect(await service.list(alice)).toEqual([]);
        for (const outcome of outcomes)
          if (outcome.status === 'rejected')
            expect(outcome.reason).toMatchObject({ code: ErrorCodes.taskNotFound, message: 'Task not found' });
        expect(outcomes.slice(5).filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      }
    });
  });
});
