// Two replicas of a service built by defineService, on a real bus (in-process broker, then NATS), with a stand-in
// workspace service: memberships are cached per replica and dropped on every replica by the workspace events.
import 'reflect-metadata';
import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Controller, Injectable, Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { parseEnv } from '@teamchat/config';
import { ErrorCodes, WorkspaceContracts, WorkspaceEvents, type Actor, type WorkspaceRole } from '@teamchat/contracts';
import { createTestDatabase, waitFor, type TestDatabase } from '@teamchat/testing';
import { BusClient, BusModule, DomainError, InProcessBroker, OnRequest, type BusOptions } from '@teamchat/bus';
import { bootService, defineService, startService, WorkspaceMembership } from '../src/index.js';

/** The workspace service as the replicas see it: memberships it answers, and how often it was asked. */
const directory = new Map<string, WorkspaceRole>();
let asks = 0;
let rosterAsks = 0;

@Controller()
class WorkspaceStub {
  @OnRequest(WorkspaceContracts.getMember)
  getMember(@Payload() body: { workspaceId: string; userId: string }) {
    asks++;
    const role = directory.get(`${body.workspaceId}:${body.userId}`);
    if (!role) throw new DomainError(ErrorCodes.memberNotFound, 'User not found in this workspace');
    return { ...body, role };
  }

  /** A workspace's members, as many as asked for: the roster a replica loads at its first check there. */
  @OnRequest(WorkspaceContracts.listMembers)
  listMembers(@Payload() body: { workspaceId: string; limit?: number }) {
    rosterAsks++;
    const members = [...directory]
      .filter(([key]) => key.startsWith(`${body.workspaceId}:`))
      .map(([key, role]) => ({ userId: key.slice(body.workspaceId.length + 1), role }));
    return members.slice(0, body.limit ?? members.length);
  }
}

@Module({ controllers: [WorkspaceStub] })
class WorkspaceStubModule {}

@Injectable()
class Publisher {
  constructor(readonly bus: BusClient) {}
}

/** Any service assembled by defineService gets the shared check; this one has no features of its own. */
const probeService = defineService({ name: 'tasks', entities: [], migrations: [], features: () => [] });

const rejection = async (promise: Promise<unknown>): Promise<DomainError> => {
  try {
    await promise;
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('expected a refusal');
};

describe.each(['inprocess', 'nats'] as const)('WorkspaceMembership across replicas over %s', (transport) => {
  const bus: BusOptions = {
    transport,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    requestTimeoutMs: 3000,
    namespace: `m${process.pid}x${Date.now().toString(36)}.`,
  };
  const broker = new InProcessBroker();
  const apps: INestMicroservice[] = [];
  let db: TestDatabase;
  let publisher: INestApplicationContext;
  let replicas: WorkspaceMembership[];

  /** Emits a membership event for the actor and resolves once every replica has handled it. */
  const announce = async (contract: typeof WorkspaceEvents.memberRemoved, actor: Actor, role: WorkspaceRole) => {
    const handler = contract === WorkspaceEvents.memberAdded ? 'joined' : 'forget';
    const spies = replicas.map((r) => jest.spyOn(r, handler));
    try {
      await publisher
        .get(Publisher)
        .bus.emit(contract, { workspaceId: actor.workspaceId!, userId: actor.userId, role });
      await waitFor(() => spies.every((s) => s.mock.calls.length === 1));
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
  };

  const join = (role: WorkspaceRole = 'member', workspaceId: string = randomUUID()): Actor => {
    const actor = { userId: randomUUID(), workspaceId };
    directory.set(`${actor.workspaceId}:${actor.userId}`, role);
    return actor;
  };

  beforeAll(async () => {
    db = await createTestDatabase('membership');
    const env = parseEnv(process.env, {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      LOG_LEVEL: 'silent',
      DB_POOL_SIZE: '2',
    });
    apps.push(await startService(WorkspaceStubModule, { name: 'workspace', bus, broker, logger: false }));
    for (let i = 0; i < 2; i++) {
      apps.push(await bootService(probeService, { env, databaseUrl: db.url, bus, broker, logger: false }));
    }
    replicas = apps.slice(1).map((app) => app.get(WorkspaceMembership));
    @Module({ imports: [BusModule.forRoot(bus, broker)], providers: [Publisher] })
    class PublisherModule {}
    publisher = await NestFactory.createApplicationContext(PublisherModule, { logger: false });
  });

  afterAll(async () => {
    await publisher?.close();
    for (const app of apps.reverse()) await app.close();
    await db?.drop();
  });

  beforeEach(() => {
    asks = 0;
    rosterAsks = 0;
  });

  it('asks the workspace service once per replica, then answers from its cache', async () => {
    const actor = join();
    const teammate = join('admin', actor.workspaceId!);
    const [a, b] = replicas;
    await expect(a.member(actor)).resolves.toEqual({ ...actor, role: 'member' });
    await expect(a.member(actor)).resolves.toEqual({ ...actor, role: 'member' });
    await expect(a.isMember(actor.workspaceId!, actor.userId)).resolves.toBe(true);
    // the first check loaded the workspace's roster: the teammate's first check asks nothing
    await expect(a.requireAdmin(teammate)).resolves.toEqual({ ...teammate, role: 'admin' });
    expect([rosterAsks, asks]).toEqual([1, 0]);
    // concurrent first checks on the other replica share one question
    await Promise.all([b.member(actor), b.member(actor), b.member(teammate)]);
    expect([rosterAsks, asks]).toEqual([2, 0]);
  });

  it('drops a removed member on every replica with one removal event', async () => {
    const actor = join();
    for (const replica of replicas) await replica.member(actor);
    expect([rosterAsks, asks]).toEqual([2, 0]);
    directory.delete(`${actor.workspaceId}:${actor.userId}`);
    await announce(WorkspaceEvents.memberRemoved, actor, 'member');
    for (const replica of replicas) {
      expect(await rejection(replica.member(actor))).toMatchObject({
        code: ErrorCodes.workspaceNotFound,
        message: 'Workspace not found',
      });
    }
    expect([rosterAsks, asks]).toEqual([2, 2]);
  });

  it('loads the roster again on every replica after someone joins the workspace', async () => {
    const actor = join();
    for (const replica of replicas) await replica.member(actor);
    const newcomer = join('member', actor.workspaceId!);
    await announce(WorkspaceEvents.memberAdded, newcomer, 'member');
    for (const replica of replicas) {
      await expect(replica.member(newcomer)).resolves.toEqual({ ...newcomer, role: 'member' });
      await expect(replica.member(actor)).resolves.toEqual({ ...actor, role: 'member' });
    }
    expect([rosterAsks, asks]).toEqual([4, 0]);
  });

  it('changes the cached role on every replica when an admin is demoted', async () => {
    const actor = join('admin');
    for (const replica of replicas) await expect(replica.requireAdmin(actor)).resolves.toMatchObject({ role: 'admin' });
    directory.set(`${actor.workspaceId}:${actor.userId}`, 'member');
    await announce(WorkspaceEvents.memberRoleChanged, actor, 'member');
    for (const replica of replicas) {
      expect(await rejection(replica.requireAdmin(actor))).toMatchObject({ code: ErrorCodes.notAdmin });
      await expect(replica.member(actor)).resolves.toEqual({ ...actor, role: 'member' });
    }
  });

  it('never caches a refusal: a member added after one is accepted at once', async () => {
    const actor = { userId: randomUUID(), workspaceId: randomUUID() };
    const [a] = replicas;
    expect(await rejection(a.member(actor))).toMatchObject({ code: ErrorCodes.workspaceNotFound });
    directory.set(`${actor.workspaceId}:${actor.userId}`, 'member');
    await expect(a.member(actor)).resolves.toEqual({ ...actor, role: 'member' });
    // the (empty) roster is loaded once; the refusal and the acceptance are each asked alone
    expect([rosterAsks, asks]).toEqual([1, 2]);
  });

  it('refuses an actor without a workspace without asking', async () => {
    expect(await rejection(replicas[0].member({ userId: randomUUID(), workspaceId: null }))).toMatchObject({
      code: ErrorCodes.noWorkspace,
      message: 'No active workspace',
    });
    expect([rosterAsks, asks]).toEqual([0, 0]);
  });
});
