// Billing with the Stripe provider through the gateway: the client points at a fake of Stripe's HTTP API, and webhooks
// are signed with stripe.webhooks.generateTestHeaderString.
import pg from 'pg';
import Stripe from 'stripe';
import request from 'supertest';
import { ErrorCodes, WORKSPACE_READ_ONLY_MESSAGE } from '@teamchat/contracts';
import { waitFor, testPool } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { register as registerAccount, stripeEvent } from './billing-helpers.js';
import { FakeStripeApi } from './stripe-api.fake.js';

const register = (url: string) => registerAccount(url, { firstName: 'Katherine', lastName: 'Johnson' }, 77);
const event = stripeEvent;

describe("billing with Stripe through the gateway, against a fake of Stripe's HTTP API", () => {
  const stripe = new FakeStripeApi();
  let stack: TestStack;
  let db: pg.Pool;

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

  const deliver = (payload: string, header: string) =>
    request(stack.url)
      .post('/api/stripe/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', header)
      .send(payload);
  const signed = (body: unknown, options: { secret?: string; timestamp?: number } = {}) => {
    const payload = JSON.stringify(body);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? stripe.webhookSecret,
      timestamp: options.timestamp,
    });
    return { payload, header };
  };

  const send = (body: unknown, options?: { secret?: string; timestamp?: number }) => {
    const { payload, header } = signed(body, options);
    return deliver(payload, header);
  };

  /** A user who paid through Stripe Elements (the fake's SetupIntent confirmed) and created a workspace. */
  const paidAdmin = async () => {
    const agent = await register(stack.url);
    const { body } = await agent.post('/api/create-signup-subscription').send({ seats: 10 });
    stripe.confirmSetupIntent(stripe.setupIntentBySecret(body.clientSecret)!.id as string);
    expect((await agent.post('/api/verify-payment-status').send({})).body).toEqual({ paymentCompleted: true });
    const ws = await agent.post('/api/workspaces').send({ name: 'Stripe Co' });
    expect((await agent.get('/api/subscription-details')).body.seats).toBe(10);
    const [row] = (
      await db.query<{ provider_subscription_id: string }>(
        'SELECT provider_subscription_id FROM billing.subscription WHERE workspace_id = $1',
        [ws.body.id],
      )
    ).rows;
    const subscription = stripe.subscriptions.get(row.provider_subscription_id)!;
    return { agent, workspaceId: ws.body.id as string, subscription };
  };

  /** Stripe's subscription object with a new quantity/status, as a webhook would carry it. */
  const subscriptionObject = (
    subscription: Record<string, unknown>,
    changes: { quantity?: number; status?: string },
  ) => {
    const copy = structuredClone(subscription) as { items: { data: { quantity: number }[] }; status: string };
    if (changes.quantity !== undefined) copy.items.data[0].quantity = changes.quantity;
    if (changes.status) copy.status = changes.status;
    return copy;
  };

  it("gives the SPA the publishable key and the client secret of the subscription's SetupIntent", async () => {
    expect((await request(stack.url).get('/api/billing/config')).body).toEqual({
      stripePublishableKey: stripe.publishableKey,
    });
    const agent = await register(stack.url);
    const res = await agent.post('/api/create-signup-subscription').send({ seats: 10 });
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    const offline = await agent
      .post('/api/local-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, cardNumber: '4242424242424242' });
    expect(offline.status).toBe(404);
  });

  it("answers a Stripe failure with 502 and its card errors with 402 and Stripe's message", async () => {
    const agent = await register(stack.url);
    stripe.failNext('POST', /^\/v1\/subscriptions$/, {
      status: 500,
      type: 'api_error',
      message: 'Something went wrong.',
    });
    const failed = await agent.post('/api/create-signup-subscription').send({ seats: 10 });
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({
      error: 'Payment processing failed. Please try again.',
      code: ErrorCodes.stripeError,
    });
    stripe.failNext('POST', /^\/v1\/subscriptions$/, {
      status: 402,
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const declined = await agent.post('/api/create-signup-subscription').send({ seats: 10 });
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ error: 'Your card has insufficient funds.', code: ErrorCodes.cardDeclined });
  });

  describe('webhooks', () => {
    it('applies a validly signed event: a quantity change moves the seats and the invite limit', async () => {
      const { agent, subscription } = await paidAdmin();
      const { payload, header } = signed(
        event('customer.subscription.updated', subscriptionObject(subscription, { quantity: 12 })),
      );
      const res = await deliver(payload, header);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
      expect((await agent.get('/api/subscription-details')).body).toMatchObject({ seats: 12, amount: 60 });
      // 12 seats: the admin and 11 pending invites
      await waitFor(
        async () =>
          (await agent.post('/api/invites').send({})).status === 409 &&
          (await agent.get('/api/invites')).body.length === 11,
        { timeoutMs: 10_000 },
      );
    });

    it('refuses a tampered body with 400 and applies nothing', async () => {
      const { agent, subscription } = await paidAdmin();
      const { payload, header } = signed(
        event('customer.subscription.updated', subscriptionObject(subscription, { quantity: 40 })),
      );
      const res = await deliver(payload.replace('"quantity":40', '"quantity":400'), header);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid Stripe signature', code: ErrorCodes.webhookSignature });
      expect((await agent.get('/api/subscription-details')).body.seats).toBe(10);
    });

    it('refuses an event signed with another secret with 400', async () => {
      const { agent, subscription } = await paidAdmin();
      const body = event('customer.subscription.updated', subscriptionObject(subscription, { quantity: 40 }));
      const res = await send(body, { secret: 'whsec_someone_else' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCodes.webhookSignature);
      expect((await agent.get('/api/subscription-details')).body.seats).toBe(10);
    });

    it('refuses a delivery signed more than 300 seconds ago with 400', async () => {
      const { agent, subscription } = await paidAdmin();
      const body = event('customer.subscription.updated', subscriptionObject(subscription, { quantity: 40 }));
      const stale = signed(body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
      expect((await deliver(stale.payload, stale.header)).status).toBe(400);
      expect((await agent.get('/api/subscription-details')).body.seats).toBe(10);
      // within the tolerance it is accepted
      const recent = signed(body, { timestamp: Math.floor(Date.now() / 1000) - 250 });
      expect((await deliver(recent.payload, recent.header)).status).toBe(200);
      expect((await agent.get('/api/subscription-details')).body.seats).toBe(40);
    });

    it('refuses a delivery without a signature header or with a body that is not an event', async () => {
      const res = await request(stack.url)
        .post('/api/stripe/webhook')
        .set('content-type', 'application/json')
        .send('{"id":"evt_1"}');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Missing Stripe signature', code: ErrorCodes.webhookSignature });
      const notJson = 'not json at all';
      const header = Stripe.webhooks.generateTestHeaderString({ payload: notJson, secret: stripe.webhookSecret });
      const bad = await request(stack.url)
        .post('/api/stripe/webhook')
        .set('content-type', 'text/plain')
        .set('stripe-signature', header)
        .send(notJson);
      expect(bad.status).toBe(400);
    });

    it('processes a redelivered event id once', async () => {
      const { agent, subscription } = await paidAdmin();
      const created = Math.floor(Date.now() / 1000);
      const first = event('customer.subscription.updated', subscriptionObject(subscription, { quantity: 12 }), {
        created,
      });
      const second = event('customer.subscription.updated', subscriptionObject(subscription, { quantity: 15 }), {
        created,
      });
      expect((await send(first)).status).toBe(200);
      expect((await send(second)).status).toBe(200);
      expect((await agent.get('/api/subscription-details')).body.seats).toBe(15);
      // Stripe retries the first event (same id, freshly signed): acknowledged, not applied again
      const again = await send(first);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ received: true });
      expect((await agent.get('/api/subscription-details')).body.seats).toBe(15);
      const rows = await db.query('SELECT 1 FROM billing.processed_webhook_event WHERE event_id = $1', [first.id]);
      expect(rows.rowCount).toBe(1);
    });

    it('ignores an event older than the last one applied to the subscription', async () => {
      const { agent, subscription } = await paidAdmin();
      const now = Math.floor(Date.now() / 1000);
      const newer = event('customer.subscription.updated', subscriptionObject(subscription, { quantity: 20 }), {
        created: now + 5,
      });
      const older = event('customer.subscription.updated', subscriptionObject(subscription, { quantity: 11 }), {
        created: now,
      });
      await send(newer);
      await send(older);
      expect((await agent.get('/api/subscription-details')).body.seats).toBe(20);
    });

    it("confirms the payment on setup_intent.succeeded without waiting for the SPA's poll", async () => {
      const agent = await register(stack.url);
      const { body } = await agent.post('/api/create-signup-subscription').send({ seats: 10 });
      const setup = stripe.setupIntentBySecret(body.clientSecret)!;
      const card = stripe.confirmSetupIntent(setup.id as string);
      const { payload, header } = signed(event('setup_intent.succeeded', { ...setup, payment_method: card }));
      expect((await deliver(payload, header)).status).toBe(200);
      expect((await agent.get('/api/auth/user')).body).toMatchObject({
        paymentCompleted: true,
        stripeSubscriptionId: expect.stringMatching(/^sub_/),
      });
    });

    it("cancels the workspace's seats on customer.subscription.deleted", async () => {
      const { agent, subscription } = await paidAdmin();
      const deleted = signed(
        event('customer.subscription.deleted', subscriptionObject(subscription, { status: 'canceled' })),
      );
      expect((await deliver(deleted.payload, deleted.header)).status).toBe(200);
      expect((await agent.get('/api/subscription-details')).body).toMatchObject({ seats: 10, onTrial: false });
      const buy = await agent.post('/api/purchase-seats').send({ additionalSeats: 1 });
      expect(buy.status).toBe(409);
      expect(buy.body.code).toBe(ErrorCodes.subscriptionCanceled);
      // a canceled workspace is read-only: inviting is refused for that before its seats are counted
      const invite = await agent.post('/api/invites').send({});
      expect(invite.status).toBe(402);
      expect(invite.body).toEqual({ error: WORKSPACE_READ_ONLY_MESSAGE, code: ErrorCodes.workspaceReadOnly });
    });

    it('records a failed invoice payment and the trial-ending notice', async () => {
      const { agent, subscription, workspaceId } = await paidAdmin();
      const ending = signed(event('customer.subscription.trial_will_end', subscription));
      expect((await deliver(ending.payload, ending.header)).status).toBe(200);
      const failed = signed(
        event('invoice.payment_failed', {
          id: 'in_1',
          object: 'invoice',
          parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
          last_finalization_error: { message: 'Your card was declined.' },
        }),
      );
      expect((await deliver(failed.payload, failed.header)).status).toBe(200);
      const [row] = (
        await db.query<{ status: string; last_payment_error: string; trial_ending_notified_at: Date | null }>(
          'SELECT status, last_payment_error, trial_ending_notified_at FROM billing.subscription WHERE workspace_id = $1',
          [workspaceId],
        )
      ).rows;
      expect(row).toMatchObject({ status: 'past_due', last_payment_error: 'Your card was declined.' });
      expect(row.trial_ending_notified_at).toBeInstanceOf(Date);
      expect((await agent.get('/api/subscription-details')).body.onTrial).toBe(false);
    });

    it('acknowledges event types it does not handle', async () => {
      const { payload, header } = signed(event('customer.created', { id: 'cus_x', object: 'customer' }));
      const res = await deliver(payload, header);
      expect(res.status).toBe(200);
    });
  });
});
