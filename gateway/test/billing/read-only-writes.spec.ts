// What "read-only" means once a workspace's trial ended unpaid (services/README.md, "Read-only workspaces"): every
// write a member makes to the workspace's content answers 402 with the one message, whatever kind it is; reading,
// the reader's own state (read marks, notification settings), the account and profile, and billing stay open, so the
// workspace can be paid for. The trial end is the offline provider's end-trial route.
import { ErrorCodes, WORKSPACE_READ_ONLY_MESSAGE } from '@teamchat/contracts';
import { waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { team, uploadChatImage, type Agent } from '../chat/chat-helpers.js';

const readOnlyBody = { error: WORKSPACE_READ_ONLY_MESSAGE, code: ErrorCodes.workspaceReadOnly };

describe('a read-only workspace', () => {
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let general: string;
  let messageId: string;
  let taskId: string;
  let reactionImage: string;

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'inprocess' });
    t = await team(stack.url, 42);
    general = ((await t.admin.agent.get('/api/channels')).body as { id: string }[])[0].id;
    const posted = await t.bob.agent.post(`/api/channels/${general}/messages`).send({ content: 'before the end' });
    messageId = posted.body.id;
    const task = await t.bob.agent.post('/api/tasks').send({ title: 'pay the bill' });
    taskId = task.body.id;
    // an upload made during the trial, to be used once it ended
    reactionImage = (await uploadChatImage(t.bob.agent, 'reaction')).address;
    expect((await t.admin.agent.post('/api/local-payments/end-trial').send({})).status).toBe(200);
    await waitFor(
      async () => (await t.bob.agent.post(`/api/channels/${general}/messages`).send({ content: 'x' })).status === 402,
    );
  }, 120_000);

  afterAll(() => stack?.close());

  const writes: [string, (bob: Agent, admin: Agent) => Promise<{ status: number; body: unknown }>][] = [
    ['post', (bob) => bob.post(`/api/channels/${general}/messages`).send({ content: 'hello' })],
    ['edit', (bob) => bob.patch(`/api/messages/${messageId}`).send({ content: 'changed' })],
    ['react', (bob) => bob.post(`/api/messages/${messageId}/reactions`).send({ emoji: '👍' })],
    ['pin', (bob) => bob.post(`/api/messages/${messageId}/pin`).send({})],
    ['create a channel', (bob) => bob.post('/api/channels').send({ name: 'new-one' })],
    ['rename a channel', (_, admin) => admin.patch(`/api/channels/${general}/name`).send({ name: 'renamed' })],
    ['create a section', (bob) => bob.post('/api/channel-sections').send({ name: 'Later', order: 0 })],
    ['open a DM', (bob) => bob.post('/api/dm').send({ userId2: t.carol.user.id })],
    ['create a task', (bob) => bob.post('/api/tasks').send({ title: 'another' })],
    ['update a task', (bob) => bob.patch(`/api/tasks/${taskId}`).send({ completed: true })],
    ['delete a task', (bob) => bob.delete(`/api/tasks/${taskId}`)],
    ['upload a message attachment', (bob) => bob.post('/api/messages/upload').send({ filename: 'a.png' })],
    ['upload a reaction image', (bob) => bob.post('/api/reactions/upload').send({ filename: 'a.png' })],
    [
      'add a custom reaction',
      (bob) => bob.post('/api/custom-reactions').send({ name: 'late', imageUrl: reactionImage }),
    ],
    ['invite', (_, admin) => admin.post('/api/invites').send({})],
    ['award stars', (_, admin) => admin.post(`/api/users/${t.bob.user.id}/stars`).send({ stars: 1 })],
  ];

  it.each(writes)('refuses to %s with 402 and the read-only message', async (_kind, write) => {
    const res = await write(t.bob.agent, t.admin.agent);
    expect(res.status).toBe(402);
    expect(res.body).toEqual(readOnlyBody);
  });

  it('changed nothing that was refused', async () => {
    const page = (await t.carol.agent.get(`/api/channels/${general}/messages`)).body as Record<string, unknown>[];
    // (the wait for the trial's end may have posted an "x" before the news arrived)
    expect(page.filter((m) => m.content !== 'x')).toEqual([
      expect.objectContaining({ id: messageId, content: 'before the end', reactions: [] }),
    ]);
    expect((await t.carol.agent.get(`/api/channels/${general}/pins`)).body).toEqual([]);
    const tasks = (await t.bob.agent.get('/api/tasks')).body as { id: string; completed: boolean }[];
    expect(tasks).toEqual([expect.objectContaining({ id: taskId, completed: false })]);
    expect(((await t.bob.agent.get('/api/dm')).body as unknown[]).length).toBe(0);
  });

  it('still answers reads', async () => {
    for (const path of [
      '/api/channels',
      `/api/channels/${general}/messages`,
      `/api/messages/${messageId}`,
      '/api/tasks',
      '/api/users',
      '/api/workspaces',
      '/api/dm',
    ]) {
      expect([path, (await t.carol.agent.get(path)).status]).toEqual([path, 200]);
    }
  });

  it("still takes the reader's own state, the profile, the way to pay and deleting a message", async () => {
    expect((await t.bob.agent.post(`/api/channels/${general}/read`).send({})).status).toBe(200);
    expect((await t.bob.agent.patch(`/api/users/${t.bob.user.id}`).send({ aboutMe: 'waiting' })).status).toBe(200);
    expect(
      (await t.bob.agent.post('/api/upload-url').send({ filename: 'me.png', contentType: 'image/png' })).status,
    ).toBe(200);
    expect((await t.admin.agent.get('/api/subscription-details')).status).toBe(200);
    // what was said can be taken back
    expect((await t.bob.agent.delete(`/api/messages/${messageId}`)).status).toBe(204);
  });
});
