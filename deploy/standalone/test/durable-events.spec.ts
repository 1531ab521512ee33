// Durable cross-service events (issue 16): outbox in the emitting transaction, JetStream with a durable consumer per
// service in a cluster, the in-process bus with the same outbox standalone. Real Postgres, real NATS with JetStream.
import { randomUUID } from 'node:crypto';
import { connect, headers as natsHeaders, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import type pg from 'pg';
import {
  BillingContracts,
  BillingEvents,
  IdentityContracts,
  WorkspaceContracts,
  type Actor,
} from '@teamchat/contracts';
import { deadLetterSubject, EVENT_ID_HEADER, EVENT_TIME_HEADER } from '@teamchat/bus';
import { busMetrics } from '@teamchat/observability';
import { testPool, waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';

const SEATS = BillingEvents.seatsChanged.subject;

const signUpWithWorkspace = async (stack: TestStack, name: string): Promise<{ actor: Actor; workspaceId: string }> => {
  const user = await stack.request(IdentityContracts.register, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${randomUUID()}@example.com`,
    password: 'password123',
    companySize: '2-5',
  });
  const workspace = await stack.request(WorkspaceContracts.create, {
    actor: { userId: user.id, workspaceId: null },
    name,
  });
  return { actor: { userId: user.id, workspaceId: workspace.id }, workspaceId: workspace.id };
};

const count = async (db: pg.Pool, sql: string, params: unknown[]): Promise<number> =>
  Number((await db.query<{ n: string }>(sql, params)).rows[0].n);

/** How many `subject` events about the workspace the service's outbox has published. */
const publishedAbout = (db: pg.Pool, service: string, subject: string, workspaceId: string): Promise<number> =>
  count(
    db,
    `SELECT count(*) AS n FROM ${service}.outbox
     WHERE subject = $1 AND payload->>'workspaceId' = $2 AND published_at IS NOT NULL`,
    [subject, workspaceId],
  );

const seatsOf = async (db: pg.Pool, workspaceId: string): Promise<number> =>
  (await db.query<{ seats: number }>('SELECT seats FROM workspace.workspace WHERE id = $1', [workspaceId])).rows[0]
    .seats;

/** Time for a duplicate, had there been one, to be applied too. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('durable events over NATS JetStream', () => {
  let stack: TestStack;
  let db: pg.Pool;
  let nc: NatsConnection;
  let ns: string;

  beforeAll(async () => {
    // billing and chat are down while the first workspace is created
    stack = await startTestStack({
      transport: 'nats',
      services: ['identity', 'workspace', 'tasks', 'media'],
      env: { EVENT_MAX_DELIVERIES: '3', EVENT_RETRY_BACKOFF_MS: '100,200' },
    });
    db = testPool(stack.databaseUrl, 3);
    nc = await connect({ servers: [stack.bus.natsUrl] });
    ns = stack.env.BUS_NAMESPACE;
  }, 60000);

  afterAll(async () => {
    await nc?.close();
    await db?.end();
    await stack?.close();
  });

  /** A billing event as billing's relay publishes it (headers, packet), under a message id of the test's choice. */
  const publishSeats = async (
    payload: unknown,
    event: { id: string; at: Date },
    msgID = event.id,
  ): Promise<{ duplicate: boolean }> => {
    const h = natsHeaders();
    h.set(EVENT_ID_HEADER, event.id);
    h.set(EVENT_TIME_HEADER, event.at.toISOString());
    return jetstream(nc).publish(`${ns}${SEATS}`, JSON.stringify({ pattern: `${ns}${SEATS}`, data: payload }), {
      msgID,
      headers: h,
    });
  };

  let admin: { actor: Actor; workspaceId: string };

  it('applies a workspace creation made while billing and chat were stopped, once each, when they come back', async () => {
    admin = await signUpWithWorkspace(stack, 'Engines');
    const { workspaceId } = admin;
    // committed with the workspace and published to the stream, though no billing or chat process listens
    await waitFor(
      async () => (await publishedAbout(db, 'workspace', 'workspace.workspace.created', workspaceId)) === 1,
    );
    await stack.startService('billing');
    await stack.startService('chat');
    // billing attaches the workspace's trial (5 seats), which workspace applies from billing's own events
    await waitFor(
      async () =>
        (await count(db, 'SELECT count(*) AS n FROM billing.subscription WHERE workspace_id = $1', [workspaceId])) ===
        1,
      { timeoutMs: 15000 },
    );
    await waitFor(
      async () =>
        (await count(db, `SELECT count(*) AS n FROM chat.channel WHERE workspace_id = $1 AND name = 'general'`, [
          workspaceId,
        ])) === 1,
      { timeoutMs: 15000 },
    );
    await waitFor(async () => (await seatsOf(db, workspaceId)) === 5, { timeoutMs: 15000 });
    await settle();
    expect(
      await count(db, 'SELECT count(*) AS n FROM billing.subscription WHERE workspace_id = $1', [workspaceId]),
    ).toBe(1);
    expect(await count(db, 'SELECT count(*) AS n FROM chat.channel WHERE workspace_id = $1', [workspaceId])).toBe(1);
    expect(
      await count(db, 'SELECT count(*) AS n FROM chat.channel_section WHERE workspace_id = $1', [workspaceId]),
    ).toBe(1);
  }, 60000);

  it('applies a seat purchase made while the workspace service was stopped, once, when it comes back', async () => {
    const { actor, workspaceId } = admin;
    // billing checks the admin through its membership cache while the workspace service is away
    await stack.request(BillingContracts.subscriptionDetails, { actor });
    await stack.stopService('workspace');
    await stack.request(BillingContracts.purchaseSeats, { actor, additionalSeats: 3 });
    const [event] = (
      await db.query<{ id: string; published_at: Date | null }>(
        `SELECT id, published_at FROM billing.outbox WHERE subject = $1 AND payload->>'seats' = '8'`,
        [SEATS],
      )
    ).rows;
    expect(event.published_at).not.toBeNull();
    expect(await seatsOf(db, workspaceId)).toBe(5);
    await stack.startService('workspace');
    await waitFor(async () => (await seatsOf(db, workspaceId)) === 8, { timeoutMs: 15000 });
    await settle();
    expect(await seatsOf(db, workspaceId)).toBe(8);
    expect(await count(db, 'SELECT count(*) AS n FROM workspace.processed_event WHERE event_id = $1', [event.id])).toBe(
      1,
    );
  }, 60000);

  it('loses no event committed just before a crash: the relay of the next process publishes it', async () => {
    const { workspaceId } = admin;
    await stack.stopService('billing');
    // what billing's transaction committed before the process died, unpublished: no relay runs now
    const id = randomUUID();
    await db.query(`INSERT INTO billing.outbox (id, subject, payload, headers) VALUES ($1, $2, $3, '{}')`, [
      id,
      SEATS,
      JSON.stringify({ workspaceId, seats: 11 }),
    ]);
    await settle();
    expect(await seatsOf(db, workspaceId)).toBe(8);
    await stack.startService('billing');
    await waitFor(async () => (await seatsOf(db, workspaceId)) === 11, { timeoutMs: 15000 });
    const row = await db.query<{ published_at: Date | null }>('SELECT published_at FROM billing.outbox WHERE id = $1', [
      id,
    ]);
    expect(row.rows[0].published_at).not.toBeNull();
    expect(await count(db, 'SELECT count(*) AS n FROM workspace.processed_event WHERE event_id = $1', [id])).toBe(1);
    // the relay's sweep reports billing's outbox drained again (bus_outbox_oldest_unpublished_seconds, alerted on)
    await waitFor(
      async () =>
        (await busMetrics.outboxOldestUnpublished.get()).values.find((v) => v.labels.service === 'billing')?.value ===
        0,
      { timeoutMs: 5000 },
    );
  }, 60000);

  it('applies a redelivered event (same id) once; the stream drops a second publish of the same message id', async () => {
    const { workspaceId } = admin;
    const event = { id: randomUUID(), at: new Date() };
    expect((await publishSeats({ workspaceId, seats: 20 }, event)).duplicate).toBe(false);
    await waitFor(async () => (await seatsOf(db, workspaceId)) === 20, { timeoutMs: 10000 });
    // the relay publishing it again (crash before marking it published): JetStream recognises the message id
    expect((await publishSeats({ workspaceId, seats: 20 }, event)).duplicate).toBe(true);
    // the count changes by other means meanwhile (older than the event, so the ordering check alone would let it in)
    await db.query(`UPDATE workspace.workspace SET seats = 7, seats_changed_at = $2 WHERE id = $1`, [
      workspaceId,
      new Date(event.at.getTime() - 60_000),
    ]);
    // the same event delivered again past the stream's de-duplication (another message id): the inbox knows its id
    expect((await publishSeats({ workspaceId, seats: 20 }, event, randomUUID())).duplicate).toBe(false);
    await settle();
    expect(await seatsOf(db, workspaceId)).toBe(7);
    expect(await count(db, 'SELECT count(*) AS n FROM workspace.processed_event WHERE event_id = $1', [event.id])).toBe(
      1,
    );
  }, 30000);

  it('never lets an older event, retried late, overwrite the seats of a newer one', async () => {
    const { workspaceId } = admin;
    const newer = { id: randomUUID(), at: new Date() };
    await publishSeats({ workspaceId, seats: 30 }, newer);
    await waitFor(async () => (await seatsOf(db, workspaceId)) === 30, { timeoutMs: 10000 });
    await publishSeats({ workspaceId, seats: 25 }, { id: randomUUID(), at: new Date(newer.at.getTime() - 1000) });
    await settle();
    expect(await seatsOf(db, workspaceId)).toBe(30);
  }, 30000);

  it('sends an event whose handler keeps failing to the dead-letter subject after the last delivery, and counts it', async () => {
    const counted = async () =>
      (await busMetrics.eventsDeadLettered.get()).values.find(
        (v) => v.labels.service === 'workspace' && v.labels.subject === SEATS,
      )?.value ?? 0;
    const before = await counted();
    const letters = nc.subscribe(deadLetterSubject(ns, 'workspace', SEATS), { max: 1 });
    await nc.flush();
    const poison = { id: randomUUID(), at: new Date() };
    // rejected by the handler's validation on every delivery
    await publishSeats({ workspaceId: 'not-a-workspace', seats: -1 }, poison);
    const received = (await waitFor(
      async () => {
        for await (const m of letters) return m;
        return undefined;
      },
      { timeoutMs: 15000 },
    )) as Msg;
    expect(received.headers?.get(EVENT_ID_HEADER)).toBe(poison.id);
    expect(received.headers?.get('dead-letter-service')).toBe('workspace');
    expect(received.headers?.get('dead-letter-deliveries')).toBe('3');
    expect(received.json<{ data: unknown }>().data).toEqual({ workspaceId: 'not-a-workspace', seats: -1 });
    await waitFor(async () => (await counted()) === before + 1);
    // and the consumer moved on: later events are applied
    await publishSeats({ workspaceId: admin.workspaceId, seats: 31 }, { id: randomUUID(), at: new Date() });
    await waitFor(async () => (await seatsOf(db, admin.workspaceId)) === 31, { timeoutMs: 10000 });
  }, 30000);
});

describe('durable events standalone (in-process bus)', () => {
  let stack: TestStack;
  let db: pg.Pool;

  beforeAll(async () => {
    stack = await startTestStack();
    db = testPool(stack.databaseUrl, 2);
  }, 60000);

  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  it('delivers after a restart an event committed before a crash, once', async () => {
    const { workspaceId } = await signUpWithWorkspace(stack, 'Looms');
    await waitFor(async () => (await seatsOf(db, workspaceId)) === 5, { timeoutMs: 10000 });
    // billing has taken the workspace on (its subscription's events committed): otherwise the creation, delivered
    // again after the restart, would make billing commit seats of its own after the crash's row, and the newer wins
    await waitFor(
      async () => (await publishedAbout(db, 'billing', 'billing.subscription.attached', workspaceId)) === 1,
      { timeoutMs: 10000 },
    );
    await stack.stopService('billing');
    const id = randomUUID();
    await db.query(`INSERT INTO billing.outbox (id, subject, payload, headers) VALUES ($1, $2, $3, '{}')`, [
      id,
      SEATS,
      JSON.stringify({ workspaceId, seats: 9 }),
    ]);
    await settle();
    expect(await seatsOf(db, workspaceId)).toBe(5);
    await stack.startService('billing');
    await waitFor(async () => (await seatsOf(db, workspaceId)) === 9, { timeoutMs: 10000 });
    await waitFor(
      async () =>
        (await db.query('SELECT 1 FROM billing.outbox WHERE id = $1 AND published_at IS NOT NULL', [id])).rowCount ===
        1,
    );
    expect(await count(db, 'SELECT count(*) AS n FROM workspace.processed_event WHERE event_id = $1', [id])).toBe(1);
  }, 60000);

  it('publishes the events of a committed transaction at once, with their ids, and marks them published', async () => {
    const { workspaceId } = await signUpWithWorkspace(stack, 'Mills');
    await waitFor(
      async () =>
        (await count(
          db,
          `SELECT count(*) AS n FROM workspace.outbox WHERE payload->>'workspaceId' = $1 AND published_at IS NOT NULL`,
          [workspaceId],
        )) === 2,
    );
    await waitFor(
      async () =>
        (await count(db, `SELECT count(*) AS n FROM chat.channel WHERE workspace_id = $1 AND name = 'general'`, [
          workspaceId,
        ])) === 1,
    );
  }, 30000);
});
