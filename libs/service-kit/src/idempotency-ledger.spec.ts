import { DataSource } from 'typeorm';
import { ErrorCodes } from '@teamchat/contracts';
import { openDataSource } from '@teamchat/database';
import { createTestDatabase, type TestDatabase } from '@teamchat/testing/postgres';
import {
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENCY_KEY_TTL_MS,
  idempotencyKeysMigration,
  PostgresIdempotencyLedger,
} from './idempotency-ledger.js';

const SCHEMA = 'keyed';

/** A handler that finishes when the test says so, counting its runs. */
const gate = <T>(value: T) => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const handler = { runs: 0, run: async () => (handler.runs++, await opened, value), open };
  return handler;
};

describe(PostgresIdempotencyLedger.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let now = Date.parse('2026-12-07T12:00:00Z');
  const clock = () => now;
  let ledger: PostgresIdempotencyLedger;

  beforeAll(async () => {
    db = await createTestDatabase('idem');
    ds = await openDataSource({
      schema: SCHEMA,
      url: db.url,
      entities: [],
      migrations: [idempotencyKeysMigration(SCHEMA)],
      poolSize: 4,
    });
    ledger = new PostgresIdempotencyLedger(ds, clock);
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const ada = { actor: { userId: 'a0000000-0000-4000-8000-000000000001', workspaceId: 'w1' }, stars: 1 };
  const bob = { ...ada, actor: { ...ada.actor, userId: 'b0000000-0000-4000-8000-000000000002' } };
  const call = (key: string, data: unknown = ada) => ({ subject: 'identity.stars.award', key, data });

  it('runs the first request and answers a repeat with the first answer, without running it again', async () => {
    let runs = 0;
    const handle = async () => ({ stars: ++runs });
    expect(await ledger.once(call('k-repeat'), handle)).toEqual({ stars: 1 });
    expect(await ledger.once(call('k-repeat'), handle)).toEqual({ stars: 1 });
    expect(runs).toBe(1);
  });

  it('keeps an answer of nothing (a 204) apart from one not written yet', async () => {
    let runs = 0;
    const handle = async () => void runs++;
    expect(await ledger.once(call('k-void'), handle)).toBeUndefined();
    expect(await ledger.once(call('k-void'), handle)).toBeUndefined();
    expect(runs).toBe(1);
  });

  it('refuses a repeat while the first is still running with 409 IN_PROGRESS, then answers the first answer', async () => {
    const first = gate({ stars: 7 });
    const running = ledger.once(call('k-slow'), first.run);
    // the first has claimed its key once its handler runs
    while (first.runs === 0) await new Promise((r) => setImmediate(r));
    await expect(ledger.once(call('k-slow'), first.run)).rejects.toEqual({
      code: ErrorCodes.idempotencyInProgress,
      message: IDEMPOTENCY_IN_PROGRESS_MESSAGE,
    });
    first.open();
    expect(await running).toEqual({ stars: 7 });
    expect(await ledger.once(call('k-slow'), first.run)).toEqual({ stars: 7 });
    expect(first.runs).toBe(1);
  });

  it('runs a key once among many concurrent requests', async () => {
    let runs = 0;
    const handle = async () => ({ run: ++runs });
    const settled = await Promise.allSettled(Array.from({ length: 20 }, () => ledger.once(call('k-race'), handle)));
    expect(runs).toBe(1);
    const answered = settled.filter((s) => s.status === 'fulfilled');
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const s of answered) expect((s as PromiseFulfilledResult<unknown>).value).toEqual({ run: 1 });
    for (const s of settled.filter((x) => x.status === 'rejected'))
      expect((s as PromiseRejectedResult).reason).toMatchObject({ code: ErrorCodes.idempotencyInProgress });
  });

  it('forgets a failed first request, so its retry runs again', async () => {
    const refusal = { code: ErrorCodes.validation, message: 'nope' };
    await expect(ledger.once(call('k-fail'), () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await ledger.once(call('k-fail'), async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('refuses the key with another request with 422 KEY_REUSED, and runs nothing', async () => {
    await ledger.once(call('k-reuse'), async () => ({ stars: 1 }));
    let runs = 0;
    await expect(ledger.once(call('k-reuse', { ...ada, stars: 5 }), async () => ({ stars: ++runs }))).rejects.toEqual({
      code: ErrorCodes.idempotencyKeyReused,
      message: IDEMPOTENCY_KEY_REUSED_MESSAGE,
    });
    expect(runs).toBe(0);
  });

  it("never answers one user's request with another user's answer under the same key", async () => {
    expect(await ledger.once(call('k-shared', ada), async () => 'ada')).toBe('ada');
    expect(await ledger.once(call('k-shared', bob), async () => 'bob')).toBe('bob');
  });

  it('keeps an answer for a day, then runs the key anew', async () => {
    let runs = 0;
    const handle = async () => ++runs;
    await ledger.once(call('k-ttl'), handle);
    now += IDEMPOTENCY_KEY_TTL_MS - 1000;
    expect(await ledger.once(call('k-ttl'), handle)).toBe(1);
    now += 2000;
    expect(await ledger.once(call('k-ttl'), handle)).toBe(2);
  });
});
