// The accounts core over both bus transports: sign up, sign in, current user, sign out, workspaces, switching.
import request from 'supertest';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, signUp, signupBody } from './helpers.js';

/** A new workspace runs on its 3-day trial: writable, with the trial's end as its write deadline. */
const trial = { readOnly: false, writableUntil: expect.any(String) as unknown };

describe.each(['inprocess', 'nats'] as const)('accounts core over %s', (transport) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ transport });
  }, 120_000);
  afterAll(() => stack?.close());

  describe('POST /api/register', () => {
    it('creates the account, derives a username, signs the user in and never returns the hash', async () => {
      const agent = request.agent(stack.url);
      const body = signupBody({ email: `  Ada.Core.${transport}@Example.COM ` });
      const res = await agent.post('/api/register').send(body);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        email: `ada.core.${transport}@example.com`,
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: expect.stringMatching(/^ada\.lovelace\d*$/),
        companySize: '2-5',
        status: 'offline',
        stars: 0,
        isAdmin: false,
        workspaceId: null,
        paymentCompleted: false,
        onboardingCompleted: false,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
      expect(res.headers['set-cookie']?.[0]).toMatch(/^tc\.sid=.*HttpOnly.*SameSite=Lax/i);
      const me = await agent.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(res.body.id);
    });

    it('gives the second Ada Lovelace the username ada.lovelace2', async () => {
      const first = await signUp(stack.url, { firstName: 'Grace', lastName: `Hopper${transport}` });
      const second = await signUp(stack.url, { firstName: 'Grace', lastName: `Hopper${transport}` });
      expect(first.user.username).toBe(`grace.hopper${transport}`);
      expect(second.user.username).toBe(`grace.hopper${transport}2`);
    });
  });

  describe('POST /api/login', () => {
    it('signs in on a new session id and answers the current user', async () => {
      const { body } = await signUp(stack.url);
      const agent = request.agent(stack.url);
      const before = await agent.get('/api/auth/user');
      expect(before.status).toBe(401);
      const res = await agent.post('/api/login').send({ email: body.email, password: body.password });
      expect(res.status).toBe(200);
      expect(res.body.email).toBe(body.email);
      expect((await agent.get('/api/auth/user')).status).toBe(200);
    });

    it('answers 401 "Invalid email or password." for a wrong password', async () => {
      const { body } = await signUp(stack.url);
      const res = await request(stack.url).post('/api/login').send({ email: body.email, password: 'wrong password!' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid email or password.', code: 'IDENTITY.INVALID_CREDENTIALS' });
    });
  });

  describe('GET /api/logout', () => {
    it('ends the session server-side and redirects to /', async () => {
      const { agent } = await signUp(stack.url);
      const res = await agent.get('/api/logout');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/');
      expect((await agent.get('/api/auth/user')).status).toBe(401);
    });
  });

  it('documents the account routes in /api/docs', async () => {
    const docs = await request(stack.url).get('/api/docs/openapi.json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/register',
        '/api/login',
        '/api/auth/user',
        '/api/workspaces',
        '/api/invites/{token}/accept',
      ]),
    );
  });

  describe('workspaces', () => {
    it('creates a workspace, makes the creator its admin and their current workspace', async () => {
      const { agent, user } = await signUp(stack.url);
      const res = await agent.post('/api/workspaces').send({ name: 'Acme' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'Acme', profileImageUrl: null, createdBy: user.id, role: 'admin' });
      const me = await agent.get('/api/auth/user');
      expect(me.body).toMatchObject({ workspaceId: res.body.id, isAdmin: true });
      const list = await agent.get('/api/workspaces');
      expect(list.body).toEqual([{ id: res.body.id, name: 'Acme', profileImageUrl: null, role: 'admin', ...trial }]);
    });

    it('switches to another of the caller’s workspaces, and 404s for someone else’s', async () => {
      const { agent, workspace: first } = await adminWithWorkspace(stack.url, 'First');
      const second = (await agent.post('/api/workspaces').send({ name: 'Second' })).body as { id: string };
      expect((await agent.get('/api/auth/user')).body.workspaceId).toBe(second.id);
      const res = await agent.post('/api/switch-workspace').send({ workspaceId: first.id });
      expect(res.status).toBe(200);
      expect((await agent.get('/api/auth/user')).body.workspaceId).toBe(first.id);
      const stranger = await adminWithWorkspace(stack.url, 'Elsewhere');
      const denied = await agent.post('/api/switch-workspace').send({ workspaceId: stranger.workspace.id });
      expect(denied.status).toBe(404);
      expect(denied.body.code).toBe('WORKSPACE.NOT_FOUND');
    });

    it('answers 404 "No active workspace" on workspace routes for a user without one', async () => {
      const { agent } = await signUp(stack.url);
      const res = await agent.get('/api/users');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'No active workspace', code: 'WORKSPACE.NONE' });
    });
  });
});
