import 'reflect-metadata';
import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
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
import { FakeBus, FakeWorkspaces } from '@teamchat/test-fakes';
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

/** Three members of a new workspace, and the actor of each. */
export const newTeam = (h: ChatHarness) => {
  const alice = h.directory.user(`alice${Math.random().toString(36).slice(2, 6)}`);
  const bob = h.directory.user(`bob${Math.random().toString(36).slice(2, 6)}`);
  const carol = h.directory.user(`carol${Math.random().toString(36).slice(2, 6)}`);
  const ws = h.directory.workspace(alice, bob, carol);
  return { ws, alice, bob, carol, as: (u: string) => h.actor(u, ws) };
};

/** `count` messages by `userId` in the day before now, one a second: bulk rows, as an import would leave them. */
export const writeHistory = (h: ChatHarness, workspaceId: string, channelId: string, userId: string, count: number) =>
  h.app.get(DataSource).query(
    `INSERT INTO "chat"."message" ("workspace_id", "channel_id", "user_id", "content", "created_at")
     SELECT $1, $2, $3, 'history ' || i, now() - interval '1 day' + i * interval '1 second'
     FROM generate_series(1, $4::int) i`,
    [workspaceId, channelId, userId, count],
  );

/** The DomainError a promise rejects with (any other outcome fails the test). */
export const rejection = async (p: Promise<unknown>): Promise<DomainError> => {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
};

/**
 * The statements sent through the data source's query runners (a search runs its own), how many runners, and how
 * many statements were still running on a runner when it was released (its connection handed back to the pool).
 */
export const recordStatements = (db: DataSource) => {
  const sql: string[] = [];
  const params: (unknown[] | undefined)[] = [];
  // prepared statements the runner's own connection ran (by name), beside the runner's statements
  const prepared: string[] = [];
  let runners = 0;
  let runningAtRelease = 0;
  const createQueryRunner = db.createQueryRunner.bind(db);
  const spy = jest.spyOn(db, 'createQueryRunner').mockImplementation((mode) => {
    runners++;
    const runner = createQueryRunner(mode);
    const query = runner.query.bind(runner);
    const release = runner.release.bind(runner);
    const connect = runner.connect.bind(runner);
    let unwrap = () => undefined as void;
    runner.connect = async () => {
      const connection = (await connect()) as { query: (...args: unknown[]) => Promise<unknown> };
      // the runner's every query connects again (and gets the same connection): it is wrapped once
      if (connection.query.name === 'recorded') return connection;
      const direct = connection.query;
      connection.query = function recorded(...args: unknown[]) {
        const config = args[0] as { name?: string };
        if (typeof config === 'object' && config.name) prepared.push(config.name);
        return direct.apply(connection, args);
      };
      // the pooled connection goes back to the pool as it came
      unwrap = () => void (connection.query = direct);
      return connection;
    };
    let running = 0;
    runner.query = ((text: string, values?: unknown[]) => {
      sql.push(text);
      params.push(values);
      running++;
      return query(text, values).finally(() => running--);
    }) as typeof runner.query;
    runner.release = () => {
      runningAtRelease += running;
      unwrap();
      return release();
    };
    return runner;
  });
  return {
    sql,
    params,
    prepared,
    runners: () => runners,
    runningAtRelease: () => runningAtRelease,
    restore: () => spy.mockRestore(),
  };
};
