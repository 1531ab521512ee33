// The workspace service's modules on a fresh database of the machine's PostgreSQL, with identity and media (the
// services it asks) played by in-memory stand-ins on a contract-checked fake bus, which also records the events it
// publishes through its outbox and the live frames it sends.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BusClient, DEFAULT_EVENT_DELIVERY, DomainError } from '@teamchat/bus';
import {
  EVENT_PUBLISHER,
  Inbox,
  Outbox,
  OUTBOX_OPTIONS,
  WorkspaceMembershipModule,
  type OutboxOptions,
} from '@teamchat/service-kit';
import {
  ErrorCodes,
  IdentityContracts,
  MediaContracts,
  objectKeyFromUrl,
  objectPathFor,
  WorkspaceEvents,
  type RegisterUser,
  type UploadKind,
} from '@teamchat/contracts';
import { DatabaseModule } from '@teamchat/database';
import { FakeBus } from '@teamchat/test-fakes';
import { createTestDatabase, type TestDatabase } from '@teamchat/testing/postgres';
import { workspaceEntities } from '../src/workspace.entities.js';
import { workspaceMigrations } from '../src/migrations/index.js';
import { WorkspaceDomainModule } from '../src/workspace-domain.module.js';
import { membershipTableSource } from '../src/members/membership.source.js';
import { WorkspaceService } from '../src/workspaces/workspace.service.js';
import { MemberService } from '../src/members/member.service.js';
import { InviteService } from '../src/invites/invite.service.js';
import { MembershipEntity } from '../src/members/membership.entity.js';

export const PASSWORD = 'correct horse battery staple';

interface Account {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Identity (accounts) and media (stored images) as the workspace service sees them over the bus. */
export class FakePeers {
  /** Accounts by email. */
  readonly accounts = new Map<string, Account>();
  /** Stored objects by key, with the kind they were uploaded as. */
  readonly uploads = new Map<string, UploadKind>();

  constructor(bus: FakeBus) {
    bus.reply(IdentityContracts.register, (input) => identityUser(this.register(input)));
    bus.reply(IdentityContracts.authenticate, ({ email, password }) => {
      const account = this.accounts.get(email);
      if (account?.password !== password)
        throw new DomainError(ErrorCodes.invalidCredentials, 'Invalid email or password.');
      return { userId: account.id };
    });
    bus.reply(IdentityContracts.getMany, ({ userIds }) =>
      [...this.accounts.values()].filter((a) => userIds.includes(a.id)).map(profile),
    );
    bus.reply(MediaContracts.verifyUpload, ({ url }) => {
      const key = objectKeyFromUrl(url);
      const kind = key ? this.uploads.get(key) : undefined;
      if (!key || !kind) throw new DomainError(ErrorCodes.objectNotFound, 'Not found');
      return { key, kind, contentType: 'image/png', size: 128, objectPath: objectPathFor(kind, key) };
    });
  }

  /** An existing account (as if signed up before); answers its user id. */
  account(email: string, names: { firstName: string; lastName: string } = { firstName: 'Ada', lastName: 'Lovelace' }) {
    return this.register({ email, password: PASSWORD, ...names }).id;
  }

  /** An image media stored under `owner` (`ImageOwners.user(id)` or `.workspace(id)`); answers its served address. */
  upload(owner: string, kind: UploadKind = 'logo'): string {
    const key = `${owner}/${randomUUID()}.png`;
    this.uploads.set(key, kind);
    return objectPathFor(kind, key);
  }

  private register(input: Pick<RegisterUser, 'email' | 'password' | 'firstName' | 'lastName'>): Account {
    if (this.accounts.has(input.email))
      throw new DomainError(ErrorCodes.emailTaken, 'An account with this email already exists');
    const account = { id: randomUUID(), ...input };
    this.accounts.set(input.email, account);
    return account;
  }
}

const username = (a: Account) => a.email.split('@')[0];

const profile = (a: Account) => ({
  id: a.id,
  username: username(a),
  firstName: a.firstName,
  lastName: a.lastName,
  handle: null,
  aboutMe: null,
  profileImageUrl: null,
  status: '',
  stars: 0,
  agentId: null,
});

const identityUser = (a: Account) => {
  const now = new Date().toISOString();
  return {
    ...profile(a),
    email: a.email,
    companySize: null,
    paymentCompleted: false,
    onboardingCompleted: false,
    stripeSubscriptionId: null,
    stripeCustomerId: null,
    createdAt: now,
    updatedAt: now,
  };
};

/** An actor whose current workspace is known (an `Actor` with a workspace). */
export interface InWorkspace {
  userId: string;
  workspaceId: string;
}

export interface WorkspaceHarness {
  app: INestApplicationContext;
  bus: FakeBus;
  peers: FakePeers;
  workspaces: WorkspaceService;
  members: MemberService;
  invites: InviteService;
  dataSource: DataSource;
  /** A user (new unless given) creating a workspace, of which they are the admin; answers them as its actor. */
  founder(name?: string, userId?: string): Promise<InWorkspace>;
  /** Adds `userId` to the workspace without an invite (a fixture; seats are not checked). */
  join(workspaceId: string, userId?: string, role?: MembershipEntity['role']): Promise<InWorkspace>;
  close(): Promise<void>;
}

export const startWorkspaceHarness = async (): Promise<WorkspaceHarness> => {
  const db: TestDatabase = await createTestDatabase('workspace');
  const bus = new FakeBus();
  const peers = new FakePeers(bus);

  // the bus, and the durable-events seam of `defineService` with the outbox relaying to the fake bus
  @Global()
  @Module({
    providers: [
      { provide: BusClient, useValue: bus },
      {
        provide: OUTBOX_OPTIONS,
        // the relay's sweep stays off: a test sees the events published when their transaction commits
        useValue: { service: 'workspace', policy: DEFAULT_EVENT_DELIVERY, deferRelay: true } satisfies OutboxOptions,
      },
      { provide: EVENT_PUBLISHER, useValue: bus.outboxPublisher(Object.values(WorkspaceEvents)) },
      Outbox,
      Inbox,
    ],
    exports: [BusClient, Outbox, Inbox],
  })
  class FakeBusModule {}

  @Module({
    imports: [
      DatabaseModule.forService({
        schema: 'workspace',
        url: db.url,
        entities: workspaceEntities,
        migrations: workspaceMigrations,
        poolSize: 3,
      }),
      FakeBusModule,
      WorkspaceMembershipModule.forRoot({
        source: { inject: [getDataSourceToken()], useFactory: (ds: DataSource) => membershipTableSource(ds) },
      }),
      WorkspaceDomainModule,
    ],
  })
  class HarnessModule {}

  let app: INestApplicationContext;
  try {
    app = await NestFactory.createApplicationContext(HarnessModule, { logger: false });
  } catch (err) {
    await db.drop();
    throw err;
  }
  const workspaces = app.get(WorkspaceService);
  const dataSource = app.get(DataSource);
  return {
    app,
    bus,
    peers,
    workspaces,
    members: app.get(MemberService),
    invites: app.get(InviteService),
    dataSource,
    founder: async (name = 'Acme', userId = randomUUID()) => {
      const workspace = await workspaces.create({ userId, workspaceId: null }, { name });
      return { userId, workspaceId: workspace.id };
    },
    join: async (workspaceId, userId = randomUUID(), role = 'member') => {
      await dataSource.getRepository(MembershipEntity).insert({ workspaceId, userId, role });
      return { userId, workspaceId };
    },
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
};
