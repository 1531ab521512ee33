import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusClient, DomainError, WorkspaceMembershipModule } from '@teamchat/bus';
import { DatabaseModule } from '@teamchat/database';
import {
  ErrorCodes,
  IdentityContracts,
  MediaContracts,
  objectKeyFromUrl,
  objectPathFor,
  WorkspaceContracts,
  type Actor,
  type RequestContract,
  type UploadKind,
} from '@teamchat/contracts';
import { createTestDatabase, type TestDatabase } from '@teamchat/testing';
import { chatEntities } from '../src/chat.entities.js';
import { chatMigrations } from '../src/migrations/index.js';
import { ChatFeaturesModule } from '../src/chat-features.module.js';

/** What media's checks made of an upload: stored, or refused for its type or size, or never uploaded. */
export type UploadOutcome = 'stored' | 'not-an-image' | 'too-large' | 'missing';

/**
 * The chat service's modules on a fresh database of the machine's PostgreSQL, with the workspace, identity and media
 * services played by an in-memory directory (they are other services; chat only asks them over the bus).
 */
export class FakeDirectory {
  readonly members = new Map<string, Set<string>>();
  readonly usernames = new Map<string, string>();
  readonly uploads = new Map<string, { workspaceId: string; kind: UploadKind; outcome: UploadOutcome }>();
  /** Write deadlines of workspaces (ISO); absent means paid, writable for good. */
  readonly writableUntil = new Map<string, string>();
  calls: string[] = [];

  /** An upload handed out under the workspace; answers the address the gateway serves it at. */
  upload(workspaceId: string, kind: UploadKind, outcome: UploadOutcome = 'stored'): string {
    const key = `w/${workspaceId}/${randomUUID()}.png`;
    this.uploads.set(key, { workspaceId, kind, outcome });
    return objectPathFor(kind, key);
  }

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
    if (subject === WorkspaceContracts.entitlement.subject) {
      const { workspaceId } = payload as { workspaceId: string };
      return { workspaceId, writableUntil: this.writableUntil.get(workspaceId) ?? null };
    }
    if (subject === IdentityContracts.getMany.subject) {
      return (payload.userIds as string[])
        .filter((id) => this.usernames.has(id))
        .map((id) => ({ id, username: this.usernames.get(id)!, agentId: null }));
    }
    if (subject === IdentityContracts.findByNames.subject) {
      const names = new Set((payload.names as string[]).map((n) => n.toLowerCase()));
      return [...this.usernames]
        .filter(([, username]) => names.has(username.toLowerCase()))
        .map(([id, username]) => ({ id, username, handle: null }));
    }
    if (subject === MediaContracts.verifyUpload.subject) {
      // media's rules: members of the owning workspace only, and only an object that passed its checks
      const { actor, url } = payload as { actor: Actor; url: string };
      const key = objectKeyFromUrl(url);
      const upload = key ? this.uploads.get(key) : undefined;
      const readable =
        upload && upload.workspaceId === actor.workspaceId && this.members.get(upload.workspaceId)?.has(actor.userId);
      if (!key || !upload || !readable || upload.outcome === 'missing')
        throw new DomainError(ErrorCodes.objectNotFound, 'Not found');
      if (upload.outcome === 'not-an-image') throw new DomainError(ErrorCodes.uploadInvalid, 'not an image');
      if (upload.outcome === 'too-large') throw new DomainError(ErrorCodes.uploadTooLarge, 'too large');
      return {
        key,
        kind: upload.kind,
        contentType: 'image/png',
        size: 128,
        objectPath: objectPathFor(upload.kind, key),
      };
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
      WorkspaceMembershipModule.forRoot(),
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
