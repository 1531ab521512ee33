import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusClient, BusUnavailableError, DomainError } from '@teamchat/bus';
import { WorkspaceMembershipModule } from '@teamchat/service-kit';
import { DatabaseModule } from '@teamchat/database';
import {
  ErrorCodes,
  IdentityContracts,
  MediaContracts,
  objectKeyFromUrl,
  objectPathFor,
  type Actor,
  type UploadKind,
} from '@teamchat/contracts';
import { FakeBus } from '@teamchat/testing/fake-bus';
import { FakeWorkspaces } from '@teamchat/testing/fake-workspaces';
import { createTestDatabase, type TestDatabase } from '@teamchat/testing/postgres';
import { chatEntities } from '../src/chat.entities.js';
import { chatMigrations } from '../src/migrations/index.js';
import { ChatFeaturesModule } from '../src/chat-features.module.js';
import { searchServiceProbe } from './search-service.probe.js';

/** What media's checks made of an upload: stored, or refused for its type or size, or never uploaded. */
export type UploadOutcome = 'stored' | 'not-an-image' | 'too-large' | 'missing';

/**
 * The workspace, identity and media services as chat sees them over the bus (they are other services; chat only asks
 * them), answering on a contract-checked fake bus from in-memory state.
 */
export class FakeDirectory {
  readonly usernames = new Map<string, string>();
  readonly uploads = new Map<string, { workspaceId: string; kind: UploadKind; outcome: UploadOutcome }>();
  /** While set, identity's user lookup by name answers as an unreachable service does. */
  identityDown = false;
  /** How many times identity was asked for users by name. */
  nameLookups = 0;
  private readonly workspaces: FakeWorkspaces;

  constructor(readonly bus: FakeBus) {
    this.workspaces = new FakeWorkspaces(bus);
    bus.reply(IdentityContracts.getMany, ({ userIds }) =>
      userIds.flatMap((id) => {
        const username = this.usernames.get(id);
        return username ? [profile(id, username)] : [];
      }),
    );
    bus.reply(IdentityContracts.findByNames, ({ names }) => {
      this.nameLookups++;
      if (this.identityDown) throw new BusUnavailableError();
      const wanted = new Set(names.map((n) => n.toLowerCase()));
      return [...this.usernames]
        .filter(([, username]) => wanted.has(username.toLowerCase()))
        .map(([id, username]) => ({ id, username, handle: null }));
    });
    bus.reply(MediaContracts.verifyUpload, ({ actor, url }) => this.verifyUpload(actor, url));
  }

  /** Write deadlines of workspaces (ISO); absent means paid, writable for good. */
  get writableUntil(): Map<string, string> {
    return this.workspaces.writableUntil;
  }

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
    for (const userId of userIds) this.workspaces.join(id, userId);
    return id;
  }

  join(workspaceId: string, userId: string): void {
    this.workspaces.join(workspaceId, userId);
  }

  leave(workspaceId: string, userId: string): void {
    this.workspaces.leave(workspaceId, userId);
  }

  /** Media's rules: members of the owning workspace only, and only an object that passed its checks. */
  private verifyUpload(actor: Actor, url: string) {
    const key = objectKeyFromUrl(url);
    const upload = key ? this.uploads.get(key) : undefined;
    const readable =
      upload && upload.workspaceId === actor.workspaceId && this.workspaces.isMember(upload.workspaceId, actor.userId);
    if (!key || !upload || !readable || upload.outcome === 'missing')
      throw new DomainError(ErrorCodes.objectNotFound, 'Not found');
    if (upload.outcome === 'not-an-image') throw new DomainError(ErrorCodes.uploadInvalid, 'not an image');
    if (upload.outcome === 'too-large') throw new DomainError(ErrorCodes.uploadTooLarge, 'too large');
    return { key, kind: upload.kind, contentType: 'image/png', size: 128, objectPath: objectPathFor(upload.kind, key) };
  }
}

/** A public profile as identity answers it; chat reads only the username, handle and agent id. */
const profile = (id: string, username: string) => ({
  id,
  username,
  firstName: username,
  lastName: '',
  handle: null,
  aboutMe: null,
  profileImageUrl: null,
  status: '',
  stars: 0,
  agentId: null,
});

export interface ChatHarness {
  app: INestApplicationContext;
  directory: FakeDirectory;
  /** Every request chat made and event it sent; `verify()` after each test. */
  bus: FakeBus;
  db: TestDatabase;
  actor(userId: string, workspaceId: string | null): Actor;
  close(): Promise<void>;
}

export const startChatHarness = async (): Promise<ChatHarness> => {
  const db = await createTestDatabase('chat');
  const bus = new FakeBus();
  const directory = new FakeDirectory(bus);

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
    providers: [searchServiceProbe],
  })
  class HarnessModule {}

  const app = await NestFactory.createApplicationContext(HarnessModule, { logger: false });
  return {
    app,
    directory,
    bus,
    db,
    actor: (userId, workspaceId) => ({ userId, workspaceId }),
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
};
