import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusClient, DomainError } from '@teamchat/bus';
import { DatabaseModule } from '@teamchat/database';
import {
  ErrorCodes,
  IdentityContracts,
  WorkspaceContracts,
  type Actor,
  type RequestContract,
} from '@teamchat/contracts';
import { createTestDatabase, type TestDatabase } from '@teamchat/testing';
import { chatEntities } from '../src/chat.entities.js';
import { chatMigrations } from '../src/migrations/index.js';
import { ChatFeaturesModule } from '../src/chat-features.module.js';

/**
 * The chat service's modules on a fresh database of the machine's PostgreSQL, with the workspace and identity
 * services played by an in-memory directory (they are other services; chat only asks them over the bus).
 */
export class FakeDirectory {
  readonly members = new Map<string, Set<string>>();
  readonly usernames = new Map<string, string>();
  calls: string[] = [];

  user(username: string): string {
    const id = randomUUID();
    this.usernames.set(id, username);
    return id;
  }

  workspace(...userIds: string[]): string {
    const id = randomUUID();
    this.members.set(id, new Set(userIds));
    return id;
  }

  join(workspaceId: string, userId: string): void {
    this.members.get(workspaceId)!.add(userId);
  }

  leave(workspaceId: string, userId: string): void {
    this.members.get(workspaceId)!.delete(userId);
  }

  /** What BusClient.request would answer. */
  answer(subject: string, payload: Record<string, unknown>): unknown {
    this.calls.push(subject);
    if (subject === WorkspaceContracts.getMember.subject) {
      const { workspaceId, userId } = payload as { workspaceId: string; userId: string };
      if (!this.members.get(workspaceId)?.has(userId))
        throw new DomainError(ErrorCodes.memberNotFound, 'Member not found');
      return { workspaceId, userId, role: 'member' };
    }
    if (subject === IdentityContracts.getMany.subject) {
      return (payload.userIds as string[])
        .filter((id) => this.usernames.has(id))
        .map((id) => ({ id, username: this.usernames.get(id)!, agentId: null }));
    }
    throw new Error(`unexpected bus request ${subject}`);
  }
}

export interface ChatHarness {
  app: INestApplicationContext;
  directory: FakeDirectory;
  db: TestDatabase;
  actor(userId: string, workspaceId: string | null): Actor;
  close(): Promise<void>;
}

export const startChatHarness = async (): Promise<ChatHarness> => {
  const db = await createTestDatabase('chat');
  const directory = new FakeDirectory();
  const bus = {
    request: (contract: RequestContract, payload: Record<string, unknown>) =>
      Promise.resolve().then(() => directory.answer(contract.subject, payload)),
    emit: () => Promise.resolve(),
  };

  @Global()
  @Module({ providers: [{ provide: BusClient, useValue: bus }], exports: [BusClient] })
  class FakeBusModule {}

  @Module({
    imports: [
      FakeBusModule,
      DatabaseModule.forService({
        schema: 'chat',
        url: db.url,
        entities: chatEntities,
        migrations: chatMigrations,
        poolSize: 3,
      }),
      ChatFeaturesModule,
    ],
  })
  class HarnessModule {}

  const app = await NestFactory.createApplicationContext(HarnessModule, { logger: false });
  return {
    app,
    directory,
    db,
    actor: (userId, workspaceId) => ({ userId, workspaceId }),
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
};
