// Tasks through the gateway (spec 2 §2 Tasks screen, §7): every route, who sees what, validation, live refresh.
import request from 'supertest';
import WebSocket from 'ws';
import { waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, signUp, signupBody, type Agent } from '../accounts/helpers.js';

/** A second member of the admin's workspace, joined through an invite and signed in. */
const invitedMember = async (url: string, admin: Agent, ip: string) => {
  const invite = await admin.post('/api/invites').send({});
  if (invite.status !== 201 && invite.status !== 200)
    throw new Error(`invite failed: ${invite.status} ${JSON.stringify(invite.body)}`);
  const agent = request.agent(url).set('x-forwarded-for', ip);
  const { email, firstName, lastName, password } = signupBody();
  const res = await agent
    .post(`/api/invites/${invite.body.token}/accept`)
    .send({ email, firstName, lastName, password });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, user: res.body as { id: string; username: string } };
};

const cookieOf = async (agent: Agent, url: string): Promise<string> => {
  const cookies = (
    agent as unknown as { jar: { getCookies(o: object): { name: string; value: string }[] } }
  ).jar.getCookies({
    domain: new URL(url).hostname,
    path: '/',
    secure: false,
    script: false,
  });
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
};

/** An open /ws socket collecting the frames it receives. */
const openSocket = async (url: string, cookie: string) => {
  const frames: { type: string; [k: string]: unknown }[] = [];
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { cookie } });
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return { ws, frames };
};

describe.each(['inprocess', 'nats'] as const)('tasks over %s', (transport) => {
  let stack: TestStack;
  let ip = 0;
  const nextIp = () => `10.7.${transport === 'nats' ? 2 : 1}.${++ip}`;

  beforeAll(async () => {
    stack = await startTestStack({ transport });
  }, 120_000);
  afterAll(() => stack?.close());

  const team = async () => {
    const admin = await adminWithWorkspace(stack.url, 'Tasks Inc', nextIp());
    const member = await invitedMember(stack.url, admin.agent, nextIp());
    return { admin, member };
  };

  describe('POST /api/tasks', () => {
    it('adds a personal task, trimmed and not completed, with the fields of spec 1 §3', async () => {
      const { agent } = await adminWithWorkspace(stack.url, 'Solo', nextIp());
      const res = await agent
        .post('/api/tasks')
        .send({ title: '  Write the report  ', completed: false, isTeam: false });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        title: 'Write the report',
        completed: false,
        isTeam: false,
        createdAt: expect.any(String),
      });
      expect(Object.keys(res.body).sort()).toEqual(['completed', 'createdAt', 'id', 'isTeam', 'title']);
    });

    it('treats a missing isTeam and completed as a personal, open task', async () => {
      const { agent } = await adminWithWorkspace(stack.url, 'Solo', nextIp());
      const res = await agent.post('/api/tasks').send({ title: 'Just a title' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ completed: false, isTeam: false });
    });

    it.each([
      ['a blank title', { title: '   ' }, 'Title is required'],
      ['no title', {}, 'Title is required'],
      ['a title that is not text', { title: 42 }, 'Title is required'],
      ['a 501-character title', { title: 'x'.repeat(501) }, 'Title too long'],
      ['an isTeam that is not a boolean', { title: 'ok', isTeam: 'yes' }, 'isTeam must be true or false'],
    ])('refuses %s with 400 "%s"', async (_what, body, message) => {
      const { agent } = await adminWithWorkspace(stack.url, 'Solo', nextIp());
      const res = await agent.post('/api/tasks').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, code: 'VALIDATION.FAILED' });
      expect((await agent.get('/api/tasks')).body).toEqual([]);
    });

    it('accepts a title of exactly 500 characters', async () => {
      const { agent } = await adminWithWorkspace(stack.url, 'Solo', nextIp());
      const res = await agent.post('/api/tasks').send({ title: 'x'.repeat(500), isTeam: true });
      expect(res.status).toBe(201);
      expect(res.body.title).toHaveLength(500);
    });
  });

  describe('GET /api/tasks', () => {
    it("lists the caller's personal tasks and the workspace's team tasks, newest first, and nobody else's", async () => {
      const { admin, member } = await team();
      const mine = await admin.agent
        .post('/api/tasks')
        .send({ title: 'admin personal', completed: false, isTeam: false });
      const shared = await member.agent.post('/api/tasks').send({ title: 'team task', completed: false, isTeam: true });
      await member.agent.post('/api/tasks').send({ title: 'member personal', completed: false, isTeam: false });
      const outsider = await adminWithWorkspace(stack.url, 'Elsewhere', nextIp());
      await outsider.agent.post('/api/tasks').send({ title: 'other workspace team', isTeam: true });

      const adminList = await admin.agent.get('/api/tasks');
      expect(adminList.status).toBe(200);
      expect(adminList.body.map((t: { title: string }) => t.title)).toEqual(['team task', 'admin personal']);
      expect(adminList.body[0]).toEqual(shared.body);
      expect(adminList.body[1]).toEqual(mine.body);
      const memberList = await member.agent.get('/api/tasks');
      expect(memberList.body.map((t: { title: string }) => t.title)).toEqual(['member personal', 'team task']);
      expect((await outsider.agent.get('/api/tasks')).body.map((t: { title: string }) => t.title)).toEqual([
        'other workspace team',
      ]);
    });

    it('answers 401 when signed out and 404 "No active workspace" without a workspace', async () => {
      expect((await request(stack.url).get('/api/tasks')).status).toBe(401);
      expect((await request(stack.url).post('/api/tasks').send({ title: 'x' })).status).toBe(401);
      const { agent } = await signUp(stack.url, {}, nextIp());
      const res = await agent.get('/api/tasks');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'No active workspace', code: 'WORKSPACE.NONE' });
    });
  });

  describe('PATCH /api/tasks/{id}', () => {
    it('lets the owner tick and untick a personal task', async () => {
      const { agent } = await adminWithWorkspace(stack.url, 'Solo', nextIp());
      const { body: task } = await agent.post('/api/tasks').send({ title: 'tick me', completed: false, isTeam: false });
      const done = await agent.patch(`/api/tasks/${task.id}`).send({ completed: true });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ ...task, completed: true });
      expect((await agent.patch(`/api/tasks/${task.id}`).send({ completed: false })).body.completed).toBe(false);
    });

    it("answers 404 for another member's personal task, and lets any member tick a team task", async () => {
      const { admin, member } = await team();
      const { body: personal } = await admin.agent.post('/api/tasks').send({ title: 'private', isTeam: false });
      const denied = await member.agent.patch(`/api/tasks/${personal.id}`).send({ completed: true });
      expect(denied.status).toBe(404);
      expect(denied.body).toEqual({ error: 'Task not found', code: 'TASKS.NOT_FOUND' });
      const { body: shared } = await admin.agent.post('/api/tasks').send({ title: 'shared', isTeam: true });
      const ticked = await member.agent.patch(`/api/tasks/${shared.id}`).send({ completed: true });
      expect(ticked.status).toBe(200);
      expect((await admin.agent.get('/api/tasks')).body.find((t: { id: string }) => t.id === shared.id).completed).toBe(
        true,
      );
    });

    it("answers 404 for another workspace's task and for ids that are not task ids", async () => {
      const { admin } = await team();
      const outsider = await adminWithWorkspace(stack.url, 'Elsewhere', nextIp());
      const { body: foreign } = await outsider.agent.post('/api/tasks').send({ title: 'theirs', isTeam: true });
      expect((await admin.agent.patch(`/api/tasks/${foreign.id}`).send({ completed: true })).status).toBe(404);
      expect((await admin.agent.patch('/api/tasks/not-a-task').send({ completed: true })).status).toBe(404);
      expect((await outsider.agent.get('/api/tasks')).body[0].completed).toBe(false);
    });

    it('refuses a body without a boolean completed with 400', async () => {
      const { agent } = await adminWithWorkspace(stack.url, 'Solo', nextIp());
      const { body: task } = await agent.post('/api/tasks').send({ title: 'x' });
      const res = await agent.patch(`/api/tasks/${task.id}`).send({ completed: 'yes' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'completed must be true or false', code: 'VALIDATION.FAILED' });
    });
  });

  describe('DELETE /api/tasks/{id}', () => {
    it('lets the owner delete a personal task; another member gets 404 and the task stays', async () => {
      const { admin, member } = await team();
      const { body: task } = await admin.agent.post('/api/tasks').send({ title: 'mine', isTeam: false });
      expect((await member.agent.delete(`/api/tasks/${task.id}`)).status).toBe(404);
      expect((await admin.agent.get('/api/tasks')).body).toHaveLength(1);
      const res = await admin.agent.delete(`/api/tasks/${task.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: task.id });
      expect((await admin.agent.get('/api/tasks')).body).toEqual([]);
      expect((await admin.agent.delete(`/api/tasks/${task.id}`)).status).toBe(404);
    });

    it('lets any member delete a team task', async () => {
      const { admin, member } = await team();
      const { body: task } = await admin.agent.post('/api/tasks').send({ title: 'team', isTeam: true });
      expect((await member.agent.delete(`/api/tasks/${task.id}`)).status).toBe(200);
      expect((await admin.agent.get('/api/tasks')).body).toEqual([]);
    });

    it('keeps a task ticked and deleted at once deleted: every answer 200 or 404 "Task not found", one delete 200', async () => {
      const { admin, member } = await team();
      for (let round = 0; round < 5; round++) {
        const { body: task } = await admin.agent.post('/api/tasks').send({ title: `race ${round}`, isTeam: true });
        const answers = await Promise.all(
          Array.from({ length: 5 }, () => [
            member.agent.patch(`/api/tasks/${task.id}`).send({ completed: true }),
            admin.agent.delete(`/api/tasks/${task.id}`),
          ]).flat(),
        );
        expect((await admin.agent.get('/api/tasks')).body).toEqual([]);
        const wrong = answers.filter(
          (r) => r.status !== 200 && !(r.status === 404 && r.body.error === 'Task not found'),
        );
        expect(wrong.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
        const deletes = answers.filter((_r, i) => i % 2 === 1);
        expect(deletes.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404]);
      }
    });
  });

  it("pushes team task changes to the other members' sockets as tasks frames, and personal ones only to the owner", async () => {
    const { admin, member } = await team();
    const watcher = await openSocket(stack.url, await cookieOf(member.agent, stack.url));
    const own = await openSocket(stack.url, await cookieOf(admin.agent, stack.url));
    try {
      watcher.ws.send(JSON.stringify({ type: 'join', userId: member.user.id, username: member.user.username }));
      own.ws.send(JSON.stringify({ type: 'join', userId: admin.user.id, username: admin.user.username }));
      await waitFor(
        () => watcher.frames.some((f) => f.type === 'joined') && own.frames.some((f) => f.type === 'joined'),
      );
      const { body: personal } = await admin.agent.post('/api/tasks').send({ title: 'private', isTeam: false });
      const { body: task } = await admin.agent.post('/api/tasks').send({ title: 'team live', isTeam: true });
      await waitFor(() => watcher.frames.some((f) => f.type === 'tasks'));
      expect(watcher.frames.find((f) => f.type === 'tasks')).toMatchObject({
        type: 'tasks',
        change: 'created',
        taskId: task.id,
        task,
      });
      await admin.agent.patch(`/api/tasks/${task.id}`).send({ completed: true });
      await admin.agent.delete(`/api/tasks/${task.id}`);
      await waitFor(() => watcher.frames.filter((f) => f.type === 'tasks').length === 3);
      expect(watcher.frames.filter((f) => f.type === 'tasks').map((f) => f.change)).toEqual([
        'created',
        'updated',
        'deleted',
      ]);
      await waitFor(() => own.frames.some((f) => f.type === 'tasks' && f.taskId === personal.id));
      expect(watcher.frames.some((f) => f.taskId === personal.id)).toBe(false);
    } finally {
      watcher.ws.close();
      own.ws.close();
    }
  });

  it('documents the task routes in /api/docs', async () => {
    const docs = await request(stack.url).get('/api/docs/openapi.json');
    expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/tasks', '/api/tasks/{taskId}']));
  });
});
