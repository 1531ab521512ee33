import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { z } from 'zod';
import { defineRequest, withActor, workspaceWrite, type Actor, type RequestContract } from '@teamchat/contracts';
import { DomainError } from './domain-error.js';
import { markWorkspaceWrite, WorkspaceWriteCheck, WorkspaceWriteGuard } from './workspace-write.guard.js';

const post = workspaceWrite(defineRequest('test.thing.post', withActor({ text: z.string() }), z.object({})));
const upload = workspaceWrite(
  defineRequest('test.thing.upload', withActor({ kind: z.string() }), z.object({})),
  (r) => r.kind === 'message',
);
const read = defineRequest('test.thing.read', withActor({}), z.object({}));

/** A handler as `@OnRequest(contract)` marks it, and the context Nest hands the guard for one request. */
const contextFor = (contract: RequestContract, data: unknown): ExecutionContext => {
  class Handlers {
    handle(): void {}
  }
  const descriptor = Object.getOwnPropertyDescriptor(Handlers.prototype, 'handle')!;
  markWorkspaceWrite(contract)(Handlers.prototype, 'handle', descriptor);
  return {
    getHandler: () => Handlers.prototype.handle,
    switchToRpc: () => ({ getData: () => data }),
  } as unknown as ExecutionContext;
};

class ReadOnlyWorkspaces extends WorkspaceWriteCheck {
  readonly asked: Actor[] = [];
  constructor(private readonly readOnly: Set<string>) {
    super();
  }
  requireWritable(actor: Actor & { workspaceId: string }): Promise<void> {
    this.asked.push(actor);
    if (this.readOnly.has(actor.workspaceId))
      return Promise.reject(new DomainError('BILLING.WORKSPACE_READ_ONLY', 'read-only'));
    return Promise.resolve();
  }
}

describe(WorkspaceWriteGuard.name, () => {
  const lapsed = randomUUID();
  const paid = randomUUID();
  const actor = (workspaceId: string | null) => ({ userId: randomUUID(), workspaceId });
  let check: ReadOnlyWorkspaces;
  let guard: WorkspaceWriteGuard;

  beforeEach(() => {
    check = new ReadOnlyWorkspaces(new Set([lapsed]));
    guard = new WorkspaceWriteGuard(new Reflector(), check);
  });

  it('refuses a marked write in a read-only workspace with the check’s error, and lets one elsewhere through', async () => {
    await expect(guard.canActivate(contextFor(post, { actor: actor(lapsed), text: 'hi' }))).rejects.toMatchObject({
      code: 'BILLING.WORKSPACE_READ_ONLY',
    });
    await expect(guard.canActivate(contextFor(post, { actor: actor(paid), text: 'hi' }))).resolves.toBe(true);
    expect(check.asked.map((a) => a.workspaceId)).toEqual([lapsed, paid]);
  });

  it('asks nothing for an unmarked request, or a marked one whose test says it writes nothing', async () => {
    await expect(guard.canActivate(contextFor(read, { actor: actor(lapsed) }))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(upload, { actor: actor(lapsed), kind: 'profile' }))).resolves.toBe(true);
    expect(check.asked).toEqual([]);
    await expect(guard.canActivate(contextFor(upload, { actor: actor(lapsed), kind: 'message' }))).rejects.toThrow(
      'read-only',
    );
  });

  it('leaves a malformed request or one without a workspace to the handler’s own checks', async () => {
    for (const data of [null, 'text', { text: 'no actor' }, { actor: { userId: 'nope' } }, { actor: actor(null) }]) {
      await expect(guard.canActivate(contextFor(post, data))).resolves.toBe(true);
    }
    expect(check.asked).toEqual([]);
  });

  it('fails closed when no service kit provided the check', async () => {
    const bare = new WorkspaceWriteGuard(new Reflector());
    await expect(bare.canActivate(contextFor(post, { actor: actor(paid), text: 'hi' }))).rejects.toThrow(
      'WorkspaceWriteCheck',
    );
  });
});
