// Idempotency-Key over HTTP: a retried POST is answered with the first answer and does its work once — also when the
// first attempt was answered 503 because its reply came too late.
import { testPool, waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, joinAsMember } from '../accounts/helpers.js';

describe.each(['inprocess', 'nats'] as const)('Idempotency-Key over %s', (transport) => {
  let stack: TestStack;
  let admin: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let memberId: string;

  beforeAll(async () => {
    // a short bus timeout, so a burst gets 503s whose work still happens behind them
    stack = await startTestStack({ transport, env: { BUS_TIMEOUT_MS: '2000' } });
    admin = await adminWithWorkspace(stack.url, 'Keys', `10.6.${transport === 'nats' ? 1 : 0}.1`);
    memberId = (await joinAsMember(stack.url, admin.agent, {}, `10.6.${transport === 'nats' ? 1 : 0}.2`)).user.id;
  }, 120_000);
  afterAll(() => stack?.close());

  const stars = async () => {
    const res = await admin.agent.get('/api/users');
    return (res.body as { id: string; stars: number }[]).find((u) => u.id === memberId)!.stars;
  };
  const award = (key: string | undefined, amount = 1) => {
    const req = admin.agent.post(`/api/users/${memberId}/stars`);
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send({ stars: amount });
  };

  it('answers a repeated POST with the first answer and does the work once', async () => {
    const before = await stars();
    const first = await award(`once-${transport}`);
    const again = await award(`once-${transport}`);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await stars()).toBe(before + 1);
  });

  it('refuses the same key with another body with 422, changing nothing', async () => {
    await award(`reuse-${transport}`, 1);
    const before = await stars();
    const res = await award(`reuse-${transport}`, 4);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: 'This Idempotency-Key was already used for a different request.',
      code: 'IDEMPOTENCY.KEY_REUSED',
    });
    expect(await stars()).toBe(before);
  });

  it('refuses a malformed key with 400 before anything runs', async () => {
    const before = await stars();
    const res = await award('has spaces in it');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
      code: 'VALIDATION.FAILED',
    });
    expect((await award('x'.repeat(256))).status).toBe(400);
    expect(await stars()).toBe(before);
  });

  it('does the work of a POST answered 503 (its reply too late) once, however often it is retried', async () => {
    const before = await stars();
    // the member's row is held by another transaction: the awards wait on it past the bus timeout
    const pool = testPool(stack.env.DATABASE_URL!);
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM "identity"."user" WHERE "id" = $1 FOR UPDATE', [memberId]);
      const late = await Promise.all([award(`late-${transport}-1`, 2), award(`late-${transport}-2`, 3)]);
      expect(late.map((r) => r.status)).toEqual([503, 503]);
      await holder.query('COMMIT');
    } finally {
      holder.release();
      await pool.end();
    }
    // the work behind each 503 was done once the row was free
    await waitFor(async () => (await stars()) === before + 5, { timeoutMs: 20_000 });
    // each retry is answered with that work's answer, and does nothing more
    for (const [key, amount] of [
      [`late-${transport}-1`, 2],
      [`late-${transport}-2`, 3],
      [`late-${transport}-1`, 2],
    ] as const) {
      const retry = await award(key, amount);
      expect(retry.status).toBe(200);
      expect(retry.body.id).toBe(memberId);
    }
    expect(await stars()).toBe(before + 5);
  }, 60_000);

  it('does each keyed award of a burst exactly once, counting every 200 against what is stored', async () => {
    const before = await stars();
    const keys = Array.from({ length: 60 }, (_, i) => `burst-${transport}-${i}`);
    const seen: Record<number, number> = {};
    const send = async (key: string) => {
      const res = await award(key);
      seen[res.status] = (seen[res.status] ?? 0) + 1;
      return res.status;
    };
    const first = await Promise.all(keys.map(send));
    // whatever was not answered 200 (503: no reply in time; 409: still running; 429: the user's share of the service
    // was full, nothing done) is sent again, one at a time
    for (const [i, key] of keys.entries()) {
      let status = first[i];
      for (let attempt = 0; status !== 200 && attempt < 1000; attempt++) status = await send(key);
      expect(status).toBe(200);
    }
    expect(await stars()).toBe(before + keys.length);
    expect(Object.keys(seen).filter((s) => !['200', '409', '429', '503'].includes(s))).toEqual([]);
  }, 120_000);

  it('leaves requests without a key as they were: each one is done', async () => {
    const before = await stars();
    await award(undefined);
    await award(undefined);
    expect(await stars()).toBe(before + 2);
  });

  it('takes a key on any POST route, and a GET ignores it', async () => {
    const a = await admin.agent.post('/api/tasks').set('Idempotency-Key', `task-${transport}`).send({ title: 'Once' });
    const b = await admin.agent.post('/api/tasks').set('Idempotency-Key', `task-${transport}`).send({ title: 'Once' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const listed = await admin.agent.get('/api/tasks').set('Idempotency-Key', 'ignored on reads');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body).match(/"Once"/g)).toHaveLength(1);
  });
});
