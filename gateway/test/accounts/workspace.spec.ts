// Issue 4 through the gateway: workspaces, roles, switching, removal, invites and seats.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import request from 'supertest';
import WebSocket from 'ws';
import { BillingEvents, OUT_OF_SEATS_MESSAGE } from '@teamchat/contracts';
import { BusClient, BusModule } from '@teamchat/bus';
import { waitFor, testPool } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, joinAsMember, signUp, signupBody, uploadImage, type Agent } from './helpers.js';

/** A new workspace runs on its 3-day trial: writable, with the trial's end as its write deadline. */
const trial = { readOnly: false, writableUntil: expect.any(String) as unknown };

const accept = (url: string, token: string, body: object, ip = '10.20.0.1') =>
  request(url).post(`/api/invites/${token}/accept`).set('x-forwarded-for', ip).send(body);
const acceptBody = (overrides: Record<string, unknown> = {}) => {
  const { email, firstName, lastName, password } = signupBody(overrides);
  return { email, firstName, lastName, password };
};

describe.each(['inprocess', 'nats'] as const)('workspaces, members and invites over %s', (transport) => {
  let stack: TestStack;
  let db: pg.Pool;
  let nats: NatsConnection | undefined;
  const events: { subject: string; data: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ transport });
    db = testPool(stack.databaseUrl, 2);
    if (transport === 'nats') {
      nats = await connect({ servers: stack.env.NATS_URL });
      nats.subscribe(`${stack.env.BUS_NAMESPACE}workspace.>`, {
        callback: (_err, msg) => {
          const packet = msg.json<{ data: Record<string, unknown> }>();
          events.push({ subject: msg.subject.slice(stack.env.BUS_NAMESPACE.length), data: packet.data });
        },
      });
    }
  }, 120_000);
  afterAll(async () => {
    await nats?.drain();
    await db?.end();
    await stack?.close();
  });

  const seatsOf = async (workspaceId: string, seats: number) => {
    // billing attaches the new workspace's trial subscription (and its seats) by event, after creation: wait for it,
    // or it could land after this and put the seats back
    await waitFor(
      async () =>
        (await db.query('SELECT stripe_subscription_id FROM workspace.workspace WHERE id = $1', [workspaceId])).rows[0]
          ?.stripe_subscription_id,
    );
    await db.query('UPDATE workspace.workspace SET seats = $2 WHERE id = $1', [workspaceId, seats]);
  };

  describe('POST /api/workspaces', () => {
    it.each([
      ['no name', {}, 'Workspace name is required'],
      ['an empty name', { name: '' }, 'Workspace name is required'],
      ['a blank name', { name: '   ' }, 'Workspace name is required'],
      ['a name of 101 characters', { name: 'n'.repeat(101) }, 'Name too long'],
    ])('refuses %s with 400 and the spec message', async (_label, body, message) => {
      const { agent } = await signUp(stack.url, {}, '10.21.0.1');
      const res = await agent.post('/api/workspaces').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    });

    it('accepts 100 characters and an optional logo', async () => {
      const { agent } = await signUp(stack.url, {}, '10.21.0.2');
      const logo = await uploadImage(agent, { kind: 'logo' });
      const res = await agent.post('/api/workspaces').send({ name: 'n'.repeat(100), profileImageUrl: logo.address });
      expect(res.status).toBe(201);
      expect(res.body.profileImageUrl).toBe(logo.objectPath);
    });

    it('stores a lone surrogate in the name as U+FFFD, in the answer, the row and the event announcing it', async () => {
      const { agent } = await signUp(stack.url, {}, '10.21.0.4');
      const res = await agent.post('/api/workspaces').send({ name: 'x\udfffy' });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('x\uFFFDy');
      const row = await db.query('SELECT name FROM workspace.workspace WHERE id = $1', [res.body.id]);
      expect(row.rows).toEqual([{ name: 'x\uFFFDy' }]);
      const event = await db.query(
        `SELECT payload->>'name' AS name FROM workspace.outbox
         WHERE subject = 'workspace.workspace.created' AND payload->>'workspaceId' = $1`,
        [res.body.id],
      );
      expect(event.rows).toEqual([{ name: 'x\uFFFDy' }]);
    });

    it('answers 401 when signed out', async () => {
      expect((await request(stack.url).post('/api/workspaces').send({ name: 'x' })).status).toBe(401);
    });

    if (transport === 'nats') {
      it('emits workspace.workspace.created and workspace.member.added', async () => {
        const { workspace, user } = await adminWithWorkspace(stack.url, 'Evented', '10.21.0.3');
        await waitFor(() =>
          events.some((e) => e.subject === 'workspace.workspace.created' && e.data.workspaceId === workspace.id),
        );
        expect(
          events.find((e) => e.subject === 'workspace.workspace.created' && e.data.workspaceId === workspace.id)?.data,
        ).toEqual({
          workspaceId: workspace.id,
          name: 'Evented',
          createdBy: user.id,
        });
        await waitFor(() =>
          events.some((e) => e.subject === 'workspace.member.added' && e.data.workspaceId === workspace.id),
        );
        expect(
          events.find((e) => e.subject === 'workspace.member.added' && e.data.workspaceId === workspace.id)?.data,
        ).toEqual({
          workspaceId: workspace.id,
          userId: user.id,
          role: 'admin',
        });
      });
    }
  });

  describe('GET /api/workspaces and POST /api/switch-workspace', () => {
    it("lists the caller's workspaces with their role in each", async () => {
      const owner = await adminWithWorkspace(stack.url, 'Owned', '10.22.0.1');
      const other = await adminWithWorkspace(stack.url, 'Joined', '10.22.0.1');
      const invite = await other.agent.post('/api/invites').send({});
      const res = await accept(stack.url, invite.body.token, {
        email: owner.body.email,
        password: owner.body.password,
        firstName: 'A',
        lastName: 'B',
      });
      expect(res.status).toBe(201);
      const list = await owner.agent.get('/api/workspaces');
      expect(list.body).toEqual([
        { id: owner.workspace.id, name: 'Owned', profileImageUrl: null, role: 'admin', ...trial },
        { id: other.workspace.id, name: 'Joined', profileImageUrl: null, role: 'member', ...trial },
      ]);
    });

    it('answers 404 for a malformed or foreign workspace id and 400 without one', async () => {
      const { agent } = await adminWithWorkspace(stack.url, 'Mine', '10.22.0.2');
      const foreign = await adminWithWorkspace(stack.url, 'Theirs', '10.22.0.2');
      for (const workspaceId of ['nope', foreign.workspace.id]) {
        const res = await agent.post('/api/switch-workspace').send({ workspaceId });
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('WORKSPACE.NOT_FOUND');
      }
      const missing = await agent.post('/api/switch-workspace').send({});
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('Workspace is required');
    });

    it('reports isAdmin for the current workspace only', async () => {
      const owner = await adminWithWorkspace(stack.url, 'Mine', '10.22.0.3');
      const other = await adminWithWorkspace(stack.url, 'Theirs', '10.22.0.3');
      const invite = await other.agent.post('/api/invites').send({});
      await accept(stack.url, invite.body.token, {
        email: owner.body.email,
        password: owner.body.password,
        firstName: 'A',
        lastName: 'B',
      });
      expect((await owner.agent.get('/api/auth/user')).body).toMatchObject({
        workspaceId: other.workspace.id,
        isAdmin: false,
      });
      await owner.agent.post('/api/switch-workspace').send({ workspaceId: owner.workspace.id });
      expect((await owner.agent.get('/api/auth/user')).body).toMatchObject({
        workspaceId: owner.workspace.id,
        isAdmin: true,
      });
    });
  });

  describe('PATCH /api/workspaces/{id}/profile-image', () => {
    it('lets an admin set the logo and remove it with ""', async () => {
      const { agent, workspace } = await adminWithWorkspace(stack.url, 'Logo', '10.23.0.1');
      const logo = await uploadImage(agent, { kind: 'logo' });
      const set = await agent
        .patch(`/api/workspaces/${workspace.id}/profile-image`)
        .send({ profileImageUrl: logo.address });
      expect(set.status).toBe(200);
      expect(set.body.profileImageUrl).toBe(logo.objectPath);
      expect((await agent.get('/api/workspaces')).body[0].profileImageUrl).toBe(logo.objectPath);
      const removed = await agent.patch(`/api/workspaces/${workspace.id}/profile-image`).send({ profileImageUrl: '' });
      expect(removed.body.profileImageUrl).toBeNull();
    });

    it('refuses a member with 403 and a stranger with 404', async () => {
      const admin = await adminWithWorkspace(stack.url, 'Logo', '10.23.0.2');
      const member = await joinAsMember(stack.url, admin.agent, {}, '10.23.0.2');
      const asMember = await member.agent
        .patch(`/api/workspaces/${admin.workspace.id}/profile-image`)
        .send({ profileImageUrl: '/x.png' });
      expect(asMember.status).toBe(403);
      expect(asMember.body.code).toBe('WORKSPACE.NOT_ADMIN');
      const stranger = await adminWithWorkspace(stack.url, 'Other', '10.23.0.2');
      const asStranger = await stranger.agent
        .patch(`/api/workspaces/${admin.workspace.id}/profile-image`)
        .send({ profileImageUrl: '/x.png' });
      expect(asStranger.status).toBe(404);
      expect(
        (await stranger.agent.patch('/api/workspaces/123/profile-image').send({ profileImageUrl: '' })).status,
      ).toBe(404);
    });
  });

  describe('PATCH /api/users/{id}/admin', () => {
    let admin: Awaited<ReturnType<typeof adminWithWorkspace>>;
    let member: { agent: Agent; user: { id: string } };

    beforeAll(async () => {
      admin = await adminWithWorkspace(stack.url, 'Roles', '10.24.0.1');
      member = await joinAsMember(stack.url, admin.agent, {}, '10.24.0.1');
    });

    it('promotes and demotes another member', async () => {
      const up = await admin.agent.patch(`/api/users/${member.user.id}/admin`).send({ isAdmin: true });
      expect(up.status).toBe(200);
      expect(up.body).toEqual({ userId: member.user.id, workspaceId: admin.workspace.id, role: 'admin' });
      expect((await member.agent.get('/api/auth/user')).body.isAdmin).toBe(true);
      expect((await member.agent.get('/api/workspaces')).body[0].role).toBe('admin');
      const down = await admin.agent.patch(`/api/users/${member.user.id}/admin`).send({ isAdmin: false });
      expect(down.body.role).toBe('member');
      expect((await member.agent.get('/api/auth/user')).body.isAdmin).toBe(false);
    });

    it('refuses changing your own admin status with 400 "You cannot change your own admin status"', async () => {
      const res = await admin.agent.patch(`/api/users/${admin.user.id}/admin`).send({ isAdmin: false });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'You cannot change your own admin status',
        code: 'WORKSPACE.OWN_ADMIN_STATUS',
      });
    });

    it('refuses a member with 403', async () => {
      const res = await member.agent.patch(`/api/users/${admin.user.id}/admin`).send({ isAdmin: false });
      expect(res.status).toBe(403);
    });

    it('answers 404 for someone who is not a member', async () => {
      const stranger = await signUp(stack.url, {}, '10.24.0.2');
      const res = await admin.agent.patch(`/api/users/${stranger.user.id}/admin`).send({ isAdmin: true });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('WORKSPACE.MEMBER_NOT_FOUND');
    });

    it('refuses a body without a boolean', async () => {
      const res = await admin.agent.patch(`/api/users/${member.user.id}/admin`).send({ isAdmin: 'yes' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('isAdmin must be true or false');
    });

    it('never brings back a member removed while being promoted: each promotion 200 or 404, the member gone', async () => {
      for (let round = 0; round < 3; round++) {
        const racer = await joinAsMember(stack.url, admin.agent, {}, '10.24.0.3');
        const [removed, ...promotions] = await Promise.all([
          admin.agent.delete(`/api/workspaces/${admin.workspace.id}/users/${racer.user.id}`),
          ...Array.from({ length: 5 }, () =>
            admin.agent.patch(`/api/users/${racer.user.id}/admin`).send({ isAdmin: true }),
          ),
        ]);
        expect(removed.status).toBe(200);
        const rows = await db.query('SELECT 1 FROM workspace.user_workspace WHERE workspace_id = $1 AND user_id = $2', [
          admin.workspace.id,
          racer.user.id,
        ]);
        expect(rows.rowCount).toBe(0);
        const wrong = promotions.filter(
          (r) => r.status !== 200 && !(r.status === 404 && r.body.code === 'WORKSPACE.MEMBER_NOT_FOUND'),
        );
        expect(wrong.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
      }
    });
  });

  describe('GET /api/auth/user stripeSubscriptionId', () => {
    // the SPA asks for GET /api/subscription-details only when the user has a subscription id (spec 2 §7)
    const subscriptionIdOf = async (agent: Agent) =>
      (await agent.get('/api/auth/user')).body.stripeSubscriptionId as string | null;
    /** Billing attaches a subscription to every new workspace shortly after it is created. */
    const attachedTo = (agent: Agent, other?: string | null) =>
      waitFor(
        async () => {
          const id = await subscriptionIdOf(agent);
          return id !== other ? id : null;
        },
        { intervalMs: 50 },
      );

    it("describes the current workspace's subscription to its admins, including one promoted after an invite", async () => {
      const admin = await adminWithWorkspace(stack.url, 'Billed', '10.26.0.1');
      // the creator never paid: the id they see is the one billing attached to the workspace
      const subscriptionId = await attachedTo(admin.agent);
      const [stored] = (
        await db.query('SELECT stripe_subscription_id AS id FROM workspace.workspace WHERE id = $1', [
          admin.workspace.id,
        ])
      ).rows;
      expect(subscriptionId).toBe(stored.id);
      const member = await joinAsMember(stack.url, admin.agent, {}, '10.26.0.1');
      expect(await subscriptionIdOf(member.agent)).toBeNull();
      await admin.agent.patch(`/api/users/${member.user.id}/admin`).send({ isAdmin: true });
      const promoted = (await member.agent.get('/api/auth/user')).body;
      expect(promoted).toMatchObject({ isAdmin: true, stripeSubscriptionId: subscriptionId });
      expect((await member.agent.get('/api/subscription-details')).status).toBe(200);
      await admin.agent.patch(`/api/users/${member.user.id}/admin`).send({ isAdmin: false });
      expect(await subscriptionIdOf(member.agent)).toBeNull();
    });

    it("follows the admin to an additional workspace and back, and falls back to the user's own", async () => {
      const admin = await adminWithWorkspace(stack.url, 'First Billed', '10.26.0.2');
      const first = await attachedTo(admin.agent);
      const second = await admin.agent.post('/api/workspaces').send({ name: 'Second Billed' });
      expect(second.status).toBe(201);
      expect(await attachedTo(admin.agent, first)).toEqual(expect.any(String));
      await admin.agent.post('/api/switch-workspace').send({ workspaceId: admin.workspace.id });
      expect(await subscriptionIdOf(admin.agent)).toBe(first);
      await db.query('UPDATE workspace.workspace SET stripe_subscription_id = NULL WHERE id = $1', [second.body.id]);
      await db.query(`UPDATE identity."user" SET stripe_subscription_id = 'sub_own' WHERE id = $1`, [admin.user.id]);
      await admin.agent.post('/api/switch-workspace').send({ workspaceId: second.body.id });
      expect(await subscriptionIdOf(admin.agent)).toBe('sub_own');
    });
  });

  describe('DELETE /api/workspaces/{workspaceId}/users/{userId}', () => {
    it('removes a member: their next request sees no access to the workspace', async () => {
      const admin = await adminWithWorkspace(stack.url, 'Removal', '10.25.0.1');
      const member = await joinAsMember(stack.url, admin.agent, {}, '10.25.0.1');
      expect((await member.agent.get('/api/users')).status).toBe(200);
      const res = await admin.agent.delete(`/api/workspaces/${admin.workspace.id}/users/${member.user.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ workspaceId: admin.workspace.id, userId: member.user.id });
      const users = await member.agent.get('/api/users');
      expect(users.status).toBe(404);
      expect(users.body).toEqual({ error: 'No active workspace', code: 'WORKSPACE.NONE' });
      expect((await member.agent.get('/api/auth/user')).body).toMatchObject({ workspaceId: null, isAdmin: false });
      expect((await member.agent.get('/api/workspaces')).body).toEqual([]);
      expect((await member.agent.post('/api/switch-workspace').send({ workspaceId: admin.workspace.id })).status).toBe(
        404,
      );
      const roster = await admin.agent.get('/api/users');
      expect(roster.body.map((u: { id: string }) => u.id)).toEqual([admin.user.id]);
      if (transport === 'nats') {
        await waitFor(() =>
          events.some((e) => e.subject === 'workspace.member.removed' && e.data.userId === member.user.id),
        );
        expect(
          events.find((e) => e.subject === 'workspace.member.removed' && e.data.userId === member.user.id)?.data,
        ).toEqual({
          workspaceId: admin.workspace.id,
          userId: member.user.id,
          role: 'member',
        });
      }
    });

    it('closes the removed user’s live sockets for that workspace', async () => {
      const admin = await adminWithWorkspace(stack.url, 'Sockets', '10.25.0.4');
      const member = await joinAsMember(stack.url, admin.agent, { firstName: 'Sock' }, '10.25.0.4');
      const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/ws`, { headers: { cookie: member.cookie } });
      const frames: { type: string }[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(String(data)) as { type: string }));
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ type: 'join', userId: member.user.id, username: member.user.username }));
      await waitFor(() => frames.some((f) => f.type === 'joined'));
      const res = await admin.agent.delete(`/api/workspaces/${admin.workspace.id}/users/${member.user.id}`);
      expect(res.status).toBe(200);
      expect(await closed).toBe(4403);
    });

    it('falls back to another workspace of the removed user', async () => {
      const admin = await adminWithWorkspace(stack.url, 'Removal', '10.25.0.2');
      const member = await adminWithWorkspace(stack.url, 'Own', '10.25.0.2');
      const invite = await admin.agent.post('/api/invites').send({});
      await accept(stack.url, invite.body.token, {
        email: member.body.email,
        password: member.body.password,
        firstName: 'A',
        lastName: 'B',
      });
      expect((await member.agent.get('/api/auth/user')).body.workspaceId).toBe(admin.workspace.id);
      await admin.agent.delete(`/api/workspaces/${admin.workspace.id}/users/${member.user.id}`);
      expect((await member.agent.get('/api/auth/user')).body).toMatchObject({
        workspaceId: member.workspace.id,
        isAdmin: true,
      });
    });

    it('refuses removing yourself with 400, a member with 403, and foreign ids with 404', async () => {
      const admin = await adminWithWorkspace(stack.url, 'Removal', '10.25.0.3');
      const member = await joinAsMember(stack.url, admin.agent, {}, '10.25.0.3');
      const self = await admin.agent.delete(`/api/workspaces/${admin.workspace.id}/users/${admin.user.id}`);
      expect(self.status).toBe(400);
      expect(self.body).toEqual({
        error: 'You cannot remove yourself from the workspace',
        code: 'WORKSPACE.REMOVE_SELF',
      });
      const asMember = await member.agent.delete(`/api/workspaces/${admin.workspace.id}/users/${admin.user.id}`);
      expect(asMember.status).toBe(403);
      const stranger = await adminWithWorkspace(stack.url, 'Other', '10.25.0.3');
      expect(
        (await stranger.agent.delete(`/api/workspaces/${admin.workspace.id}/users/${member.user.id}`)).status,
      ).toBe(404);
      const notMember = await admin.agent.delete(`/api/workspaces/${admin.workspace.id}/users/${stranger.user.id}`);
      expect(notMember.status).toBe(404);
      expect(notMember.body.code).toBe('WORKSPACE.MEMBER_NOT_FOUND');
      expect((await admin.agent.delete(`/api/workspaces/${admin.workspace.id}/users/abc`)).status).toBe(404);
    });
  });

  describe('invites', () => {
    let admin: Awaited<ReturnType<typeof adminWithWorkspace>>;

    beforeAll(async () => {
      admin = await adminWithWorkspace(stack.url, 'Invites Inc', '10.26.0.1');
    });
    afterEach(async () => {
      // each test starts with every seat free again
      await db.query(
        `UPDATE workspace.invite SET status = 'cancelled' WHERE workspace_id = $1 AND status = 'pending'`,
        [admin.workspace.id],
      );
      await seatsOf(admin.workspace.id, 50);
    });
    beforeEach(() => seatsOf(admin.workspace.id, 50));

    it('creates an invite with a long random token (at least 128 bits)', async () => {
      const a = await admin.agent.post('/api/invites').send({});
      const b = await admin.agent.post('/api/invites');
      expect(a.status).toBe(201);
      expect(a.body).toEqual({
        id: expect.any(String),
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        createdAt: expect.any(String),
        email: null,
      });
      expect(b.status).toBe(201);
      expect(b.body.token).not.toBe(a.body.token);
      // 43 base64url characters carry 256 bits
      expect(Buffer.from(a.body.token, 'base64url').length).toBe(32);
    });

    it('lists only the pending invites of the current workspace', async () => {
      const kept = await admin.agent.post('/api/invites').send({ email: 'Someone@Example.com' });
      expect(kept.body.email).toBe('someone@example.com');
      const cancelled = await admin.agent.post('/api/invites').send({});
      await admin.agent.delete(`/api/invites/${cancelled.body.id}`);
      const used = await admin.agent.post('/api/invites').send({});
      await accept(stack.url, used.body.token, acceptBody());
      const other = await adminWithWorkspace(stack.url, 'Other', '10.26.0.2');
      await other.agent.post('/api/invites').send({});
      const list = await admin.agent.get('/api/invites');
      expect(list.status).toBe(200);
      expect(list.body).toEqual([kept.body]);
    });

    it('refuses an invite email over 320 characters with 400 "Invalid email address", making no invite', async () => {
      const before = (await admin.agent.get('/api/invites')).body;
      const res = await admin.agent.post('/api/invites').send({ email: `${'a'.repeat(309)}@example.com` });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Invalid email address', code: 'VALIDATION.FAILED' });
      expect((await admin.agent.get('/api/invites')).body).toEqual(before);
    });

    it('cancels an invite; another workspace’s invite answers 404', async () => {
      const invite = await admin.agent.post('/api/invites').send({});
      const other = await adminWithWorkspace(stack.url, 'Other', '10.26.0.3');
      const foreign = await other.agent.delete(`/api/invites/${invite.body.id}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('WORKSPACE.INVITE_NOT_FOUND');
      const res = await admin.agent.delete(`/api/invites/${invite.body.id}`);
      expect(res.status).toBe(200);
      expect((await admin.agent.delete(`/api/invites/${invite.body.id}`)).status).toBe(404);
      expect((await request(stack.url).get(`/api/invites/validate/${invite.body.token}`)).status).toBe(404);
      expect((await accept(stack.url, invite.body.token, acceptBody())).status).toBe(404);
    });

    it('refuses members with 403 on every admin route, and users without a workspace with 404', async () => {
      const member = await joinAsMember(stack.url, admin.agent, {}, '10.26.0.4');
      const invite = await admin.agent.post('/api/invites').send({});
      for (const res of [
        await member.agent.post('/api/invites').send({}),
        await member.agent.get('/api/invites'),
        await member.agent.delete(`/api/invites/${invite.body.id}`),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('WORKSPACE.NOT_ADMIN');
      }
      const loner = await signUp(stack.url, {}, '10.26.0.4');
      const none = await loner.agent.post('/api/invites').send({});
      expect(none.status).toBe(404);
      expect(none.body.code).toBe('WORKSPACE.NONE');
    });

    it('validates a pending invite publicly, and answers 404 for unknown tokens', async () => {
      const invite = await admin.agent.post('/api/invites').send({ email: 'guest@example.com' });
      const res = await request(stack.url).get(`/api/invites/validate/${invite.body.token}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        invite: { workspace: { name: 'Invites Inc' }, email: 'guest@example.com', invitedBy: 'Ada Lovelace' },
      });
      const forged = `${invite.body.token.slice(0, -1)}${invite.body.token.endsWith('A') ? 'B' : 'A'}`;
      for (const token of [forged, 'x', 'not a token!']) {
        const bad = await request(stack.url).get(`/api/invites/validate/${encodeURIComponent(token)}`);
        expect(bad.status).toBe(404);
        expect(bad.body.error).toBe('This invitation link is not valid');
      }
    });

    it('accepts with a new account: signs in as a member with the invited workspace current', async () => {
      const invite = await admin.agent.post('/api/invites').send({});
      const agent = request.agent(stack.url).set('x-forwarded-for', '10.26.0.5');
      const body = acceptBody({ firstName: 'Newt', lastName: 'Comer' });
      const res = await agent.post(`/api/invites/${invite.body.token}/accept`).send(body);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        email: body.email,
        username: 'newt.comer',
        workspaceId: admin.workspace.id,
        isAdmin: false,
        companySize: null,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/argon2/);
      expect((await agent.get('/api/auth/user')).body.workspaceId).toBe(admin.workspace.id);
      expect((await agent.get('/api/workspaces')).body).toEqual([
        { id: admin.workspace.id, name: 'Invites Inc', profileImageUrl: null, role: 'member', ...trial },
      ]);
      const login = await request(stack.url)
        .post('/api/login')
        .set('x-forwarded-for', '10.26.0.5')
        .send({ email: body.email, password: body.password });
      expect(login.status).toBe(200);
    });

    it('is single-use: accepting twice is refused with 409', async () => {
      const invite = await admin.agent.post('/api/invites').send({});
      expect((await accept(stack.url, invite.body.token, acceptBody())).status).toBe(201);
      const again = await accept(stack.url, invite.body.token, acceptBody());
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'This invitation has already been used', code: 'WORKSPACE.INVITE_USED' });
      expect((await request(stack.url).get(`/api/invites/validate/${invite.body.token}`)).status).toBe(404);
    });

    it('lets one of two racing accepts of the same token win', async () => {
      const invite = await admin.agent.post('/api/invites').send({});
      const results = await Promise.all([
        accept(stack.url, invite.body.token, acceptBody()),
        accept(stack.url, invite.body.token, acceptBody()),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    });

    it('accepts with an existing account when the password matches, adding the membership', async () => {
      const existing = await adminWithWorkspace(stack.url, 'Home', '10.26.0.6');
      const invite = await admin.agent.post('/api/invites').send({});
      const wrong = await accept(stack.url, invite.body.token, {
        email: existing.body.email,
        password: 'not my password',
        firstName: 'A',
        lastName: 'B',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'Invalid email or password.', code: 'IDENTITY.INVALID_CREDENTIALS' });
      const agent = request.agent(stack.url).set('x-forwarded-for', '10.26.0.6');
      const res = await agent.post(`/api/invites/${invite.body.token}/accept`).send({
        email: existing.body.email.toUpperCase(),
        password: existing.body.password,
        firstName: 'Ignored',
        lastName: 'Names',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: existing.user.id, firstName: 'Ada', workspaceId: admin.workspace.id });
      expect((await agent.get('/api/workspaces')).body.map((w: { role: string }) => w.role)).toEqual([
        'admin',
        'member',
      ]);
    });

    it('refuses someone who is already a member with 409, leaving the invite pending', async () => {
      const invite = await admin.agent.post('/api/invites').send({});
      const res = await accept(stack.url, invite.body.token, {
        email: admin.body.email,
        password: admin.body.password,
        firstName: 'A',
        lastName: 'B',
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'You are already a member of this workspace',
        code: 'WORKSPACE.ALREADY_MEMBER',
      });
      expect((await request(stack.url).get(`/api/invites/validate/${invite.body.token}`)).status).toBe(200);
    });

    it('refuses an email other than the one the invite was sent to', async () => {
      const invite = await admin.agent.post('/api/invites').send({ email: 'only.me@example.com' });
      const res = await accept(stack.url, invite.body.token, acceptBody());
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('This invitation was sent to a different email address');
      expect((await accept(stack.url, invite.body.token, acceptBody({ email: 'Only.Me@example.com' }))).status).toBe(
        201,
      );
    });

    it.each([
      ['a bad email', { email: 'nope' }, 'Invalid email address'],
      ['an email over 320 characters', { email: `${'a'.repeat(309)}@example.com` }, 'Invalid email address'],
      ['no first name', { firstName: '' }, 'First name is required'],
      ['no last name', { lastName: '' }, 'Last name is required'],
      ['a short password', { password: 'short' }, 'Password must be at least 8 characters'],
    ])('refuses an account form with %s like signup', async (_label, change, message) => {
      const invite = await admin.agent.post('/api/invites').send({});
      const res = await accept(stack.url, invite.body.token, { ...acceptBody(), ...change });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    });
  });

  describe('seats', () => {
    it(`refuses a new invite with 409 and the billing message once seats − members − pending invites reaches 0`, async () => {
      const admin = await adminWithWorkspace(stack.url, 'Seats', '10.27.0.1');
      await joinAsMember(stack.url, admin.agent, {}, '10.27.0.1');
      // the default is 5 seats: 2 members + 3 pending invites fill them
      const pending = [];
      for (let i = 0; i < 3; i++) pending.push((await admin.agent.post('/api/invites').send({})).body);
      const full = await admin.agent.post('/api/invites').send({});
      expect(full.status).toBe(409);
      expect(full.body).toEqual({ error: OUT_OF_SEATS_MESSAGE, code: 'BILLING.NO_SEATS' });
      expect(full.body.error).toBe(
        "You're out of seats. Purchase more licenses in the Billing tab before generating invite links.",
      );
      await admin.agent.delete(`/api/invites/${pending[0].id}`);
      expect((await admin.agent.post('/api/invites').send({})).status).toBe(201);
    });

    it('refuses to accept when the workspace has no seat left', async () => {
      const admin = await adminWithWorkspace(stack.url, 'Seats', '10.27.0.2');
      const invite = await admin.agent.post('/api/invites').send({});
      await seatsOf(admin.workspace.id, 1);
      const res = await accept(stack.url, invite.body.token, acceptBody());
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('BILLING.NO_SEATS');
      // no account was created for the refused person
      expect((await admin.agent.get('/api/users')).body).toHaveLength(1);
    });

    it('lets only one of two accepts racing for the last seat succeed', async () => {
      const admin = await adminWithWorkspace(stack.url, 'Race', '10.27.0.3');
      await joinAsMember(stack.url, admin.agent, {}, '10.27.0.3');
      await joinAsMember(stack.url, admin.agent, {}, '10.27.0.3');
      const first = await admin.agent.post('/api/invites').send({});
      const second = await admin.agent.post('/api/invites').send({});
      // seats drop to 4 after the invites were made: 3 members, one seat left for two invites
      await seatsOf(admin.workspace.id, 4);
      const results = await Promise.all([
        accept(stack.url, first.body.token, acceptBody(), '10.27.0.4'),
        accept(stack.url, second.body.token, acceptBody(), '10.27.0.5'),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)?.body.code).toBe('BILLING.NO_SEATS');
      expect((await admin.agent.get('/api/users')).body).toHaveLength(4);
    });

    if (transport === 'nats') {
      it('follows billing.seats.changed events', async () => {
        const admin = await adminWithWorkspace(stack.url, 'Billed', '10.27.0.6');
        for (let i = 0; i < 4; i++) await admin.agent.post('/api/invites').send({});
        expect((await admin.agent.post('/api/invites').send({})).status).toBe(409);
        @Module({
          imports: [
            BusModule.forRoot({
              transport: 'nats',
              natsUrl: stack.env.NATS_URL,
              namespace: stack.env.BUS_NAMESPACE,
              requestTimeoutMs: 5000,
            }),
          ],
        })
        class BillingProbe {}
        const probe = await NestFactory.createApplicationContext(BillingProbe, { logger: false });
        try {
          await probe.get(BusClient).emit(BillingEvents.seatsChanged, { workspaceId: admin.workspace.id, seats: 6 });
          await waitFor(async () => (await admin.agent.post('/api/invites').send({})).status === 201);
          expect((await admin.agent.post('/api/invites').send({})).status).toBe(409);
        } finally {
          await probe.close();
        }
      });
    }
  });
});
