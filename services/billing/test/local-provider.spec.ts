// The offline payment provider and the billing rules around it, at the service level (billing alone on the bus).
import { DataSource } from 'typeorm';
import { BillingContracts, ErrorCodes, WorkspaceEvents } from '@teamchat/contracts';
import { dataSourceOptions } from '@teamchat/database';
import { waitFor } from '@teamchat/testing';
import { localPaymentEntities } from '../src/providers/local/local-payment.entities.js';
import { LocalPaymentProvider } from '../src/providers/local/local.provider.js';
import { newUser, startBillingHarness, type BillingHarness } from './billing.harness.js';

const fails = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error('expected a failure');
};

describe(LocalPaymentProvider.name, () => {
  let h: BillingHarness;
  let ds: DataSource;

  beforeAll(async () => {
    h = await startBillingHarness();
    ds = await new DataSource(
      dataSourceOptions({
        schema: 'billing',
        url: h.env.DATABASE_URL!,
        entities: localPaymentEntities,
        migrations: [],
        poolSize: 2,
      }),
    ).initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
    await h?.close();
  });

  const signup = (userId: string, seats = 5) =>
    h.bus.request(BillingContracts.createSignupSubscription, { actor: { userId, workspaceId: null }, seats });
  const confirm = (userId: string, clientSecret: string, cardNumber: string) =>
    h.bus.request(BillingContracts.confirmLocalPayment, {
      actor: { userId, workspaceId: null },
      clientSecret,
      cardNumber,
    });

  it('keeps its state in the billing schema: customer, trial subscription and a pending setup', async () => {
    const userId = newUser(h.neighbours);
    const { clientSecret } = await signup(userId, 10);
    const [row] = await h.sql<{
      quantity: number;
      status: string;
      trial_end: Date;
      setup_status: string;
      email: string;
    }>(
      `SELECT s.quantity, s.status, s.trial_end, i.status AS setup_status, c.email
         FROM billing.local_setup_intent i
         JOIN billing.local_subscription s ON s.id = i.subscription_id
         JOIN billing.local_customer c ON c.id = s.customer_id
        WHERE i.client_secret = $1`,
      [clientSecret],
    );
    expect(row).toMatchObject({
      quantity: 10,
      status: 'trialing',
      setup_status: 'requires_payment_method',
      email: h.neighbours.emails.get(userId),
    });
    expect(row.trial_end.getTime() - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
  });

  it('saves only the brand and last four digits of a confirmed card', async () => {
    const userId = newUser(h.neighbours);
    const { clientSecret } = await signup(userId);
    expect(await confirm(userId, clientSecret, '5555 5555 5555 4444')).toEqual({ status: 'succeeded' });
    const cards = await h.sql<{ brand: string; last4: string }>(
      `SELECT m.brand, m.last4 FROM billing.local_payment_method m
         JOIN billing.local_setup_intent i ON i.payment_method = m.id::text WHERE i.client_secret = $1`,
      [clientSecret],
    );
    expect(cards).toEqual([{ brand: 'mastercard', last4: '4444' }]);
    const dump = JSON.stringify(await h.sql('SELECT * FROM billing.local_payment_method'));
    expect(dump).not.toContain('5555555555554444');
  });

  it("answers Stripe's test decline cards with their messages and records the decline code", async () => {
    const userId = newUser(h.neighbours);
    const { clientSecret } = await signup(userId);
    expect(await fails(confirm(userId, clientSecret, '4000000000009995'))).toMatchObject({
      code: ErrorCodes.cardDeclined,
      message: 'Your card has insufficient funds.',
    });
    expect(await fails(confirm(userId, clientSecret, '4000000000000069'))).toMatchObject({
      message: 'Your card has expired.',
    });
    const [setup] = await h.sql<{ status: string; last_error_code: string }>(
      'SELECT status, last_error_code FROM billing.local_setup_intent WHERE client_secret = $1',
      [clientSecret],
    );
    expect(setup).toEqual({ status: 'requires_payment_method', last_error_code: 'expired_card' });
  });

  it('changes nothing when a confirmed setup is confirmed again', async () => {
    const userId = newUser(h.neighbours);
    const { clientSecret } = await signup(userId);
    await confirm(userId, clientSecret, '4242424242424242');
    expect(await confirm(userId, clientSecret, '4000000000000002')).toEqual({ status: 'succeeded' });
    const cards = await h.sql(
      `SELECT 1 FROM billing.local_payment_method m JOIN billing.local_setup_intent i ON i.customer_id = m.customer_id
        WHERE i.client_secret = $1`,
      [clientSecret],
    );
    expect(cards).toHaveLength(1);
  });

  it('answers a repeated idempotency key with the object the first call made, and refuses it for another call', async () => {
    const provider = new LocalPaymentProvider(ds);
    const a = await provider.createCustomer({
      userId: newUser(h.neighbours),
      email: null,
      idempotencyKey: 'k-customer',
    });
    const b = await provider.createCustomer({
      userId: newUser(h.neighbours),
      email: null,
      idempotencyKey: 'k-customer',
    });
    expect(b).toEqual(a);
    const input = {
      customerId: a.id,
      seats: 5,
      trialDays: 3,
      defaultPaymentMethod: null,
      metadata: {},
      idempotencyKey: 'k-sub',
    };
    const [first, second] = await Promise.all([
      provider.createTrialSubscription(input),
      provider.createTrialSubscription(input),
    ]);
    expect(second).toEqual(first);
    expect(await h.sql('SELECT 1 FROM billing.local_subscription WHERE customer_id = $1', [a.id])).toHaveLength(1);
    expect(
      await fails(provider.updateSeats({ subscriptionId: first.id, itemId: null, seats: 9, idempotencyKey: 'k-sub' })),
    ).toMatchObject({
      code: ErrorCodes.stripeError,
    });
  });

  it('ends the trial like Stripe: active with a card, canceled without one (and then refuses quantity changes)', async () => {
    const later = new Date(Date.now() + 4 * 86_400_000);
    const today = new LocalPaymentProvider(ds);
    const inFourDays = new LocalPaymentProvider(ds, () => later);
    const customer = await today.createCustomer({
      userId: newUser(h.neighbours),
      email: null,
      idempotencyKey: `c-${Date.now()}`,
    });
    const unpaid = await today.createTrialSubscription({
      customerId: customer.id,
      seats: 5,
      trialDays: 3,
      defaultPaymentMethod: null,
      metadata: {},
      idempotencyKey: `unpaid-${Date.now()}`,
    });
    await today.confirmSetup(unpaid.setupIntent!.clientSecret, '4242424242424242');
    const paid = await today.getSetupState({ setupIntentId: unpaid.setupIntent!.id, subscriptionId: unpaid.id });
    expect(paid.confirmed).toBe(true);
    const noCard = await today.createTrialSubscription({
      customerId: customer.id,
      seats: 5,
      trialDays: 3,
      defaultPaymentMethod: null,
      metadata: {},
      idempotencyKey: `nocard-${Date.now()}`,
    });
    expect(
      (
        await inFourDays.updateSeats({
          subscriptionId: unpaid.id,
          itemId: null,
          seats: 6,
          idempotencyKey: `u1-${Date.now()}`,
        })
      ).status,
    ).toBe('active');
    expect(
      await fails(
        inFourDays.updateSeats({
          subscriptionId: noCard.id,
          itemId: null,
          seats: 6,
          idempotencyKey: `u2-${Date.now()}`,
        }),
      ),
    ).toMatchObject({
      code: ErrorCodes.stripeError,
    });
  });

  describe('signup and workspaces over the bus', () => {
    it('hands concurrent signup calls of one user the same client secret', async () => {
      const userId = newUser(h.neighbours);
      const results = await Promise.all([signup(userId), signup(userId), signup(userId)]);
      expect(new Set(results.map((r) => r.clientSecret)).size).toBe(1);
      expect(await h.sql('SELECT 1 FROM billing.subscription WHERE user_id = $1', [userId])).toHaveLength(1);
    });

    it('marks the user as paid in identity with the provider ids once verified', async () => {
      const userId = newUser(h.neighbours);
      const { clientSecret } = await signup(userId);
      await confirm(userId, clientSecret, '4242424242424242');
      expect(await h.bus.request(BillingContracts.verifyPayment, { actor: { userId, workspaceId: null } })).toEqual({
        paymentCompleted: true,
      });
      expect(h.neighbours.paymentCompleted).toContainEqual({
        userId,
        stripeCustomerId: expect.any(String),
        stripeSubscriptionId: expect.any(String),
      });
    });

    it('attaches one subscription per workspace even when the created event arrives twice', async () => {
      const userId = newUser(h.neighbours);
      const workspaceId = await h.createWorkspace(userId);
      await h.bus.emit(WorkspaceEvents.workspaceCreated, { workspaceId, name: 'Acme', createdBy: userId });
      // both deliveries handled: the second one re-announces the seats
      await waitFor(() => h.neighbours.seatEvents.filter((e) => e.workspaceId === workspaceId).length === 2);
      expect(h.neighbours.seatLimit.get(workspaceId)).toBe(5);
      expect(await h.sql('SELECT 1 FROM billing.subscription WHERE workspace_id = $1', [workspaceId])).toHaveLength(1);
      expect(await h.bus.request(BillingContracts.workspaceSeats, { workspaceId })).toEqual({ workspaceId, seats: 5 });
    });

    it('leaves an unpaid signup subscription pending when its user creates a workspace', async () => {
      const userId = newUser(h.neighbours);
      const { clientSecret } = await signup(userId, 30);
      const workspaceId = await h.createWorkspace(userId);
      await waitFor(() => h.neighbours.seatLimit.get(workspaceId) === 5);
      // paying afterwards: the pending 30-seat subscription waits for the next workspace
      await confirm(userId, clientSecret, '4242424242424242');
      await h.bus.request(BillingContracts.verifyPayment, { actor: { userId, workspaceId } });
      const next = await h.createWorkspace(userId);
      await waitFor(() => h.neighbours.seatLimit.get(next) === 30);
    });

    it('answers the seats of a workspace without a subscription with null', async () => {
      const workspaceId = '00000000-0000-4000-8000-000000000000';
      expect(await h.bus.request(BillingContracts.workspaceSeats, { workspaceId })).toEqual({
        workspaceId,
        seats: null,
      });
    });
  });
});
