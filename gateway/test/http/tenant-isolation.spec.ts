// One tenant's burst must not fail another tenant's sign-in: each workspace and user gets a bounded share of a
// service (libs/bus/src/tenant-limits.ts), and awards to one user take one pooled connection, not all of them.
import request from 'supertest';
import { testPool, waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, joinAsMember } from '../accounts/helpers.js';

describe.each(['inprocess', 'nats'] as const)("a tenant's burst beside another tenant over %s", (transport) => {
  let stack: TestStack;
  const net = transport === 'nats' ? 1 : 0;

  beforeAll(async () => {
    stack = await startTestStack({ transport });
  }, 120_000);
  afterAll(() => stack?.close());

  it("leaves the other workspace's sign-in, reads and profile edits answering while one workspace's awards wait", async () => {
    const busy = await adminWithWorkspace(stack.url, 'Busy', `10.4.${net}.1`);
    const target = (await joinAsMember(stack.url, busy.agent, {}, `10.4.${net}.2`)).user.id;
    const quiet = await adminWithWorkspace(stack.url, 'Quiet', `10.4.${net}.3`);
    const stars = async () =>
      ((await busy.agent.get('/api/users')).body as { id: string; stars: number }[]).find((u) => u.id === target)!
        .stars;

    // the target's row is held elsewhere, so every award waits on it — as a burst of awards to one user does
    const pool = testPool(stack.env.DATABASE_URL!);
    const holder = await pool.connect();
    const statuses: number[] = [];
    let burst: Promise<unknown> = Promise.resolve();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM "identity"."user" WHERE "id" = $1 FOR UPDATE', [target]);
      burst = Promise.all(
        Array.from({ length: 60 }, () =>
          busy.agent
            .post(`/api/users/${target}/stars`)
            .send({ stars: 1 })
            .then((res) => statuses.push(res.status)),
        ),
      );

      // the other workspace: sign in again, read, edit a profile — each answered, none 503
      const agent = request.agent(stack.url).set('x-forwarded-for', `10.4.${net}.4`);
      const login = await agent.post('/api/login').send({ email: quiet.body.email, password: quiet.body.password });
      expect(login.status).toBe(200);
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      expect((await agent.get('/api/users')).status).toBe(200);
      const edit = await agent.patch(`/api/users/${quiet.user.id}`).send({ aboutMe: 'Unbothered' });
      expect(edit.status).toBe(200);
      expect(edit.body.aboutMe).toBe('Unbothered');
      await holder.query('COMMIT');
    } finally {
      holder.release();
      await pool.end();
    }

    await burst;
    // the busy workspace's own requests: done, refused as too many at once (429), or answered late (503) and done
    expect(statuses.filter((s) => ![200, 429, 503].includes(s))).toEqual([]);
    const done = statuses.filter((s) => s !== 429).length;
    await waitFor(async () => (await stars()) === done, { timeoutMs: 20_000 });
  }, 90_000);

  it('answers a workspace past its queue with 429 BUS.TENANT_BUSY at once, not a timeout', async () => {
    const limited = await startTestStack({
      transport,
      // a long bus timeout: the two waiting their turn wait for the row, however slow the machine
      env: { USER_CONCURRENCY: '1', TENANT_CONCURRENCY: '1', TENANT_QUEUE_MAX: '2', BUS_TIMEOUT_MS: '60000' },
    });
    try {
      const admin = await adminWithWorkspace(limited.url, 'Queue', `10.4.${net}.5`);
      const target = (await joinAsMember(limited.url, admin.agent, {}, `10.4.${net}.6`)).user.id;
      const pool = testPool(limited.env.DATABASE_URL!);
      const holder = await pool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM "identity"."user" WHERE "id" = $1 FOR UPDATE', [target]);
        const answers: { status: number; body: unknown }[] = [];
        const sent = Promise.all(
          Array.from({ length: 6 }, () =>
            admin.agent
              .post(`/api/users/${target}/stars`)
              .send({ stars: 1 })
              .then((res) => answers.push({ status: res.status, body: res.body })),
          ),
        );
        // one runs (waiting on the row), two wait their turn, the other three are refused while the row is still held
        await waitFor(() => answers.length === 3, { timeoutMs: 20_000 });
        for (const res of answers) {
          expect(res.status).toBe(429);
          expect(res.body).toEqual({
            error: 'Too many of your requests at once. Try again in a moment.',
            code: 'BUS.TENANT_BUSY',
          });
        }
        await holder.query('COMMIT');
        await sent;
        expect(answers.map((r) => r.status)).toEqual([429, 429, 429, 200, 200, 200]);
      } finally {
        holder.release();
        await pool.end();
      }
    } finally {
      await limited.close();
    }
  }, 90_000);
});
