// The outbox relay's safety-net sweep on a real Postgres database. Its publisher records what it is handed (the
// publishers themselves — JetStream, the in-process broker — are covered with the durable events of
// deploy/standalone/test/durable-events.spec.ts).
import { randomUUID } from 'node:crypto';
import { DataSource, type Logger } from 'typeorm';
import { z } from 'zod';
import { DEFAULT_EVENT_DELIVERY, type OutgoingEvent } from '@teamchat/bus';
import { defineEvent } from '@teamchat/contracts';
import { busMetrics } from '@teamchat/observability';
import type pg from 'pg';
import { createTestDatabase, ManualTimers, testPool, waitFor, type TestDatabase } from '@teamchat/testing';
import { durableEventsMigration, Outbox, type EventPublisher } from './outbox.js';

const SERVICE = 'relaytest';
const SWEEP_MS = 40;

class RecordingPublisher implements EventPublisher {
  readonly maxAttempts = null;
  readonly inlineWaitMs = 0;
  readonly published: OutgoingEvent[] = [];
  start = () => Promise.resolve();
  close = () => Promise.resolve();
  publish(event: OutgoingEvent): Promise<void> {
    this.published.push(event);
    return Promise.resolve();
  }
}

const lag = async (): Promise<number | undefined> =>
  (await busMetrics.outboxOldestUnpublished.get()).values.find((v) => v.labels.service === SERVICE)?.value;

/** Runs the relay's armed sweep and waits until it arms the next one: the delay that one was armed with. */
const nextSweep = async (timers: ManualTimers): Promise<number> => {
  const armed = timers.delays.length;
  expect(timers.runNext()).toBe(true);
  await waitFor(() => timers.delays.length > armed);
  return timers.delays.at(-1)!;
};

/** Waits for the relay's first sweep (run at start) to arm the next. */
const firstSweep = (timers: ManualTimers) => waitFor(() => timers.armed.length === 1);

describe('Outbox relay sweep (real Postgres, a recording publisher)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  /** The test's own queries, apart from the relay's. */
  let own: pg.Pool;
  let outbox: Outbox | null = null;
  let publisher: RecordingPublisher;
  /** Statements the relay ran outside transactions' own BEGIN and COMMIT, and the transactions it opened to claim rows. */
  let statements: string[] = [];
  let claims = 0;
  let recording = false;

  beforeAll(async () => {
    db = await createTestDatabase('outbox');
    // every statement the relay runs, transactions' own included, as TypeORM's logger sees them
    const logger: Logger = {
      logQuery: (text) => {
        if (!recording) return;
        if (/^START TRANSACTION/i.test(text)) claims++;
        else if (!/^(COMMIT|ROLLBACK)/i.test(text)) statements.push(text);
      },
      logQueryError: () => undefined,
      logQuerySlow: () => undefined,
      logSchemaBuild: () => undefined,
      logMigration: () => undefined,
      log: () => undefined,
    };
    ds = await new DataSource({ type: 'postgres', url: db.url, poolSize: 2, logging: ['query'], logger }).initialize();
    // and the prepared statements it runs on the pool underneath, which TypeORM's logger never sees
    const pool = (ds.driver as unknown as { master: pg.Pool }).master;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const config = args[0] as { name?: string };
      if (recording && typeof config === 'object' && config.name) statements.push(`prepared ${config.name}`);
      return query(...args);
    };
    own = testPool(db.url);
    await ds.query(`CREATE SCHEMA "${SERVICE}"`);
    const runner = ds.createQueryRunner();
    await new (durableEventsMigration(SERVICE))().up(runner);
    await runner.release();
    recording = true;
  });

  beforeEach(async () => {
    await own.query(`TRUNCATE "${SERVICE}"."outbox"`);
    statements = [];
    claims = 0;
    publisher = new RecordingPublisher();
  });

  afterEach(async () => {
    await outbox?.beforeApplicationShutdown();
    outbox = null;
  });

  afterAll(async () => {
    await own?.end();
    await ds?.destroy();
    await db?.drop();
  });

  const startRelay = (graceMs = 0, quietSweepMs?: number, timers?: ManualTimers) => {
    outbox = new Outbox(
      ds,
      { service: SERVICE, policy: DEFAULT_EVENT_DELIVERY, sweepMs: SWEEP_MS, graceMs, quietSweepMs, timers },
      publisher,
    );
    outbox.start();
  };

  /** An event a crashed process committed and never published. */
  const leftBehind = async (columns: { createdAgo?: string; nextAttemptIn?: string } = {}): Promise<string> => {
    const id = randomUUID();
    await own.query(
      `INSERT INTO "${SERVICE}"."outbox" ("id", "subject", "payload", "created_at", "next_attempt_at")
       VALUES ($1, 'relaytest.thing.happened', '{"n": 1}',
               clock_timestamp() - $2::interval, clock_timestamp() + $3::interval)`,
      [id, columns.createdAgo ?? '0 s', columns.nextAttemptIn ?? '0 s'],
    );
    return id;
  };

  it('ticks with one prepared statement and no claiming transaction while nothing waits', async () => {
    startRelay();
    await waitFor(() => statements.length >= 5);
    expect(claims).toBe(0);
    expect(new Set(statements)).toEqual(new Set([`prepared ${SERVICE}.outbox.waiting`]));
    expect(await lag()).toBe(0);
  });

  it('claims, publishes and marks a row left unpublished, then reports the outbox drained', async () => {
    const id = await leftBehind();
    const timers = new ManualTimers();
    startRelay(0, undefined, timers);
    const published = `SELECT 1 FROM "${SERVICE}"."outbox" WHERE "id" = $1 AND "published_at" IS NOT NULL`;
    await waitFor(async () => (await own.query(published, [id])).rowCount === 1);
    expect(publisher.published.map((e) => [e.id, e.subject, e.payload])).toEqual([
      [id, 'relaytest.thing.happened', { n: 1 }],
    ]);
    expect(claims).toBeGreaterThanOrEqual(1);
    await firstSweep(timers);
    expect(await lag()).toBe(0);
    // drained: the sweeps after it are the one statement again
    const claimed = claims;
    statements = [];
    for (let i = 0; i < 4; i++) await nextSweep(timers);
    expect(claims).toBe(claimed);
    expect(new Set(statements)).toEqual(new Set([`prepared ${SERVICE}.outbox.waiting`]));
  });

  it('leaves a row in its backoff alone, yet counts it in the lag', async () => {
    await leftBehind({ createdAgo: '5 s', nextAttemptIn: '1 hour' });
    startRelay();
    await waitFor(() => statements.length >= 4);
    expect(claims).toBe(0);
    expect(publisher.published).toEqual([]);
    expect(await lag()).toBeGreaterThanOrEqual(5);
  });

  it('leaves a row in its grace to the inline publish of its commit, yet counts it in the lag', async () => {
    await leftBehind({ createdAgo: '1 s' });
    startRelay(60_000);
    await waitFor(() => statements.length >= 4);
    expect(claims).toBe(0);
    expect(publisher.published).toEqual([]);
    expect(await lag()).toBeGreaterThanOrEqual(1);
  });

  describe('its period', () => {
    /** A relay subscribed to the data source's commits, started on `timers`, through `run`. */
    const withRelay = async (
      relayPublisher: EventPublisher,
      quietSweepMs: number,
      timers: ManualTimers,
      run: (relay: Outbox) => Promise<void>,
    ) => {
      const relay = new Outbox(
        ds,
        { service: SERVICE, policy: DEFAULT_EVENT_DELIVERY, sweepMs: SWEEP_MS, graceMs: 0, quietSweepMs, timers },
        relayPublisher,
      );
      outbox = relay;
      relay.onModuleInit();
      try {
        relay.start();
        await firstSweep(timers);
        await run(relay);
      } finally {
        ds.subscribers.splice(ds.subscribers.indexOf(relay), 1);
      }
    };
    const thingHappened = defineEvent('relaytest.thing.happened', z.object({ n: z.number() }));

    it('doubles from sweepMs up to quietSweepMs while nothing waits and nothing is committed', async () => {
      const timers = new ManualTimers();
      startRelay(0, SWEEP_MS * 8, timers);
      await firstSweep(timers);
      for (let i = 0; i < 4; i++) await nextSweep(timers);
      expect(timers.delays).toEqual([80, 160, 320, 320, 320]);
    });

    it('stays at sweepMs while a row waits, even one nobody may publish yet', async () => {
      await leftBehind({ createdAgo: '5 s', nextAttemptIn: '1 hour' });
      const timers = new ManualTimers();
      startRelay(0, SWEEP_MS * 8, timers);
      await firstSweep(timers);
      for (let i = 0; i < 4; i++) await nextSweep(timers);
      // doubling, they would be 80, 160, 320, 320
      expect(timers.delays).toEqual(Array<number>(5).fill(SWEEP_MS));
    });

    it('sweeps once more at sweepMs after this process commits an event', async () => {
      const timers = new ManualTimers();
      await withRelay(publisher, 640, timers, async (relay) => {
        while (timers.delays.at(-1) !== 640) await nextSweep(timers);
        await relay.emit(thingHappened, { n: 1 });
        expect(publisher.published).toHaveLength(1);
        // the sweep already planned stays as it was, and the one after it comes sweepMs later, not 640 ms
        expect(timers.armed).toEqual([640]);
        expect(await nextSweep(timers)).toBe(SWEEP_MS);
      });
    });

    it('comes back to sweepMs at once when a publication fails, and stays there while the row waits', async () => {
      const failing = Object.assign(new RecordingPublisher(), {
        fail: false,
        publish(this: RecordingPublisher & { fail: boolean }, event: OutgoingEvent) {
          return this.fail
            ? Promise.reject(new Error('broker away'))
            : RecordingPublisher.prototype.publish.call(this, event);
        },
      });
      const timers = new ManualTimers();
      await withRelay(failing, 2000, timers, async (relay) => {
        // quiet: 80, 160, 320, 640, 1280 ms … the planned sweep is over a second away
        while (timers.delays.at(-1)! < 1280) await nextSweep(timers);
        failing.fail = true;
        const armedBefore = timers.delays.length;
        await relay.emit(thingHappened, { n: 1 });
        // the failure is recorded (its backoff row waits), and the next sweep is re-armed at sweepMs
        await waitFor(() => timers.delays.length > armedBefore);
        expect(timers.armed).toEqual([SWEEP_MS]);
        // the row waits in its backoff: the sweeps stay at sweepMs
        for (let i = 0; i < 3; i++) expect(await nextSweep(timers)).toBe(SWEEP_MS);
        expect(failing.published).toEqual([]);
        // its backoff over (moved in Postgres, whose clock the row's is), the next sweep publishes it
        failing.fail = false;
        await own.query(`UPDATE "${SERVICE}"."outbox" SET "next_attempt_at" = clock_timestamp()`);
        await nextSweep(timers);
        expect(failing.published).toHaveLength(1);
        expect(timers.delays.slice(armedBefore, -1)).toEqual(Array<number>(4).fill(SWEEP_MS));
      });
    });
  });

  describe('add', () => {
    const profileUpdated = defineEvent('relaytest.profile.updated', z.object({ aboutMe: z.string() }));

    it('answers commits with events at once while every pooled connection is such a commit, and marks them after', async () => {
      // a publisher that stores at once, whose caller would wait up to 10 s for it: only the publication is waited
      // for, not its record, which needs a connection of the pool that the committing ones hold until they answer
      const waiting = Object.assign(new RecordingPublisher(), { inlineWaitMs: 10_000 });
      // the inline waits' timers never fire: the commits answer only if the publications ended their waits
      const timers = new ManualTimers();
      const recorder = new Outbox(ds, { service: SERVICE, policy: DEFAULT_EVENT_DELIVERY, timers }, waiting);
      outbox = recorder;
      recorder.onModuleInit();
      try {
        // twice as many commits at once as the pool has connections (2)
        const ids = await Promise.all(
          Array.from({ length: 4 }, (_, i) =>
            ds.transaction((em) => recorder.add(em, profileUpdated, { aboutMe: `commit ${i}` })),
          ),
        );
        expect(timers.delays).toEqual(Array<number>(4).fill(waiting.inlineWaitMs));
        expect(timers.armed).toEqual([]);
        expect(waiting.published.map((e) => e.id).sort()).toEqual([...ids].sort());
        await waitFor(
          async () =>
            (
              await own.query(
                `SELECT 1 FROM "${SERVICE}"."outbox" WHERE "id" = ANY($1) AND "published_at" IS NOT NULL`,
                [ids],
              )
            ).rowCount === ids.length,
        );
      } finally {
        ds.subscribers.splice(ds.subscribers.indexOf(recorder), 1);
      }
    }, 30_000);

    it('stores and publishes lone surrogates as U+FFFD, the text a text column holds, and leaves pairs alone', async () => {
      const recorder = new Outbox(ds, { service: SERVICE, policy: DEFAULT_EVENT_DELIVERY }, publisher);
      outbox = recorder;
      recorder.onModuleInit();
      try {
        // a backslash before "ud800" is text, not an escape
        const aboutMe = 'x\udfffy \ud800 \ud83d\ude00 \\ud800';
        const { rows } = await own.query<{ text: string }>('SELECT $1::text AS "text"', [aboutMe]);
        expect(rows[0].text).toBe('x\uFFFDy \uFFFD \ud83d\ude00 \\ud800');
        const id = await ds.transaction((em) => recorder.add(em, profileUpdated, { aboutMe }));
        const stored = await own.query(`SELECT "payload" FROM "${SERVICE}"."outbox" WHERE "id" = $1`, [id]);
        expect(stored.rows).toEqual([{ payload: { aboutMe: rows[0].text } }]);
        await waitFor(() => publisher.published.length === 1);
        expect(publisher.published[0]).toMatchObject({ id, payload: { aboutMe: rows[0].text } });
      } finally {
        ds.subscribers.splice(ds.subscribers.indexOf(recorder), 1);
      }
    });
  });
});
