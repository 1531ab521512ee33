// Issue 3 through the gateway: signup and login validation, sessions, profiles, handles, stars, security.
import { Redis } from 'ioredis';
import pg from 'pg';
import request from 'supertest';
import WebSocket from 'ws';
import { IdentityContracts } from '@teamchat/contracts';
import { testPool, waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, signUp, signupBody, uploadImage, type Agent } from './helpers.js';

/** Opens /ws with the given session cookie: 'open', or the status the upgrade was refused with. */
const upgrade = (url: string, cookie?: string) =>
  new Promise<'open' | number>((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: cookie ? { cookie } : {} });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    socket.once('error', reject);
  });

/** One character more than the email columns (varchar(320)) keep. */
const overlongEmail = `${'a'.repeat(309)}@example.com`;

const noSecrets = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|password_hash/i);

describe.each(['inprocess', 'nats'] as const)('identity and sessions over %s', (transport) => {
  let stack: TestStack;
  let db: pg.Pool;

  beforeAll(async () => {
    stack = await startTestStack({ transport });
    db = testPool(stack.databaseUrl, 2);
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  describe('POST /api/register', () => {
    it.each([
      ['firstName', { firstName: '' }, 'First name is required'],
      ['firstName (blank)', { firstName: '   ' }, 'First name is required'],
      ['firstName (missing)', { firstName: undefined }, 'First name is required'],
      ['firstName (not text)', { firstName: 42 }, 'First name is required'],
      ['lastName', { lastName: '' }, 'Last name is required'],
      ['email', { email: 'not-an-email' }, 'Invalid email address'],
      ['email (missing)', { email: undefined }, 'Invalid email address'],
      ['email (over 320 characters)', { email: overlongEmail }, 'Invalid email address'],
      ['password', { password: 'short' }, 'Password must be at least 8 characters'],
      ['password (missing)', { password: undefined }, 'Password must be at least 8 characters'],
      ['password (over 128)', { password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
      ['companySize', { companySize: undefined }, 'Company size is required'],
      ['companySize (unknown)', { companySize: '3-4' }, 'Company size is required'],
    ])('refuses a bad %s with 400 and the spec message', async (_field, change, message) => {
      const res = await request(stack.url)
        .post('/api/register')
        .set('x-forwarded-for', '10.1.0.1')
        .send({ ...signupBody(), ...change });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, code: 'VALIDATION.FAILED' });
    });

    it.each(['2-5', '6-15', '16-50', '51-200', '201-500', '1000+'])(
      'accepts the company size %s',
      async (companySize) => {
        const { user } = await signUp(stack.url, { companySize }, '10.1.0.2');
        expect((user as unknown as { companySize: string }).companySize).toBe(companySize);
      },
    );

    it('accepts an email of exactly 320 characters, the most an account keeps', async () => {
      const email = `${Date.now().toString(36)}.${'a'.repeat(320)}`.slice(0, 308) + '@example.com';
      expect(email).toHaveLength(320);
      const { user } = await signUp(stack.url, { email }, '10.1.0.5');
      expect(user.email).toBe(email);
    });

    it('refuses a duplicate email (any case) with 409 "An account with this email already exists"', async () => {
      const { body } = await signUp(stack.url, {}, '10.1.0.3');
      const res = await request(stack.url)
        .post('/api/register')
        .set('x-forwarded-for', '10.1.0.3')
        .send(signupBody({ email: body.email.toUpperCase() }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'An account with this email already exists', code: 'IDENTITY.EMAIL_TAKEN' });
    });

    it('stores the password as an argon2id hash', async () => {
      const { user } = await signUp(stack.url, {}, '10.1.0.4');
      const row = await db.query('SELECT password_hash FROM identity."user" WHERE id = $1', [user.id]);
      expect(row.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    });
  });

  describe('POST /api/login', () => {
    it.each([
      [{ email: 'nope', password: 'whatever1' }, 'Invalid email address'],
      [{ email: overlongEmail, password: 'whatever1' }, 'Invalid email address'],
      [{ email: 'a@example.com', password: '' }, 'Password is required'],
      [{ email: 'a@example.com' }, 'Password is required'],
    ])('refuses %j with the spec message', async (body, message) => {
      const res = await request(stack.url).post('/api/login').set('x-forwarded-for', '10.2.0.1').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    });

    it('answers an unknown email exactly like a wrong password, taking comparable time', async () => {
      const { body } = await signUp(stack.url, {}, '10.2.0.2');
      const time = async (payload: object) => {
        const started = performance.now();
        const res = await request(stack.url).post('/api/login').set('x-forwarded-for', '10.2.0.2').send(payload);
        return { res, ms: performance.now() - started };
      };
      const wrong = [];
      const unknown = [];
      for (let i = 0; i < 3; i++) {
        wrong.push(await time({ email: body.email, password: `wrong-password-${i}` }));
        unknown.push(await time({ email: `nobody${i}.${body.email}`, password: `wrong-password-${i}` }));
      }
      for (const r of [...wrong, ...unknown]) {
        expect(r.res.status).toBe(401);
        expect(r.res.body).toEqual({ error: 'Invalid email or password.', code: 'IDENTITY.INVALID_CREDENTIALS' });
      }
      const median = (xs: { ms: number }[]) => xs.map((x) => x.ms).sort((a, b) => a - b)[1];
      // both paths run one argon2id verification: an unknown email is not answered noticeably faster
      expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
    });

    it('accepts the email in any case and with spaces', async () => {
      const { body } = await signUp(stack.url, {}, '10.2.0.3');
      const res = await request(stack.url)
        .post('/api/login')
        .set('x-forwarded-for', '10.2.0.3')
        .send({ email: `  ${body.email.toUpperCase()} `, password: body.password });
      expect(res.status).toBe(200);
      noSecrets(res.body);
    });

    it('regenerates the session id: the cookie changes on login', async () => {
      const { body } = await signUp(stack.url, {}, '10.2.0.4');
      const agent = request.agent(stack.url).set('x-forwarded-for', '10.2.0.4');
      const first = await agent.post('/api/login').send({ email: body.email, password: body.password });
      const second = await agent.post('/api/login').send({ email: body.email, password: body.password });
      const sid = (res: request.Response) => String(res.headers['set-cookie']?.[0] ?? '').split(';')[0];
      expect(sid(first)).toMatch(/^tc\.sid=s%3A/);
      expect(sid(second)).toMatch(/^tc\.sid=s%3A/);
      expect(sid(second)).not.toBe(sid(first));
      // the old session id is gone server-side
      const old = await request(stack.url).get('/api/auth/user').set('cookie', sid(first));
      expect(old.status).toBe(401);
    });
  });

  describe('sessions', () => {
    it('sets an HttpOnly, SameSite=Lax cookie with a 7-day expiry', async () => {
      const res = await request(stack.url).post('/api/register').set('x-forwarded-for', '10.3.0.1').send(signupBody());
      const cookie = String(res.headers['set-cookie']?.[0]);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]);
      expect(Math.abs(expires - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    });

    it('marks the cookie Secure behind https', async () => {
      const res = await request(stack.url)
        .post('/api/register')
        .set('x-forwarded-for', '10.3.0.2')
        .set('x-forwarded-proto', 'https')
        .send(signupBody());
      expect(res.status).toBe(201);
      expect(String(res.headers['set-cookie']?.[0])).toMatch(/; Secure/);
    });

    it('ends the session server-side on logout: the old cookie no longer works', async () => {
      const { agent, cookie } = await signUp(stack.url, {}, '10.3.0.3');
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      const out = await agent.get('/api/logout');
      expect(out.status).toBe(302);
      expect(String(out.headers['set-cookie']?.[0])).toMatch(/tc\.sid=;/);
      // and the page's signed-in marker with it
      expect(String(out.headers['set-cookie']?.[1])).toMatch(/^tc_signed_in=;/);
      expect((await request(stack.url).get('/api/auth/user').set('cookie', cookie)).status).toBe(401);
    });

    it('refuses the session of a deleted user', async () => {
      const { agent, user } = await signUp(stack.url, {}, '10.3.0.5');
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      await stack.request(IdentityContracts.delete, { userId: user.id });
      const res = await agent.get('/api/auth/user');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', code: 'AUTH.UNAUTHENTICATED' });
      const rows = await db.query(`SELECT 1 FROM gateway.session WHERE sess->>'userId' = $1`, [user.id]);
      expect(rows.rowCount).toBe(0);
    });

    it('refuses the live socket of a deleted user with 401, as it does without a session', async () => {
      const { user, cookie } = await signUp(stack.url, {}, '10.3.0.6');
      expect(await upgrade(stack.url, cookie)).toBe('open');
      await stack.request(IdentityContracts.delete, { userId: user.id });
      expect(await upgrade(stack.url, cookie)).toBe(401);
      expect(await upgrade(stack.url)).toBe(401);
    });

    it('answers 401 on GET /api/auth/user when signed out', async () => {
      const res = await request(stack.url).get('/api/auth/user');
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Unauthorized');
    });
  });

  describe('GET /api/auth/user', () => {
    it('answers every field of the user and never the password hash', async () => {
      const { agent } = await adminWithWorkspace(stack.url, 'Fields', '10.4.0.1');
      const res = await agent.get('/api/auth/user');
      expect(Object.keys(res.body).sort()).toEqual(
        [
          'id',
          'email',
          'firstName',
          'lastName',
          'username',
          'handle',
          'aboutMe',
          'profileImageUrl',
          'status',
          'stars',
          'isAdmin',
          'agentId',
          'companySize',
          'workspaceId',
          'paymentCompleted',
          'onboardingCompleted',
          'stripeSubscriptionId',
          'createdAt',
          'updatedAt',
        ].sort(),
      );
      expect(res.body.isAdmin).toBe(true);
      noSecrets(res.body);
    });
  });

  describe('PATCH /api/users/{id}', () => {
    let me: { agent: Agent; user: { id: string } };
    beforeAll(async () => {
      me = await adminWithWorkspace(stack.url, 'Profiles', '10.5.0.1');
    });

    it('updates handle, about me, image, onboarding and status of your own profile', async () => {
      const image = await uploadImage(me.agent);
      const res = await me.agent.patch(`/api/users/${me.user.id}`).send({
        handle: 'ada_l',
        aboutMe: 'First programmer',
        profileImageUrl: image.address,
        onboardingCompleted: true,
        status: 'deep-focus',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        handle: 'ada_l',
        aboutMe: 'First programmer',
        profileImageUrl: image.objectPath,
        onboardingCompleted: true,
        status: 'deep-focus',
      });
      noSecrets(res.body);
      expect((await me.agent.get('/api/auth/user')).body.onboardingCompleted).toBe(true);
    });

    it.each(['online', 'offline', 'away', 'busy', 'coffee-break', 'deep-focus', 'dnd', 'in-meeting'])(
      'accepts the status %s',
      async (status) => {
        const res = await me.agent.patch(`/api/users/${me.user.id}`).send({ status });
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(status);
      },
    );

    it.each([
      ['an unknown status', { status: 'sleeping' }, 'Invalid status'],
      ['an about me of 501 characters', { aboutMe: 'x'.repeat(501) }, 'About me too long'],
      [
        'a handle with a space',
        { handle: 'no spaces' },
        'Handle can only contain letters, numbers, underscores, and hyphens.',
      ],
      ['a handle of 51 characters', { handle: 'h'.repeat(51) }, 'Handle must be between 1 and 50 characters.'],
    ])('refuses %s with 400 and the spec message', async (_label, body, message) => {
      const res = await me.agent.patch(`/api/users/${me.user.id}`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    });

    it('stores a lone surrogate in about me as U+FFFD, in the answer, the row and the event announcing it', async () => {
      const res = await me.agent.patch(`/api/users/${me.user.id}`).send({ aboutMe: 'a\ud800b' });
      expect(res.status).toBe(200);
      expect(res.body.aboutMe).toBe('a\uFFFDb');
      const row = await db.query('SELECT about_me FROM identity."user" WHERE id = $1', [me.user.id]);
      expect(row.rows).toEqual([{ about_me: 'a\uFFFDb' }]);
      const event = await db.query(
        `SELECT payload->>'aboutMe' AS "aboutMe" FROM identity.outbox
         WHERE subject = 'identity.user.updated' AND payload->>'id' = $1 ORDER BY created_at DESC LIMIT 1`,
        [me.user.id],
      );
      expect(event.rows).toEqual([{ aboutMe: 'a\uFFFDb' }]);
    });

    it('clears the handle when it is sent empty', async () => {
      await me.agent.patch(`/api/users/${me.user.id}`).send({ handle: 'temporary' });
      const res = await me.agent.patch(`/api/users/${me.user.id}`).send({ handle: '' });
      expect(res.status).toBe(200);
      expect(res.body.handle).toBeNull();
    });

    it("refuses another user's profile with 403", async () => {
      const other = await signUp(stack.url, {}, '10.5.0.2');
      const res = await me.agent.patch(`/api/users/${other.user.id}`).send({ aboutMe: 'hacked' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('AUTH.FORBIDDEN');
    });

    it('answers 401 when signed out', async () => {
      expect((await request(stack.url).patch(`/api/users/${me.user.id}`).send({ aboutMe: 'x' })).status).toBe(401);
    });
  });

  describe('PATCH /api/users/{id}/handle', () => {
    it('sets the handle, unique within the workspace regardless of case (409 otherwise)', async () => {
      const admin = await adminWithWorkspace(stack.url, 'Handles', '10.6.0.1');
      const invite = await admin.agent.post('/api/invites').send({});
      const member = request.agent(stack.url).set('x-forwarded-for', '10.6.0.1');
      const joined = await member
        .post(`/api/invites/${invite.body.token}/accept`)
        .send(signupBody({ firstName: 'Bob' }));
      expect(joined.status).toBe(201);
      const ok = await admin.agent.patch(`/api/users/${admin.user.id}/handle`).send({ handle: `Ada-${transport}` });
      expect(ok.status).toBe(200);
      expect(ok.body.handle).toBe(`Ada-${transport}`);
      const taken = await member
        .patch(`/api/users/${joined.body.id}/handle`)
        .send({ handle: `ada-${transport}`.toUpperCase() });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({
        error: 'This handle is already taken in this workspace.',
        code: 'IDENTITY.HANDLE_TAKEN',
      });
      // another workspace may use the same handle
      const elsewhere = await adminWithWorkspace(stack.url, 'Elsewhere', '10.6.0.1');
      const free = await elsewhere.agent
        .patch(`/api/users/${elsewhere.user.id}/handle`)
        .send({ handle: `ada-${transport}` });
      expect(free.status).toBe(200);
    });

    it.each([
      ['an empty handle', { handle: '' }, 'Handle must be between 1 and 50 characters.'],
      ['a missing handle', {}, 'Handle must be between 1 and 50 characters.'],
      ['a handle of 51 characters', { handle: 'x'.repeat(51) }, 'Handle must be between 1 and 50 characters.'],
      ['a handle with a dot', { handle: 'a.b' }, 'Handle can only contain letters, numbers, underscores, and hyphens.'],
    ])('refuses %s with 400 and the spec message', async (_label, body, message) => {
      const { agent, user } = await signUp(stack.url, {}, '10.6.0.2');
      const res = await agent.patch(`/api/users/${user.id}/handle`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    });

    it("refuses another user's handle with 403", async () => {
      const a = await signUp(stack.url, {}, '10.6.0.3');
      const b = await signUp(stack.url, {}, '10.6.0.3');
      const res = await a.agent.patch(`/api/users/${b.user.id}/handle`).send({ handle: 'mine' });
      expect(res.status).toBe(403);
    });
  });

  describe('GET /api/users and POST /api/users/{id}/stars', () => {
    let admin: Awaited<ReturnType<typeof adminWithWorkspace>>;
    let member: Agent;
    let memberId: string;

    beforeAll(async () => {
      admin = await adminWithWorkspace(stack.url, 'Stars', '10.7.0.1');
      const invite = await admin.agent.post('/api/invites').send({});
      member = request.agent(stack.url).set('x-forwarded-for', '10.7.0.1');
      const joined = await member
        .post(`/api/invites/${invite.body.token}/accept`)
        .send(signupBody({ firstName: 'Bob', lastName: 'Stars' }));
      memberId = joined.body.id;
    });

    it('lists the members of the current workspace with public fields only', async () => {
      const res = await member.get('/api/users');
      expect(res.status).toBe(200);
      expect(res.body.map((u: { id: string }) => u.id).sort()).toEqual([admin.user.id, memberId].sort());
      const bob = res.body.find((u: { id: string }) => u.id === memberId);
      expect(Object.keys(bob).sort()).toEqual(
        [
          'id',
          'username',
          'firstName',
          'lastName',
          'handle',
          'aboutMe',
          'profileImageUrl',
          'status',
          'stars',
          'agentId',
          'isAdmin',
        ].sort(),
      );
      expect(bob).toMatchObject({ username: 'bob.stars', isAdmin: false });
      expect(res.body.find((u: { id: string }) => u.id === admin.user.id).isAdmin).toBe(true);
      noSecrets(res.body);
    });

    it('lets an admin add stars to a member', async () => {
      const first = await admin.agent.post(`/api/users/${memberId}/stars`).send({ stars: 3 });
      expect(first.status).toBe(200);
      expect(first.body.stars).toBe(3);
      const second = await admin.agent.post(`/api/users/${memberId}/stars`).send({ stars: 2 });
      expect(second.body.stars).toBe(5);
    });

    it('refuses a non-admin with 403', async () => {
      const res = await member.post(`/api/users/${admin.user.id}/stars`).send({ stars: 1 });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('WORKSPACE.NOT_ADMIN');
    });

    it('answers 404 for a user outside the workspace', async () => {
      const stranger = await signUp(stack.url, {}, '10.7.0.2');
      const res = await admin.agent.post(`/api/users/${stranger.user.id}/stars`).send({ stars: 1 });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('IDENTITY.USER_NOT_FOUND');
      expect((await admin.agent.post('/api/users/not-a-uuid/stars').send({ stars: 1 })).status).toBe(404);
    });

    it.each([[{ stars: 0 }], [{ stars: -2 }], [{ stars: 1.5 }], [{ stars: '3' }], [{}]])(
      'refuses %j with "Please enter a positive number of stars."',
      async (body) => {
        const res = await admin.agent.post(`/api/users/${memberId}/stars`).send(body);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('Please enter a positive number of stars.');
      },
    );

    describe('up to the most stars a user can hold (2,147,483,647)', () => {
      const MOST = 2_147_483_647;
      const TOO_MANY = 'This award would give the user more than 2,147,483,647 stars, the most a user can hold.';
      const setStars = (stars: number) =>
        db.query('UPDATE identity."user" SET stars = $2 WHERE id = $1', [memberId, stars]);
      const starsOf = async () =>
        (await db.query('SELECT stars FROM identity."user" WHERE id = $1', [memberId])).rows[0].stars as number;

      it('refuses an award past it with 400 and leaves the stars unchanged; one reaching it passes', async () => {
        await setStars(MOST - 999_999);
        const res = await admin.agent.post(`/api/users/${memberId}/stars`).send({ stars: 1_000_000 });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: TOO_MANY,
          code: 'VALIDATION.FAILED',
          issues: [{ path: 'stars', message: TOO_MANY }],
        });
        expect(await starsOf()).toBe(MOST - 999_999);
        const exact = await admin.agent.post(`/api/users/${memberId}/stars`).send({ stars: 999_999 });
        expect(exact.status).toBe(200);
        expect(exact.body.stars).toBe(MOST);
      });

      it('lets only one of two concurrent awards through when both together would pass it', async () => {
        await setStars(MOST - 1_500_000);
        const answers = await Promise.all(
          [1, 2].map(() => admin.agent.post(`/api/users/${memberId}/stars`).send({ stars: 1_000_000 })),
        );
        expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
        expect(await starsOf()).toBe(MOST - 500_000);
      });
    });
  });

  describe('an account deleted while it is being updated', () => {
    const stillStored = async (userId: string) =>
      (await db.query('SELECT 1 FROM identity."user" WHERE id = $1', [userId])).rowCount;

    it('stays deleted under concurrent profile updates, each answered 200, 401 or 404', async () => {
      for (let round = 0; round < 3; round++) {
        const { agent, user } = await signUp(stack.url, {}, `10.9.1.${round}`);
        const [, ...statuses] = await Promise.all([
          stack.request(IdentityContracts.delete, { userId: user.id }),
          ...Array.from({ length: 5 }, (_v, i) =>
            agent
              .patch(`/api/users/${user.id}`)
              .send({ aboutMe: `take ${i}` })
              .then((r) => r.status),
          ),
        ]);
        expect(await stillStored(user.id)).toBe(0);
        expect(statuses.filter((status) => ![200, 401, 404].includes(status))).toEqual([]);
      }
    });

    it('stays deleted under concurrent payment confirmations, each answered or refused "User not found"', async () => {
      for (let round = 0; round < 3; round++) {
        const { user } = await signUp(stack.url, {}, `10.9.2.${round}`);
        const [, ...outcomes] = await Promise.allSettled([
          stack.request(IdentityContracts.delete, { userId: user.id }),
          ...Array.from({ length: 5 }, () =>
            stack.request(IdentityContracts.markPaymentCompleted, { userId: user.id }),
          ),
        ]);
        expect(await stillStored(user.id)).toBe(0);
        for (const outcome of outcomes)
          if (outcome.status === 'rejected')
            expect(outcome.reason).toMatchObject({ code: 'IDENTITY.USER_NOT_FOUND', message: 'User not found' });
      }
    });
  });

  describe('request hygiene', () => {
    it('refuses a state-changing request whose Origin names another site with 403', async () => {
      const res = await request(stack.url)
        .post('/api/login')
        .set('origin', 'https://evil.example')
        .send({ email: 'a@example.com', password: 'x' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Cross-site request refused', code: 'AUTH.BAD_ORIGIN' });
      const same = await request(stack.url)
        .post('/api/register')
        .set('origin', stack.url)
        .set('x-forwarded-for', '10.8.0.1')
        .send(signupBody());
      expect(same.status).toBe(201);
    });

    it('answers malformed JSON, wrong types and bodies over 1 MB with 4xx and an error field', async () => {
      const bad = await request(stack.url).post('/api/login').set('content-type', 'application/json').send('{"email":');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Malformed JSON body');
      const types = await request(stack.url)
        .post('/api/register')
        .set('x-forwarded-for', '10.8.0.2')
        .send({ firstName: ['x'], lastName: {}, email: 5, password: true });
      expect(types.status).toBe(400);
      expect(types.body.error).toBe('First name is required');
      const huge = await request(stack.url)
        .post('/api/register')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ ...signupBody(), aboutMe: 'x'.repeat(1_100_000) }));
      expect(huge.status).toBe(413);
      expect(huge.body.error).toBe('Request body too large');
    });
  });

  describe('rate limiting', () => {
    it('slows an email down after 10 wrong passwords (429 "Too many attempts. Try again later."), never locks its owner out', async () => {
      const { body } = await signUp(stack.url, {}, '10.9.1.1');
      const login = (password: string, ip: string) =>
        request(stack.url).post('/api/login').set('x-forwarded-for', ip).send({ email: body.email, password });
      const statuses: number[] = [];
      // different addresses: only the email's failures count
      for (let i = 0; i < 10; i++) statuses.push((await login('wrong password', `10.9.2.${i}`)).status);
      expect(statuses).toEqual(Array(10).fill(401));
      const limited = await login(body.password, '10.9.3.1');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: 'Too many attempts. Try again later.', code: 'AUTH.RATE_LIMITED' });
      // the first delay is a second, not the ten minutes a lock would be
      expect(limited.headers['retry-after']).toBe('1');
      // the right password gets in as soon as the delay has run (polled, not slept), and signing in forgets the failures
      await waitFor(async () => (await login(body.password, '10.9.3.2')).status === 200, {
        timeoutMs: 10_000,
        intervalMs: 100,
      });
      expect((await login('wrong password', '10.9.3.3')).status).toBe(401);
      expect((await login(body.password, '10.9.3.4')).status).toBe(200);
    });

    it('lets parallel wrong passwords for one email no further than sequential ones', async () => {
      const { body } = await signUp(stack.url, {}, '10.9.5.1');
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          request(stack.url)
            .post('/api/login')
            .set('x-forwarded-for', `10.9.6.${i}`)
            .send({ email: body.email, password: 'wrong password' }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      // the ten free failures, and one more past them holding the email while it ran
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(11);
      expect(answers.find((a) => a.status === 429)?.body).toEqual({
        error: 'Too many attempts. Try again later.',
        code: 'AUTH.RATE_LIMITED',
      });
    });

    it('answers 429 after 100 attempts from one address', async () => {
      const ip = '10.9.4.4';
      for (let i = 0; i < 100; i++) {
        const res = await request(stack.url)
          .post('/api/register')
          .set('x-forwarded-for', ip)
          .send({ email: `flood${i}@example.com` });
        expect(res.status).toBe(400);
      }
      const limited = await request(stack.url).post('/api/register').set('x-forwarded-for', ip).send(signupBody());
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('Too many attempts. Try again later.');
      // other addresses are unaffected
      expect(
        (await request(stack.url).post('/api/register').set('x-forwarded-for', '10.9.4.5').send(signupBody())).status,
      ).toBe(201);
    });
  });
});

describe('rate limiting in cluster mode (REDIS_URL set)', () => {
  let stack: TestStack;
  let redis: Redis;

  beforeAll(async () => {
    stack = await startTestStack({
      env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', AUTH_RATE_LIMIT_PER_IP: '3' },
    });
    redis = new Redis(stack.env.REDIS_URL!);
  }, 120_000);
  afterAll(async () => {
    redis?.disconnect();
    await stack?.close();
  });

  it('keeps the counters in Redis, shared by every gateway replica', async () => {
    const email = `redis.${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) {
      const res = await request(stack.url)
        .post('/api/login')
        .set('x-forwarded-for', `10.30.0.${i}`)
        .send({ email, password: 'wrong password' });
      expect(res.status).toBe(401);
    }
    const key = `${stack.env.BUS_NAMESPACE}tc:throttle:auth:email:${email}`;
    expect(Number(await redis.get(key))).toBe(10);
    const limited = await request(stack.url)
      .post('/api/login')
      .set('x-forwarded-for', '10.30.1.1')
      .send({ email, password: 'wrong password' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('Too many attempts. Try again later.');
    expect(limited.headers['retry-after']).toBe('1');
    // a refused attempt is no failure: the count stays, and the delay is the second the tenth failure earned
    expect(Number(await redis.get(key))).toBe(10);
    const delay = await redis.pttl(`${stack.env.BUS_NAMESPACE}tc:throttle:auth:email-delay:${email}`);
    expect(delay).toBeGreaterThan(0);
    expect(delay).toBeLessThanOrEqual(1000);
    // the failures themselves are forgotten within the 10-minute window
    expect(await redis.pttl(key)).toBeLessThanOrEqual(10 * 60_000);
  });

  it('takes the per-address limit from AUTH_RATE_LIMIT_PER_IP (load tests from one machine raise it)', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await request(stack.url)
        .post('/api/login')
        .set('x-forwarded-for', '10.31.0.1')
        .send({ email: `ip${i}@example.com`, password: 'x' });
      expect(res.status).toBe(401);
    }
    const limited = await request(stack.url)
      .post('/api/login')
      .set('x-forwarded-for', '10.31.0.1')
      .send({ email: 'ip9@example.com', password: 'x' });
    expect(limited.status).toBe(429);
  });
});
