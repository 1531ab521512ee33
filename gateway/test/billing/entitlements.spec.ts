// Entitlements through the gateway with the offline provider (security issue item 12): a workspace whose trial ended
// unpaid is read-only — reading and search work, posting (HTTP and socket) and inviting answer 402 — until a card is
// added, which restores it at once. The trial end is simulated with the offline provider's end-trial route.
import { waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { ErrorCodes, WORKSPACE_READ_ONLY_MESSAGE } from '@teamchat/contracts';
import { team, TestSocket, type Agent } from '../chat/chat-helpers.js';

const GOOD = '4242424242424242';
const readOnlyBody = { error: WORKSPACE_READ_ONLY_MESSAGE, code: ErrorCodes.workspaceReadOnly };

describe.each(['inprocess', 'nats'] as const)(
  'workspace entitlements with the offline provider (%s bus)',
  (transport) => {
    const block = transport === 'nats' ? 41 : 40;
    let stack: TestStack;
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      stack = await startTestStack({ transport });
    }, 120_000);
    afterEach(async () => {
      await Promise.all(sockets.splice(0).map((s) => s.close()));
    });
    afterAll(() => stack?.close());

    const general = async (agent: Agent) => ((await agent.get('/api/channels')).body as { id: string }[])[0].id;
    const post = (agent: Agent, channelId: string, content: string) =>
      agent.post(`/api/channels/${channelId}/messages`).send({ content });
    const current = async (agent: Agent, workspaceId: string) =>
      (
        (await agent.get('/api/workspaces')).body as { id: string; readOnly: boolean; writableUntil: string | null }[]
      ).find((w) => w.id === workspaceId)!;

    it('gives a workspace made by a user who skipped payment a 3-day trial, then makes it read-only until paid', async () => {
      // adminWithWorkspace never pays: the workspace runs on its own trial without a card
      const t = await team(stack.url, block);
      const channelId = await general(t.admin.agent);
      const trial = await current(t.bob.agent, t.workspaceId);
      expect(trial.readOnly).toBe(false);
      const days = (new Date(trial.writableUntil!).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(2.9);
      expect(days).toBeLessThanOrEqual(3);
      expect((await post(t.bob.agent, channelId, 'during the trial')).status).toBe(201);

      const bobSocket = await TestSocket.joined(stack.url, t.bob);
      sockets.push(bobSocket);

      // only an admin may end the trial early; then the clock is moved past the trial's end
      expect((await t.bob.agent.post('/api/local-payments/end-trial').send({})).status).toBe(403);
      const ended = await t.admin.agent.post('/api/local-payments/end-trial').send({});
      expect(ended.status).toBe(200);
      expect(ended.body).toMatchObject({ status: 'canceled', readOnly: true });

      // the open socket hears of it, so the SPA changes its banner without a reload
      const frame = await bobSocket.next('workspace');
      expect(frame).toMatchObject({ type: 'workspace', workspaceId: t.workspaceId, readOnly: true });

      // posting over HTTP answers 402 with the clear code, for every member
      await waitFor(async () => (await post(t.bob.agent, channelId, 'after the trial')).status === 402);
      const refused = await post(t.admin.agent, channelId, 'after the trial');
      expect(refused.status).toBe(402);
      expect(refused.body).toEqual(readOnlyBody);

      // and over the socket: an error frame with the same code, echoing the clientMsgId
      bobSocket.send({
        type: 'message',
        channelId,
        userId: t.bob.user.id,
        content: 'over the socket',
        clientMsgId: 'read-only-1',
      });
      const error = await bobSocket.next('error', (f) => f.clientMsgId === 'read-only-1');
      expect(error).toEqual({
        type: 'error',
        code: ErrorCodes.workspaceReadOnly,
        message: WORKSPACE_READ_ONLY_MESSAGE,
        clientMsgId: 'read-only-1',
      });

      // inviting is refused likewise
      const invite = await t.admin.agent.post('/api/invites').send({});
      expect(invite.status).toBe(402);
      expect(invite.body).toEqual(readOnlyBody);

      // reading, search, the workspace list and the Billing tab keep working
      const messages = await t.bob.agent.get(`/api/channels/${channelId}/messages`);
      expect(messages.status).toBe(200);
      expect((messages.body as { content: string }[]).map((m) => m.content)).toEqual(['during the trial']);
      const found = await t.bob.agent.get('/api/messages/search').query({ q: 'trial' });
      expect(found.status).toBe(200);
      expect(JSON.stringify(found.body)).toContain('during the trial');
      expect(await current(t.bob.agent, t.workspaceId)).toMatchObject({ readOnly: true });
      expect((await t.admin.agent.get('/api/subscription-details')).status).toBe(200);
      expect((await t.admin.agent.get('/api/invites')).status).toBe(200);
      expect(bobSocket.messages().map((m) => m.content)).not.toContain('over the socket');
    });

    it('restores a lapsed workspace at once when an admin adds a card in the Billing tab', async () => {
      const t = await team(stack.url, block);
      const channelId = await general(t.admin.agent);
      expect((await t.admin.agent.post('/api/local-payments/end-trial').send({})).status).toBe(200);
      await waitFor(async () => (await post(t.bob.agent, channelId, 'locked')).status === 402);
      const bobSocket = await TestSocket.joined(stack.url, t.bob);
      sockets.push(bobSocket);

      // members cannot pay; the admin gets a card setup, confirms the offline card form, and asks again
      expect((await t.bob.agent.post('/api/workspace-payment').send({})).status).toBe(403);
      const started = await t.admin.agent.post('/api/workspace-payment').send({});
      expect(started.status).toBe(200);
      const confirmed = await t.admin.agent
        .post('/api/local-payments/confirm')
        .send({ clientSecret: started.body.clientSecret, cardNumber: GOOD });
      expect(confirmed.status).toBe(200);
      const verified = await t.admin.agent.post('/api/workspace-payment/verify').send({});
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ paymentCompleted: true, readOnly: false, writableUntil: null });

      expect(await bobSocket.next('workspace', (f) => f.readOnly === false)).toMatchObject({
        workspaceId: t.workspaceId,
        writableUntil: null,
      });
      await waitFor(async () => (await post(t.bob.agent, channelId, 'paid again')).status === 201);
      expect((await t.admin.agent.post('/api/invites').send({})).status).toBe(201);
      expect(await current(t.admin.agent, t.workspaceId)).toMatchObject({ readOnly: false, writableUntil: null });

      // a paid workspace has nothing to pay, and its subscription is a new, active one
      const again = await t.admin.agent.post('/api/workspace-payment').send({});
      expect(again.status).toBe(409);
      expect(again.body.code).toBe(ErrorCodes.alreadyPaid);
      const details = await t.admin.agent.get('/api/subscription-details');
      expect(details.body).toMatchObject({ seats: 5, onTrial: false });
    });

    it('keeps a workspace whose trial ends with a card writable', async () => {
      const t = await team(stack.url, block);
      const channelId = await general(t.admin.agent);
      const started = await t.admin.agent.post('/api/workspace-payment').send({});
      await t.admin.agent
        .post('/api/local-payments/confirm')
        .send({ clientSecret: started.body.clientSecret, cardNumber: GOOD });
      expect((await t.admin.agent.post('/api/workspace-payment/verify').send({})).body).toMatchObject({
        paymentCompleted: true,
        readOnly: false,
        writableUntil: null,
      });
      const ended = await t.admin.agent.post('/api/local-payments/end-trial').send({});
      expect(ended.body).toMatchObject({ status: 'active', readOnly: false });
      expect((await post(t.bob.agent, channelId, 'still writable')).status).toBe(201);
    });
  },
);
