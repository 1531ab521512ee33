import { BillingContracts, ErrorCodes } from '@teamchat/contracts';
import { waitFor } from '@teamchat/testing';
import { FakeStripeApi } from './stripe-api.fake.js';
import { newUser, startBillingHarness, type BillingHarness } from './billing.harness.js';

const fails = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error('expected a failure');
};

describe("billing with the Stripe provider, against a fake of Stripe's HTTP API", () => {
  const stripe = new FakeStripeApi();
  let h: BillingHarness;

  beforeAll(async () => {
    await stripe.start();
    h = await startBillingHarness(stripe.env());
  });
  afterAll(async () => {
    await h?.close();
    await stripe.close();
  });
  beforeEach(() => stripe.reset());

  const signup = (userId: string, seats: number) =>
    h.bus.request(BillingContracts.createSignupSubscription, { actor: { userId, workspaceId: null }, seats });
  const verify = (userId: string) =>
    h.bus.request(BillingContracts.verifyPayment, { actor: { userId, workspaceId: null } });

  it('exposes the publishable key so the SPA shows Stripe Elements', async () => {
    expect(await h.bus.request(BillingContracts.config, {})).toEqual({ stripePublishableKey: stripe.publishableKey });
  });

  describe('signup subscription', () => {
    it('creates a customer and a 3-day trial subscription with default_incomplete, and returns the SetupIntent client secret', async () => {
      const userId = newUser(h.neighbours);
      const { clientSecret } = await signup(userId, 10);

      const [customer] = stripe.requestsTo('POST', /^\/v1\/customers$/);
      expect(customer.body).toEqual({ email: h.neighbours.emails.get(userId), metadata: { userId } });
      expect(customer.headers['idempotency-key']).toBe(`customer:${userId}`);

      const [subscription] = stripe.requestsTo('POST', /^\/v1\/subscriptions$/);
      expect(subscription.body).toMatchObject({
        customer: expect.stringMatching(/^cus_/),
        items: [{ price: stripe.priceId, quantity: '10' }],
        trial_period_days: '3',
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
        expand: ['pending_setup_intent'],
        metadata: { userId, purpose: 'signup' },
      });
      expect(subscription.headers['idempotency-key']).toMatch(
        new RegExp(`^signup-subscription:${userId}:[0-9a-f-]{36}$`),
      );
      expect(subscription.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
      expect(stripe.setupIntentBySecret(clientSecret)).toMatchObject({ status: 'requires_payment_method' });
    });

    it('answers the same client secret again without asking Stripe for another subscription', async () => {
      const userId = newUser(h.neighbours);
      const first = await signup(userId, 5);
      const second = await signup(userId, 5);
      expect(second).toEqual(first);
      expect(stripe.requestsTo('POST', /^\/v1\/subscriptions$/)).toHaveLength(1);
      expect(stripe.requestsTo('POST', /^\/v1\/customers$/)).toHaveLength(1);
    });

    it('reuses the customer (same idempotency key) when a user signs up a second time', async () => {
      const userId = newUser(h.neighbours);
      await signup(userId, 5);
      const rows = await h.sql<{ n: string }>('SELECT count(*) AS n FROM billing.customer WHERE user_id = $1', [
        userId,
      ]);
      expect(rows[0].n).toBe('1');
    });

    it("passes a declined card on subscription creation on as BILLING.CARD_DECLINED with Stripe's message", async () => {
      stripe.failNext('POST', /^\/v1\/subscriptions$/, {
        status: 402,
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      const err = await fails(signup(newUser(h.neighbours), 5));
      expect(err).toMatchObject({ code: ErrorCodes.cardDeclined, message: 'Your card was declined.' });
    });

    it('answers BILLING.PROVIDER_ERROR when Stripe refuses the request or fails, and stores nothing', async () => {
      const userId = newUser(h.neighbours);
      stripe.failNext('POST', /^\/v1\/subscriptions$/, {
        status: 400,
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such price: 'price_seat_monthly'",
      });
      expect(await fails(signup(userId, 5))).toMatchObject({
        code: ErrorCodes.stripeError,
        message: 'Payment processing failed. Please try again.',
      });
      stripe.failNext('POST', /^\/v1\/subscriptions$/, {
        status: 500,
        type: 'api_error',
        message: "Something went wrong on Stripe's end.",
      });
      expect(await fails(signup(userId, 5))).toMatchObject({ code: ErrorCodes.stripeError });
      expect(await h.sql('SELECT 1 FROM billing.subscription WHERE user_id = $1', [userId])).toHaveLength(0);
      // the next attempt goes through with a fresh key
      const { clientSecret } = await signup(userId, 5);
      expect(clientSecret).toMatch(/^seti_/);
      const keys = stripe.requestsTo('POST', /^\/v1\/subscriptions$/).map((r) => r.headers['idempotency-key']);
      expect(new Set(keys).size).toBe(3);
    });
  });

  describe('payment verification', () => {
    it('is false until the SetupIntent succeeds, then true and the user is marked as paid', async () => {
      const userId = newUser(h.neighbours);
      const { clientSecret } = await signup(userId, 10);
      expect(await verify(userId)).toEqual({ paymentCompleted: false });
      expect(stripe.requestsTo('GET', /^\/v1\/setup_intents\/seti_/)).toHaveLength(1);
      expect(h.neighbours.paymentCompleted.filter((c) => c.userId === userId)).toHaveLength(0);

      const setup = stripe.setupIntentBySecret(clientSecret)!;
      const card = stripe.confirmSetupIntent(setup.id as string);
      expect(await verify(userId)).toEqual({ paymentCompleted: true });

      const [subscription] = await h.sql<{ provider_subscription_id: string }>(
        'SELECT provider_subscription_id FROM billing.subscription WHERE user_id = $1',
        [userId],
      );
      expect(h.neighbours.paymentCompleted).toContainEqual({
        userId,
        stripeCustomerId: expect.stringMatching(/^cus_/),
        stripeSubscriptionId: subscription.provider_subscription_id,
      });
      // the card becomes the customer's default, so later subscriptions are billed to it
      const [update] = stripe.requestsTo('POST', /^\/v1\/customers\/cus_/);
      expect(update.body).toEqual({ invoice_settings: { default_payment_method: card } });
    });

    it('is false for a user who never started a subscription', async () => {
      expect(await verify(newUser(h.neighbours))).toEqual({ paymentCompleted: false });
    });

    it('answers BILLING.PROVIDER_ERROR when Stripe cannot be asked', async () => {
      const userId = newUser(h.neighbours);
      await signup(userId, 5);
      stripe.failNext('GET', /^\/v1\/setup_intents\//, {
        status: 429,
        type: 'rate_limit_error',
        message: 'Too many requests',
      });
      expect(await fails(verify(userId))).toMatchObject({ code: ErrorCodes.stripeError });
    });
  });

  describe('workspaces and seats', () => {
    const paidUser = async (seats: number) => {
      const userId = newUser(h.neighbours);
      const { clientSecret } = await signup(userId, seats);
      stripe.confirmSetupIntent(stripe.setupIntentBySecret(clientSecret)!.id as string);
      await verify(userId);
      return userId;
    };

    it('attaches the paid signup subscription to the first workspace and announces its seats', async () => {
      const userId = await paidUser(10);
      const workspaceId = await h.createWorkspace(userId);
      await waitFor(() => h.neighbours.seatLimit.get(workspaceId) === 10);
      const details = await h.bus.request(BillingContracts.subscriptionDetails, { actor: { userId, workspaceId } });
      expect(details).toMatchObject({ seats: 10, amount: 50, onTrial: true });
      expect(new Date(details.trialEnd!).getTime() - Date.now()).toBeGreaterThan(3 * 86400_000 - 60_000);
      await waitFor(() => h.neighbours.attachedEvents.some((e) => e.workspaceId === workspaceId));
      expect(h.neighbours.attachedEvents.find((e) => e.workspaceId === workspaceId)).toMatchObject({
        provider: 'stripe',
        customerId: expect.stringMatching(/^cus_/),
        subscriptionId: expect.stringMatching(/^sub_/),
        seats: 10,
      });
    });

    it('changes the subscription quantity with proration and an idempotency key per purchase', async () => {
      const userId = await paidUser(10);
      const workspaceId = await h.createWorkspace(userId);
      await waitFor(() => h.neighbours.seatLimit.get(workspaceId) === 10);
      const actor = { userId, workspaceId };

      expect(await h.bus.request(BillingContracts.purchaseSeats, { actor, additionalSeats: 5 })).toEqual({
        message: 'Added 5 seats',
      });
      await h.bus.request(BillingContracts.purchaseSeats, { actor, additionalSeats: 1 });

      const updates = stripe.requestsTo('POST', /^\/v1\/subscriptions\/sub_/);
      expect(updates.map((u) => u.body)).toEqual([
        { items: [{ id: expect.stringMatching(/^si_/), quantity: '15' }], proration_behavior: 'create_prorations' },
        { items: [{ id: expect.stringMatching(/^si_/), quantity: '16' }], proration_behavior: 'create_prorations' },
      ]);
      const keys = updates.map((u) => u.headers['idempotency-key']);
      expect(keys.every((k) => /^seat-purchase:[0-9a-f-]{36}$/.test(k!))).toBe(true);
      expect(new Set(keys).size).toBe(2);
      expect(h.neighbours.seatLimit.get(workspaceId)).toBe(16);
      expect(await h.bus.request(BillingContracts.subscriptionDetails, { actor })).toMatchObject({
        seats: 16,
        amount: 80,
      });
    });

    it('keeps the seats when Stripe fails the quantity change, and announces nothing', async () => {
      const userId = await paidUser(5);
      const workspaceId = await h.createWorkspace(userId);
      await waitFor(() => h.neighbours.seatLimit.get(workspaceId) === 5);
      const events = h.neighbours.seatEvents.length;
      stripe.failNext('POST', /^\/v1\/subscriptions\/sub_/, {
        status: 500,
        type: 'api_error',
        message: 'Something went wrong.',
      });
      const err = await fails(
        h.bus.request(BillingContracts.purchaseSeats, { actor: { userId, workspaceId }, additionalSeats: 3 }),
      );
      expect(err).toMatchObject({ code: ErrorCodes.stripeError });
      expect(
        await h.bus.request(BillingContracts.subscriptionDetails, { actor: { userId, workspaceId } }),
      ).toMatchObject({ seats: 5 });
      expect(h.neighbours.seatEvents.length).toBe(events);
      expect(await h.sql('SELECT 1 FROM billing.seat_purchase WHERE workspace_id = $1', [workspaceId])).toHaveLength(0);
    });

    it('gives an additional workspace its own 5-seat trial billed to the card saved at signup', async () => {
      const userId = await paidUser(30);
      const first = await h.createWorkspace(userId);
      await waitFor(() => h.neighbours.seatLimit.get(first) === 30);
      stripe.reset();
      const second = await h.createWorkspace(userId);
      await waitFor(() => h.neighbours.seatLimit.get(second) === 5);

      const [created] = stripe.requestsTo('POST', /^\/v1\/subscriptions$/);
      const [customer] = [...stripe.customers.values()].filter(
        (c) => (c.metadata as { userId: string }).userId === userId,
      );
      expect(created.body).toMatchObject({
        customer: customer.id,
        items: [{ price: stripe.priceId, quantity: '5' }],
        trial_period_days: '3',
        payment_behavior: 'default_incomplete',
        default_payment_method: (customer.invoice_settings as { default_payment_method: string })
          .default_payment_method,
        metadata: { userId, workspaceId: second, purpose: 'workspace' },
      });
      expect(created.headers['idempotency-key']).toBe(`workspace-subscription:${second}`);
      expect(
        await h.bus.request(BillingContracts.subscriptionDetails, { actor: { userId, workspaceId: second } }),
      ).toMatchObject({
        seats: 5,
        amount: 25,
        onTrial: true,
      });
      expect(
        await h.bus.request(BillingContracts.subscriptionDetails, { actor: { userId, workspaceId: first } }),
      ).toMatchObject({
        seats: 30,
      });
    });
  });

  it('refuses the offline card form while Stripe is the provider', async () => {
    const err = await fails(
      h.bus.request(BillingContracts.confirmLocalPayment, {
        actor: { userId: newUser(h.neighbours), workspaceId: null },
        clientSecret: 'seti_x_secret_y',
        cardNumber: '4242424242424242',
      }),
    );
    expect(err).toMatchObject({ code: ErrorCodes.paymentNotFound, message: 'Offline payments are not enabled' });
  });
});
