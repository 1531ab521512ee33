// Entitlements driven by Stripe webhooks through the gateway. Only Stripe's HTTP API is mocked (a local fake server,
// test/stripe-api.fake.ts); webhooks are signed with stripe.webhooks.generateTestHeaderString.
import pg from 'pg';
import Stripe from 'stripe';
import request from 'supertest';
import { ErrorCodes, WORKSPACE_READ_ONLY_MESSAGE } from '@teamchat/contracts';
import { testPool, waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { register as registerAccount, stripeEvent } from './billing-helpers.js';
import { FakeStripeApi } from './stripe-api.fake.js';

const register = (url: string) => registerAccount(url, { firstName: 'Grace', lastName: 'Hopper' }, 78);

describe("workspace entitlements from Stripe webhooks (Stripe's HTTP API mocked by a local fake server)", () => {
  const stripe = new FakeStripeApi();
  let stack: TestStack;
  let db: pg.Pool;
  let created = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    await stripe.start();
    stack = await startTestStack({ env: stripe.env() });
    db = testPool(stack.databaseUrl, 2);
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await stack?.close();
    await stripe.close();
  });

  /** Signs and delivers a `customer.subscription.*` event carrying Stripe's subscription with `changes`. */
  const webhook = async (type: string, subscription: Record<string, unknown>, changes: Record<string, unknown>) => {
    created += 1;
    const payload = JSON.stringify(stripeEvent(type, { ...structuredClone(subscription), ...changes }, { created }));
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret });
    const res = await request(stack.url)
      .post('/api/stripe/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', header)
      .send(payload);
    expect(res.status).toBe(200);
  };

  /** A user who skipped payment, with a workspace on its own Stripe trial (no card), and the general channel. */
  const unpaidWorkspace = async () => {
    const agent = await register(stack.url);
    const ws = await agent.post('/api/workspaces').send({ name: 'Stripe Co' });
    expect(ws.status).toBe(201);
    const workspaceId = ws.body.id as string;
    const row = await waitFor(
      async () =>
        (
          await db.query<{ provider_subscription_id: string }>(
            'SELECT provider_subscription_id FROM billing.subscription WHERE workspace_id = $1',
            [workspaceId],
          )
        ).rows[0],
    );
    const channelId = ((await agent.get('/api/channels')).body as { id: string }[])[0].id;
    return { agent, workspaceId, channelId, subscription: stripe.subscriptions.get(row!.provider_subscription_id)! };
  };

  const postStatus = async (agent: request.Agent, channelId: string) =>
    (await agent.post(`/api/channels/${channelId}/messages`).send({ content: 'hello' })).status;

  it('locks the workspace on past_due and unlocks it when the subscription webhook says active', async () => {
    const { agent, channelId, subscription } = await unpaidWorkspace();
    expect(subscription.status).toBe('trialing');
    expect(await postStatus(agent, channelId)).toBe(201);

    await webhook('customer.subscription.updated', subscription, { status: 'past_due' });
    await waitFor(async () => (await postStatus(agent, channelId)) === 402);
    const refused = await agent.post(`/api/channels/${channelId}/messages`).send({ content: 'x' });
    expect(refused.body).toEqual({ error: WORKSPACE_READ_ONLY_MESSAGE, code: ErrorCodes.workspaceReadOnly });
    // chat and the workspace service each apply the event on their own: invites may lag a moment behind messages
    const inviteStatus = async () => (await agent.post('/api/invites').send({})).status;
    await waitFor(async () => (await inviteStatus()) === 402).catch(() => undefined);
    expect(await inviteStatus()).toBe(402);
    expect((await agent.get(`/api/channels/${channelId}/messages`)).status).toBe(200);

    await webhook('customer.subscription.updated', subscription, {
      status: 'active',
      trial_end: null,
      default_payment_method: 'pm_card_visa',
    });
    await waitFor(async () => (await postStatus(agent, channelId)) === 201);
    await waitFor(async () => (await inviteStatus()) === 201).catch(() => undefined);
    expect(await inviteStatus()).toBe(201);
  });

  it('locks the workspace when Stripe cancels its trial without a card, and a card added replaces the subscription', async () => {
    const { agent, workspaceId, channelId, subscription } = await unpaidWorkspace();
    // what Stripe does at the trial's end with missing_payment_method=cancel, then tells us
    subscription.status = 'canceled';
    await webhook('customer.subscription.deleted', subscription, {});
    await waitFor(async () => (await postStatus(agent, channelId)) === 402);
    // chat's cache and the workspace service's row each apply the event on their own: the list may lag a moment
    const readOnly = async () =>
      ((await agent.get('/api/workspaces')).body as { id: string; readOnly: boolean }[]).find(
        (w) => w.id === workspaceId,
      )?.readOnly;
    await waitFor(async () => (await readOnly()) === true).catch(() => undefined);
    expect(await readOnly()).toBe(true);

    // the offline provider's trial simulation does not exist with Stripe
    expect((await agent.post('/api/local-payments/end-trial').send({})).status).toBe(404);

    // the Billing tab's card form confirms a new SetupIntent; the canceled subscription is replaced by a paid one
    const started = await agent.post('/api/workspace-payment').send({});
    expect(started.status).toBe(200);
    expect(started.body.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    stripe.confirmSetupIntent(stripe.setupIntentBySecret(started.body.clientSecret as string)!.id as string);
    const verified = await agent.post('/api/workspace-payment/verify').send({});
    expect(verified.body).toEqual({ paymentCompleted: true, readOnly: false, writableUntil: null });
    const paid = stripe.requestsTo('POST', /^\/v1\/subscriptions$/).at(-1)!;
    expect(paid.body).toMatchObject({ customer: subscription.customer, payment_behavior: 'error_if_incomplete' });
    await waitFor(async () => (await postStatus(agent, channelId)) === 201);
  });
});
