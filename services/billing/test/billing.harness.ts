// Boots the billing service alone on a fresh database, with stand-ins for the identity and workspace services it
// talks to over the in-process bus, and a bus client for the test.
import 'reflect-metadata';
import { Controller, Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { parseEnv, type Env } from '@teamchat/config';
import {
  BusClient,
  BusModule,
  busOptionsFromEnv,
  DomainError,
  InProcessBroker,
  OnEvent,
  OnRequest,
} from '@teamchat/bus';
import { bootService, startService } from '@teamchat/service-kit';
import {
  BillingEvents,
  ErrorCodes,
  IdentityContracts,
  WorkspaceContracts,
  WorkspaceEvents,
  type EventPayloadOf,
  type WorkspaceRole,
} from '@teamchat/contracts';
import { createTestDatabase, testPool } from '@teamchat/testing';
import { billingService } from '../src/index.js';

/** What the stand-in neighbours saw and answer. */
export class Neighbours {
  readonly emails = new Map<string, string>();
  readonly roles = new Map<string, WorkspaceRole>();
  readonly paymentCompleted: {
    userId: string;
    stripeCustomerId?: string | null;
    stripeSubscriptionId?: string | null;
  }[] = [];
  /** The seat limit the workspace service enforces, as moved by `billing.seats.changed`. */
  readonly seatLimit = new Map<string, number>();
  readonly seatEvents: EventPayloadOf<typeof BillingEvents.seatsChanged>[] = [];
  readonly attachedEvents: EventPayloadOf<typeof BillingEvents.subscriptionAttached>[] = [];

  member(workspaceId: string, userId: string, role: WorkspaceRole): void {
    this.roles.set(`${workspaceId}:${userId}`, role);
  }
}

export interface BillingHarness {
  bus: BusClient;
  neighbours: Neighbours;
  env: Env;
  /** Direct SQL on the test database (to look at the billing schema). */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** Announces a new workspace as the workspace service would. */
  createWorkspace(createdBy: string): Promise<string>;
  close(): Promise<void>;
}

export const newUser = (neighbours: Neighbours): string => {
  const userId = randomUUID();
  neighbours.emails.set(userId, `${userId.slice(0, 8)}@example.com`);
  return userId;
};

export const startBillingHarness = async (
  overrides: Partial<Record<keyof Env, string>> = {},
): Promise<BillingHarness> => {
  const db = await createTestDatabase('billing');
  const env = parseEnv(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    DB_POOL_SIZE: '3',
    ...overrides,
  });
  const broker = new InProcessBroker();
  const bus = busOptionsFromEnv(env, 'inprocess');
  const neighbours = new Neighbours();

  @Controller()
  class NeighbourHandlers {
    @OnRequest(IdentityContracts.get)
    getUser(@Payload() body: { userId: string }) {
      const email = neighbours.emails.get(body.userId);
      if (!email) throw new DomainError(ErrorCodes.userNotFound, 'User not found');
      return { id: body.userId, email };
    }

    @OnRequest(IdentityContracts.markPaymentCompleted)
    markPaymentCompleted(@Payload() body: Neighbours['paymentCompleted'][number]) {
      neighbours.paymentCompleted.push(body);
      return { id: body.userId, paymentCompleted: true };
    }

    @OnRequest(WorkspaceContracts.getMember)
    getMember(@Payload() body: { workspaceId: string; userId: string }) {
      const role = neighbours.roles.get(`${body.workspaceId}:${body.userId}`);
      if (!role) throw new DomainError(ErrorCodes.memberNotFound, 'Member not found');
      return { ...body, role };
    }

    @OnRequest(WorkspaceContracts.listMembers)
    listMembers(@Payload() body: { workspaceId: string; limit?: number }) {
      return [...neighbours.roles]
        .filter(([key]) => key.startsWith(`${body.workspaceId}:`))
        .slice(0, body.limit)
        .map(([key, role]) => ({ userId: key.slice(body.workspaceId.length + 1), role }));
    }

    @OnRequest(WorkspaceContracts.seats)
    seats(@Payload() body: { workspaceId: string }) {
      const seats = neighbours.seatLimit.get(body.workspaceId) ?? 5;
      return { seats, members: 1, pendingInvites: 0, available: seats - 1 };
    }

    @OnEvent(BillingEvents.seatsChanged)
    seatsChanged(@Payload() event: EventPayloadOf<typeof BillingEvents.seatsChanged>) {
      neighbours.seatEvents.push(event);
      neighbours.seatLimit.set(event.workspaceId, event.seats);
    }

    @OnEvent(BillingEvents.subscriptionAttached)
    attached(@Payload() event: EventPayloadOf<typeof BillingEvents.subscriptionAttached>) {
      neighbours.attachedEvents.push(event);
    }
  }

  @Module({ controllers: [NeighbourHandlers] })
  class NeighboursModule {}

  @Module({ imports: [BusModule.forRoot(bus, broker)] })
  class ClientModule {}

  const services: INestMicroservice[] = [];
  let client: INestApplicationContext | undefined;
  const pool = testPool(db.url, 2);
  try {
    services.push(await bootService(billingService, { env, databaseUrl: db.url, bus, broker, logger: false }));
    services.push(await startService(NeighboursModule, { name: 'workspace', bus, broker, logger: false }));
    client = await NestFactory.createApplicationContext(ClientModule, { logger: false });
  } catch (err) {
    for (const s of services) await s.close();
    await pool.end();
    await db.drop();
    throw err;
  }
  const busClient = client.get(BusClient);
  return {
    bus: busClient,
    neighbours,
    env,
    sql: async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[],
    createWorkspace: async (createdBy: string) => {
      const workspaceId = randomUUID();
      neighbours.member(workspaceId, createdBy, 'admin');
      await busClient.emit(WorkspaceEvents.workspaceCreated, { workspaceId, name: 'Acme', createdBy });
      return workspaceId;
    },
    close: async () => {
      await client?.close();
      for (const s of services.reverse()) await s.close();
      await pool.end();
      await db.drop().catch(() => undefined);
    },
  };
};
