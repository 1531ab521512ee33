// Changing a password and recovering a forgotten one, across two gateway nodes (NATS + Redis), with the reset mail
// caught by a real SMTP server this test runs (smtp-server) and sent to it by nodemailer.
import request from 'supertest';
import WebSocket from 'ws';
import {
  PASSWORD_RESET_SENT_MESSAGE,
  RESET_TOKEN_INVALID_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '@teamchat/contracts';
import { linkInMail, startSmtpSink, testPool, waitFor, type SmtpSink } from '@teamchat/testing';
import { startGatewayNode, startTestStack, type GatewayNode, type TestStack } from '@teamchat/test-stack';
import { signUp, closeOf, openSocket } from './helpers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('password change and reset across gateway nodes, mail through SMTP', () => {
  let stack: TestStack;
  let nodeB: GatewayNode;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    stack = await startTestStack({
      transport: 'nats',
      env: { REDIS_URL, SMTP_URL: smtp.url, MAIL_FROM: 'TeamChat <no-reply@example.com>' },
    });
    nodeB = await startGatewayNode(stack);
  }, 120_000);
  afterAll(async () => {
    await nodeB?.close();
    await stack?.close();
    await smtp?.close();
  });

  const login = (email: string, password: string, ip: string) =>
    request(stack.url).post('/api/login').set('x-forwarded-for', ip).send({ email, password });

  /** A second sign-in of the same user, with its cookie. */
  const secondSession = async (email: string, password: string, ip: string) => {
    const res = await login(email, password, ip);
    expect(res.status).toBe(200);
    return String(res.headers['set-cookie']?.[0]).split(';')[0];
  };

  it('refuses a wrong current password, a short new one and an unchanged one, with their messages', async () => {
    const { agent, body } = await signUp(stack.url, {}, '10.71.0.1');
    const wrong = await agent
      .post('/api/auth/password')
      .send({ currentPassword: 'not my password', newPassword: 'another-secret-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: WRONG_PASSWORD_MESSAGE, code: 'IDENTITY.WRONG_PASSWORD' });
    const short = await agent.post('/api/auth/password').send({ currentPassword: body.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password must be at least 8 characters');
    const same = await agent
      .post('/api/auth/password')
      .send({ currentPassword: body.password, newPassword: body.password });
    expect(same.status).toBe(400);
    expect(same.body.error).toBe(SAME_PASSWORD_MESSAGE);
    expect((await login(body.email, body.password, '10.71.0.1')).status).toBe(200);
    expect(
      (await request(stack.url).post('/api/auth/password').send({ currentPassword: 'x', newPassword: 'yyyyyyyy' }))
        .status,
    ).toBe(401);
  });

  it('changes the password: the old one stops working, this session stays, every other session and its sockets end on both nodes', async () => {
    const { agent, body, cookie } = await signUp(stack.url, {}, '10.71.0.2');
    const other = await secondSession(body.email, body.password, '10.71.0.2');
    const [mineOnA, otherOnA, otherOnB] = await Promise.all([
      openSocket(stack.url, cookie),
      openSocket(stack.url, other),
      openSocket(nodeB.url, other),
    ]);
    const closes = [otherOnA, otherOnB].map(closeOf);
    const changed = await agent
      .post('/api/auth/password')
      .send({ currentPassword: body.password, newPassword: 'a-brand-new-secret' });
    expect(changed.status).toBe(204);
    expect(await Promise.all(closes)).toEqual([
      { code: 4401, reason: 'Session ended' },
      { code: 4401, reason: 'Session ended' },
    ]);
    await waitFor(async () => (await request(nodeB.url).get('/api/auth/user').set('cookie', other)).status === 401);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expect(mineOnA.readyState).toBe(WebSocket.OPEN);
    mineOnA.close();
    expect((await login(body.email, body.password, '10.71.0.2')).status).toBe(401);
    expect((await login(body.email, 'a-brand-new-secret', '10.71.0.2')).status).toBe(200);
  });

  it('mails a single-use reset link; setting a new password with it ends every session; the link then fails', async () => {
    const { agent, body, cookie } = await signUp(stack.url, {}, '10.71.0.3');
    const socket = await openSocket(nodeB.url, cookie);
    const closed = closeOf(socket);
    const asked = await request(stack.url)
      .post('/api/auth/password-reset')
      .set('x-forwarded-for', '10.71.0.3')
      .send({ email: body.email.toUpperCase() });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });
    const mail = await smtp.next(body.email);
    expect(mail.raw).toMatch(/^From: TeamChat <no-reply@example.com>/m);
    expect(mail.raw).toMatch(/^Subject: Reset your TeamChat password/m);
    const link = linkInMail(mail, '/reset-password');
    // links point at the page this gateway serves (no PUBLIC_URL here: the request's own origin)
    expect(link.origin).toBe(new URL(stack.url).origin);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;

    // the token is stored only as its hash
    const db = testPool(stack.databaseUrl, 1);
    const stored = await db.query<{ token_hash: string }>('SELECT token_hash FROM identity.password_reset');
    await db.end();
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);

    const confirm = (newPassword: string) =>
      request(stack.url)
        .post('/api/auth/password-reset/confirm')
        .set('x-forwarded-for', '10.71.0.3')
        .send({ token, newPassword });
    expect((await confirm('short')).status).toBe(400);
    expect((await confirm('recovered-secret-1')).status).toBe(204);
    expect(await closed).toEqual({ code: 4401, reason: 'Session ended' });
    await waitFor(async () => (await agent.get('/api/auth/user')).status === 401);
    expect((await login(body.email, body.password, '10.71.0.3')).status).toBe(401);
    expect((await login(body.email, 'recovered-secret-1', '10.71.0.3')).status).toBe(200);

    const again = await confirm('recovered-secret-2');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: RESET_TOKEN_INVALID_MESSAGE, code: 'IDENTITY.RESET_TOKEN_INVALID' });
  });

  it('lets the owner of an email slowed down by wrong passwords in at once through the reset link', async () => {
    const { body } = await signUp(stack.url, {}, '10.72.0.1');
    for (let i = 0; i < 10; i++) expect((await login(body.email, 'wrong password', `10.72.1.${i}`)).status).toBe(401);
    expect((await login(body.email, body.password, '10.72.2.1')).status).toBe(429);
    const asked = await request(stack.url)
      .post('/api/auth/password-reset')
      .set('x-forwarded-for', '10.72.2.2')
      .send({ email: body.email });
    expect(asked.status).toBe(202);
    const token = linkInMail(await smtp.next(body.email), '/reset-password').searchParams.get('token')!;
    const confirmed = await request(stack.url)
      .post('/api/auth/password-reset/confirm')
      .set('x-forwarded-for', '10.72.2.3')
      .send({ token, newPassword: 'recovered-secret-9' });
    expect(confirmed.status).toBe(204);
    // no delay left to wait out, on either node (the failures lived in the Redis they share); a wrong password now
    // is the first failure again, where it would otherwise be the eleventh and earn a delay
    expect((await login(body.email, 'wrong password', '10.72.2.6')).status).toBe(401);
    expect((await login(body.email, 'recovered-secret-9', '10.72.2.4')).status).toBe(200);
    const onB = await request(nodeB.url)
      .post('/api/login')
      .set('x-forwarded-for', '10.72.2.5')
      .send({ email: body.email, password: 'recovered-secret-9' });
    expect(onB.status).toBe(200);
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const before = smtp.mails.length;
    const res = await request(stack.url)
      .post('/api/auth/password-reset')
      .set('x-forwarded-for', '10.71.0.4')
      .send({ email: `nobody.${Date.now()}@example.com` });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.length).toBe(before);
    const bad = await request(stack.url)
      .post('/api/auth/password-reset')
      .set('x-forwarded-for', '10.71.0.4')
      .send({ email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid email address');
  });

  it('mails a link on the site’s own origin whatever Host or X-Forwarded-Host the request names', async () => {
    // no PUBLIC_URL here: links are built on where the gateway listens, never on a request header
    const { body } = await signUp(stack.url, {}, '10.71.0.6');
    const own = new URL(stack.url).origin;
    const forged: [header: string, value: string][] = [
      ['host', 'evil.example'],
      ['host', 'evil.example:8443'],
      ['x-forwarded-host', 'evil.example'],
      ['host', 'x/y'],
    ];
    for (const [i, [header, value]] of forged.entries()) {
      const before = smtp.mails.filter((m) => m.to.includes(body.email.toLowerCase())).length;
      const res = await request(stack.url)
        .post('/api/auth/password-reset')
        .set(header, value)
        .set('x-forwarded-for', `10.71.1.${i}`)
        .send({ email: body.email });
      expect([header, value, res.status]).toEqual([header, value, 202]);
      const link = linkInMail(await smtp.next(body.email, before), '/reset-password');
      expect([header, value, link.origin]).toEqual([header, value, own]);
    }
  });

  it('refuses an unknown token, an expired one, and any left over once the password changed', async () => {
    const { agent, body } = await signUp(stack.url, {}, '10.71.0.5');
    const unknown = await request(stack.url)
      .post('/api/auth/password-reset/confirm')
      .set('x-forwarded-for', '10.71.0.5')
      .send({ token: 'x'.repeat(43), newPassword: 'whatever-secret' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('IDENTITY.RESET_TOKEN_INVALID');

    const ask = async () => {
      const before = smtp.mails.filter((m) => m.to.includes(body.email)).length;
      await request(stack.url)
        .post('/api/auth/password-reset')
        .set('x-forwarded-for', '10.71.0.5')
        .send({ email: body.email });
      return linkInMail(await smtp.next(body.email, before), '/reset-password').searchParams.get('token')!;
    };
    const confirm = (token: string) =>
      request(stack.url)
        .post('/api/auth/password-reset/confirm')
        .set('x-forwarded-for', '10.71.0.5')
        .send({ token, newPassword: 'never-applied-1' });

    const expiring = await ask();
    const db = testPool(stack.databaseUrl, 1);
    await db.query(`UPDATE identity.password_reset SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    await db.end();
    expect((await confirm(expiring)).status).toBe(400);

    const outstanding = await ask();
    expect(
      (
        await agent
          .post('/api/auth/password')
          .send({ currentPassword: body.password, newPassword: 'changed-meanwhile' })
      ).status,
    ).toBe(204);
    expect((await confirm(outstanding)).status).toBe(400);
    expect((await login(body.email, 'changed-meanwhile', '10.71.0.5')).status).toBe(200);
  });
});
