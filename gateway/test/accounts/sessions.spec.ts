// Sessions and actors are kept in each gateway's memory (no session query or identity/workspace call per request):
// the sliding expiry is written at most once per touch interval yet still slides, and every change that ends a
// session or alters a caller's access reaches every gateway node.
import { jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import WebSocket from 'ws';
import { IdentityContracts } from '@teamchat/contracts';
import { fakeOnly, waitFor, testPool } from '@teamchat/testing';
import { startGatewayNode, startTestStack, type GatewayNode, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, joinAsMember, signUp, closeOf, openSocket } from './helpers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('session expiry written at most once per touch interval', () => {
  let stack: TestStack;
  let db: pg.Pool;
  // a 4 s session touched at most every second, so a test can watch it slide and run out. Only `Date` is faked:
  // the gateway runs in this process, so the test moves the clock its sessions and cookies are timed by, while
  // sockets, Postgres and the gateway's own expiry check keep their real timers. A slow machine then never lets the
  // interval pass by itself between two requests, nor a max age run out.
  beforeAll(async () => {
    stack = await startTestStack({ env: { SESSION_MAX_AGE_SECONDS: '4', SESSION_TOUCH_INTERVAL_SECONDS: '1' } });
    db = testPool(stack.databaseUrl, 2);
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });
  beforeEach(() => jest.useFakeTimers({ now: Date.now(), ...fakeOnly('Date') }));
  afterEach(() => jest.useRealTimers());
  /** Moves the faked wall clock on (timers are real: nothing fires because of it). */
  const pass = (ms: number) => jest.setSystemTime(Date.now() + ms);

  const expiryOf = async (userId: string): Promise<number> => {
    const { rows } = await db.query<{ expire: Date }>(`SELECT expire FROM gateway.session WHERE sess->>'userId' = $1`, [
      userId,
    ]);
    return rows[0].expire.getTime();
  };

  const cookieExpiry = (res: request.Response): number | undefined => {
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('tc.sid='));
    return cookie ? Date.parse(/Expires=([^;]+)/.exec(cookie)![1]) : undefined;
  };

  it('does not write the session on every request, and slides its expiry once the interval has passed', async () => {
    const { agent, user, cookie } = await signUp(stack.url, {}, '10.60.0.1');
    const first = await expiryOf(user.id);
    for (let i = 0; i < 5; i++) {
      pass(150);
      const res = await agent.get('/api/auth/user');
      expect(res.status).toBe(200);
      // neither a write nor a re-signed cookie within the interval
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await expiryOf(user.id)).toBe(first);
    pass(1100);
    const slid = await agent.get('/api/auth/user');
    expect(slid.status).toBe(200);
    const stored = await expiryOf(user.id);
    expect(stored).toBeGreaterThan(first);
    // the browser's cookie slides with it: same session id, the new expiry (to the second, as cookies carry it)
    expect(slid.headers['set-cookie']?.[0].split(';')[0]).toBe(cookie);
    expect(Math.abs(cookieExpiry(slid)! - stored)).toBeLessThan(2000);
    expect((await agent.get('/api/auth/user')).headers['set-cookie']).toBeUndefined();
  });

  it('closes the socket of a session left unused past its max age (4401), and not the socket of one in use', async () => {
    const idle = await signUp(stack.url, {}, '10.60.0.3');
    const busy = await signUp(stack.url, {}, '10.60.0.4');
    const [idleSocket, busySocket] = await Promise.all([
      openSocket(stack.url, idle.cookie),
      openSocket(stack.url, busy.cookie),
    ]);
    const idleClosed = closeOf(idleSocket);
    try {
      // 3.2 s: within the 4 s max age, the busy user using the API every 0.8 s, the idle one only holding the socket
      for (let i = 0; i < 4; i++) {
        pass(800);
        expect((await busy.agent.get('/api/auth/user')).status).toBe(200);
      }
      expect(idleSocket.readyState).toBe(WebSocket.OPEN);
      // past the idle session's max age, the busy one still in use: the gateway's check (every second) closes one
      for (let i = 0; i < 2; i++) {
        pass(800);
        expect((await busy.agent.get('/api/auth/user')).status).toBe(200);
      }
      expect(await idleClosed).toEqual({ code: 4401, reason: 'Session ended' });
      expect(busySocket.readyState).toBe(WebSocket.OPEN);
    } finally {
      busySocket.close();
    }
  }, 20_000);

  it('keeps a session in use alive past its max age, and ends it once left unused that long', async () => {
    const { agent } = await signUp(stack.url, {}, '10.60.0.2');
    // 6.4 s of use, a request every 0.8 s: longer than the 4 s max age
    for (let i = 0; i < 8; i++) {
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      pass(800);
    }
    pass(4200);
    const res = await agent.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Unauthorized', code: 'AUTH.UNAUTHENTICATED' });
  });
});

describe('sessions and actors across gateway nodes (NATS + Redis)', () => {
  let stack: TestStack;
  let nodeB: GatewayNode;
  let urlB: string;

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'nats', env: { REDIS_URL } });
    nodeB = await startGatewayNode(stack);
    urlB = nodeB.url;
  }, 120_000);
  afterAll(async () => {
    await nodeB?.close();
    await stack?.close();
  });

  /** A request on node B with the given session cookie. */
  const onB = (cookie: string) => ({
    get: (path: string) => request(urlB).get(path).set('cookie', cookie),
    post: (path: string) => request(urlB).post(path).set('cookie', cookie),
  });

  it('ends on node B a session logged out on node A', async () => {
    const { agent, cookie } = await signUp(stack.url, {}, '10.61.0.1');
    expect((await onB(cookie).get('/api/auth/user')).status).toBe(200);
    expect((await agent.get('/api/logout')).status).toBe(302);
    await waitFor(async () => (await onB(cookie).get('/api/auth/user')).status === 401);
    expect((await onB(cookie).get('/api/channels')).status).toBe(401);
  });

  it('closes the sockets of a session logged out on node A, on both nodes, with 4401; the user’s other sessions keep theirs', async () => {
    const { agent, cookie, body } = await signUp(stack.url, {}, '10.61.0.6');
    const second = request.agent(stack.url).set('x-forwarded-for', '10.61.0.6');
    const login = await second.post('/api/login').send({ email: body.email, password: body.password });
    expect(login.status).toBe(200);
    const otherCookie = String(login.headers['set-cookie']?.[0]).split(';')[0];
    const [onA, onNodeB, otherOnB] = await Promise.all([
      openSocket(stack.url, cookie),
      openSocket(urlB, cookie),
      openSocket(urlB, otherCookie),
    ]);
    const closes = [onA, onNodeB].map(closeOf);
    expect((await agent.get('/api/logout')).status).toBe(302);
    expect(await Promise.all(closes)).toEqual([
      { code: 4401, reason: 'Session ended' },
      { code: 4401, reason: 'Session ended' },
    ]);
    // the other session's socket is still open and answering
    await new Promise((resolve) => {
      otherOnB.once('pong', resolve);
      otherOnB.ping();
    });
    expect(otherOnB.readyState).toBe(WebSocket.OPEN);
    otherOnB.close();
    await expect(openSocket(urlB, cookie)).rejects.toThrow('upgrade refused: 401');
  });

  it('drops on node B the actor of a member removed on node A (next request 404)', async () => {
    const admin = await adminWithWorkspace(stack.url, 'Removal Cache', '10.61.0.2');
    const member = await joinAsMember(stack.url, admin.agent, {}, '10.61.0.2');
    expect((await onB(member.cookie).get('/api/channels')).status).toBe(200);
    const removed = await admin.agent.delete(`/api/workspaces/${admin.workspace.id}/users/${member.user.id}`);
    expect(removed.status).toBe(200);
    await waitFor(async () => (await onB(member.cookie).get('/api/channels')).status === 404);
    const res = await onB(member.cookie).get('/api/channels');
    expect(res.body).toEqual({ error: 'No active workspace', code: 'WORKSPACE.NONE' });
  });

  it('drops on node B the admin role of a member demoted on node A (next admin request 403)', async () => {
    const admin = await adminWithWorkspace(stack.url, 'Demotion Cache', '10.61.0.3');
    const member = await joinAsMember(stack.url, admin.agent, {}, '10.61.0.3');
    expect((await admin.agent.patch(`/api/users/${member.user.id}/admin`).send({ isAdmin: true })).status).toBe(200);
    await waitFor(async () => (await onB(member.cookie).get('/api/auth/user')).body.isAdmin === true);
    expect((await onB(member.cookie).get('/api/invites')).status).toBe(200);
    expect((await admin.agent.patch(`/api/users/${member.user.id}/admin`).send({ isAdmin: false })).status).toBe(200);
    await waitFor(async () => (await onB(member.cookie).get('/api/auth/user')).body.isAdmin === false);
    expect((await onB(member.cookie).get('/api/invites')).status).toBe(403);
  });

  it('refuses on node B the session of a user deleted behind it (next request 401)', async () => {
    const { user, cookie } = await signUp(stack.url, {}, '10.61.0.4');
    expect((await onB(cookie).get('/api/auth/user')).status).toBe(200);
    const sockets = await Promise.all([openSocket(stack.url, cookie), openSocket(urlB, cookie)]);
    const closes = sockets.map(closeOf);
    await stack.request(IdentityContracts.delete, { userId: user.id });
    await waitFor(async () => (await onB(cookie).get('/api/auth/user')).status === 401);
    // and the deleted user's sockets close on both nodes
    expect(await Promise.all(closes)).toEqual([
      { code: 4401, reason: 'Session ended' },
      { code: 4401, reason: 'Session ended' },
    ]);
  });

  it('shows on node B a workspace switch made on node A', async () => {
    const admin = await adminWithWorkspace(stack.url, 'First', '10.61.0.5');
    expect((await onB(admin.cookie).get('/api/auth/user')).body.workspaceId).toBe(admin.workspace.id);
    const second = await admin.agent.post('/api/workspaces').send({ name: 'Second' });
    expect(second.status).toBe(201);
    await waitFor(async () => (await onB(admin.cookie).get('/api/auth/user')).body.workspaceId === second.body.id);
    await admin.agent.post('/api/switch-workspace').send({ workspaceId: admin.workspace.id });
    await waitFor(async () => (await onB(admin.cookie).get('/api/auth/user')).body.workspaceId === admin.workspace.id);
  });
});
