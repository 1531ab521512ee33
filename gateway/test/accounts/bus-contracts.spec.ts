// The identity and workspace requests other services call, exercised over NATS as another service would.
import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { IdentityContracts, WorkspaceContracts } from '@teamchat/contracts';
import { BusClient, BusModule, DomainError } from '@teamchat/bus';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, joinAsMember, signUp } from './helpers.js';

describe('identity and workspace bus contracts over NATS', () => {
  let stack: TestStack;
  let probe: INestApplicationContext;
  let bus: BusClient;

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'nats' });
    const options = {
      transport: 'nats' as const,
      natsUrl: stack.env.NATS_URL,
      namespace: stack.env.BUS_NAMESPACE,
      requestTimeoutMs: 5000,
    };
    @Module({ imports: [BusModule.forRoot(options)] })
    class Probe {}
    probe = await NestFactory.createApplicationContext(Probe, { logger: false });
    bus = probe.get(BusClient);
  }, 120_000);
  afterAll(async () => {
    await probe?.close();
    await stack?.close();
  });

  const codeOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'resolved';
    } catch (err) {
      return err instanceof DomainError ? err.code : String(err);
    }
  };

  it('workspace.actor.resolve answers the current workspace and role, or nulls', async () => {
    const admin = await adminWithWorkspace(stack.url, 'Bus', '10.40.0.1');
    expect(await bus.request(WorkspaceContracts.resolveActor, { userId: admin.user.id })).toEqual({
      workspaceId: admin.workspace.id,
      role: 'admin',
    });
    const loner = await signUp(stack.url, {}, '10.40.0.1');
    expect(await bus.request(WorkspaceContracts.resolveActor, { userId: loner.user.id })).toEqual({
      workspaceId: null,
      role: null,
    });
  });

  it('workspace.member.get answers the membership or WORKSPACE.MEMBER_NOT_FOUND', async () => {
    const admin = await adminWithWorkspace(stack.url, 'Bus', '10.40.0.2');
    const member = await joinAsMember(stack.url, admin.agent, {}, '10.40.0.2');
    expect(
      await bus.request(WorkspaceContracts.getMember, { workspaceId: admin.workspace.id, userId: member.user.id }),
    ).toEqual({
      workspaceId: admin.workspace.id,
      userId: member.user.id,
      role: 'member',
    });
    expect(
      await codeOf(
        bus.request(WorkspaceContracts.getMember, { workspaceId: admin.workspace.id, userId: randomUUID() }),
      ),
    ).toBe('WORKSPACE.MEMBER_NOT_FOUND');
  });

  it('workspace.member.list answers every member with their role', async () => {
    const admin = await adminWithWorkspace(stack.url, 'Bus', '10.40.0.3');
    const member = await joinAsMember(stack.url, admin.agent, {}, '10.40.0.3');
    expect(await bus.request(WorkspaceContracts.listMembers, { workspaceId: admin.workspace.id })).toEqual([
      { userId: admin.user.id, role: 'admin' },
      { userId: member.user.id, role: 'member' },
    ]);
  });

  it('identity.user.get-many answers public profiles and leaves unknown ids out', async () => {
    const a = await signUp(stack.url, { firstName: 'Pub', lastName: 'Lic' }, '10.40.0.4');
    const profiles = await bus.request(IdentityContracts.getMany, { userIds: [a.user.id, randomUUID()] });
    expect(profiles).toEqual([
      {
        id: a.user.id,
        username: 'pub.lic',
        firstName: 'Pub',
        lastName: 'Lic',
        handle: null,
        aboutMe: null,
        profileImageUrl: null,
        status: 'offline',
        stars: 0,
        agentId: expect.stringMatching(/^[0-9A-F]{6}$/),
      },
    ]);
  });

  it('identity.user.find-by-names finds users by username or handle, case-insensitively, and nobody else', async () => {
    const a = await signUp(stack.url, { firstName: 'Name', lastName: 'Finder' }, '10.40.0.6');
    const handled = await signUp(stack.url, { firstName: 'Handle', lastName: 'Owner' }, '10.40.0.7');
    const set = await handled.agent.patch(`/api/users/${handled.user.id}/handle`).send({ handle: 'Captain_Hook' });
    expect(set.status).toBe(200);
    const found = await bus.request(IdentityContracts.findByNames, {
      names: ['NAME.FINDER', 'captain_hook', 'no.body'],
    });
    expect(found.sort((x, y) => x.username.localeCompare(y.username))).toEqual([
      { id: handled.user.id, username: 'handle.owner', handle: 'Captain_Hook' },
      { id: a.user.id, username: 'name.finder', handle: null },
    ]);
    expect(await bus.request(IdentityContracts.findByNames, { names: [] })).toEqual([]);
  });

  it('identity.user.mark-payment-completed sets paymentCompleted and the provider ids', async () => {
    const { agent, user } = await signUp(stack.url, {}, '10.40.0.5');
    const marked = await bus.request(IdentityContracts.markPaymentCompleted, {
      userId: user.id,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
    });
    expect(marked).toMatchObject({ paymentCompleted: true, stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1' });
    expect((await agent.get('/api/auth/user')).body).toMatchObject({
      paymentCompleted: true,
      stripeSubscriptionId: 'sub_1',
    });
    expect(await codeOf(bus.request(IdentityContracts.markPaymentCompleted, { userId: randomUUID() }))).toBe(
      'IDENTITY.USER_NOT_FOUND',
    );
  });

  it('refuses malformed payloads with VALIDATION.FAILED', async () => {
    expect(await codeOf(bus.request(WorkspaceContracts.resolveActor, { userId: 'nope' }))).toBe('VALIDATION.FAILED');
  });
});
