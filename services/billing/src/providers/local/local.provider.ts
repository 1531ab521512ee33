import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { BillingErrors } from '../../billing.errors.js';
import type {
  CreateCustomerInput,
  CreatedSubscription,
  CreatePaidSubscriptionInput,
  CreateSetupIntentInput,
  CreateTrialSubscriptionInput,
  PaymentProvider,
  ProviderSubscription,
  SetupState,
  SubscriptionStatus,
  UpdateSeatsInput,
} from '../payment-provider.js';
import {
  LocalCustomerEntity,
  LocalIdempotencyKeyEntity,
  LocalPaymentMethodEntity,
  LocalSetupIntentEntity,
  LocalSubscriptionEntity,
} from './local-payment.entities.js';
import { cardBrand, declineFor } from './test-cards.js';

export const LOCAL_PAYMENTS_DATA_SOURCE = Symbol('LOCAL_PAYMENTS_DATA_SOURCE');

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The offline payment provider (standalone runs and tests): the same trial-subscription flow as Stripe with no
 * network. Its state lives in the billing schema; card setups are confirmed by `confirmSetup` from the SPA's plain
 * card form, answering like Stripe's test cards. It stands in for an external system, so it works on its own
 * connection pool: a billing transaction waiting on it can never starve it of connections.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly publishableKey = null;

  constructor(
    private readonly ds: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createCustomer(input: CreateCustomerInput): Promise<{ id: string }> {
    const id = await this.idempotent(input.idempotencyKey, 'customer.create', async (m) => {
      const customer = await m.save(
        m.create(LocalCustomerEntity, {
          email: input.email,
          metadata: { userId: input.userId },
          defaultPaymentMethod: null,
        }),
      );
      return customer.id;
    });
    return { id };
  }

  async createTrialSubscription(input: CreateTrialSubscriptionInput): Promise<CreatedSubscription> {
    const id = await this.idempotent(input.idempotencyKey, 'subscription.create', async (m) => {
      const customer = await m.findOneBy(LocalCustomerEntity, { id: input.customerId });
      if (!customer) throw BillingErrors.providerFailed();
      if (input.defaultPaymentMethod) {
        const card = await m.findOneBy(LocalPaymentMethodEntity, {
          id: input.defaultPaymentMethod,
          customerId: customer.id,
        });
        if (!card) throw BillingErrors.providerFailed();
      }
      const subscription = await m.save(
        m.create(LocalSubscriptionEntity, {
          customerId: customer.id,
          quantity: input.seats,
          status: 'trialing',
          trialEnd: new Date(this.now().getTime() + input.trialDays * DAY_MS),
          defaultPaymentMethod: input.defaultPaymentMethod,
          metadata: input.metadata,
        }),
      );
      if (!input.defaultPaymentMethod) await m.save(this.newSetupIntent(m, customer.id, subscription.id));
      return subscription.id;
    });
    const subscription = await this.ds.manager.findOneByOrFail(LocalSubscriptionEntity, { id });
    const setup = await this.ds.manager.findOneBy(LocalSetupIntentEntity, { subscriptionId: id });
    return {
      ...this.toProvider(subscription),
      setupIntent: setup ? { id: setup.id, clientSecret: setup.clientSecret } : null,
    };
  }

  async getSetupState(input: { setupIntentId: string | null; subscriptionId: string }): Promise<SetupState> {
    if (input.setupIntentId) {
      const setup = await this.ds.manager.findOneBy(LocalSetupIntentEntity, { id: input.setupIntentId });
      if (!setup) throw BillingErrors.providerFailed();
      if (setup.status === 'succeeded') return { confirmed: true, paymentMethod: setup.paymentMethod };
    }
    const subscription = await this.ds.manager.findOneBy(LocalSubscriptionEntity, { id: input.subscriptionId });
    if (!subscription) throw BillingErrors.providerFailed();
    const status = this.statusOf(subscription);
    if ((status === 'trialing' || status === 'active') && subscription.defaultPaymentMethod) {
      return { confirmed: true, paymentMethod: subscription.defaultPaymentMethod };
    }
    return { confirmed: false, paymentMethod: null };
  }

  async setDefaultPaymentMethod(input: { customerId: string; paymentMethod: string }): Promise<void> {
    const result = await this.ds.manager.update(
      LocalCustomerEntity,
      { id: input.customerId },
      { defaultPaymentMethod: input.paymentMethod },
    );
    if (!result.affected) throw BillingErrors.providerFailed();
  }

  async updateSeats(input: UpdateSeatsInput): Promise<ProviderSubscription> {
    const id = await this.idempotent(input.idempotencyKey, 'subscription.update', async (m) => {
      const subscription = await m.findOne(LocalSubscriptionEntity, {
        where: { id: input.subscriptionId },
        lock: { mode: 'pessimistic_write' },
      });
      // as Stripe: a canceled subscription's items can no longer change
      if (!subscription || this.statusOf(subscription) === 'canceled') throw BillingErrors.providerFailed();
      subscription.quantity = input.seats;
      await m.save(subscription);
      return subscription.id;
    });
    return this.toProvider(await this.ds.manager.findOneByOrFail(LocalSubscriptionEntity, { id }));
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    const subscription = await this.ds.manager.findOneBy(LocalSubscriptionEntity, { id: subscriptionId });
    if (!subscription) throw BillingErrors.providerFailed();
    return this.toProvider(subscription);
  }

  async createSetupIntent(input: CreateSetupIntentInput): Promise<{ id: string; clientSecret: string }> {
    const id = await this.idempotent(input.idempotencyKey, 'setup_intent.create', async (m) => {
      const customer = await m.findOneBy(LocalCustomerEntity, { id: input.customerId });
      if (!customer) throw BillingErrors.providerFailed();
      return (await m.save(this.newSetupIntent(m, customer.id, null))).id;
    });
    const setup = await this.ds.manager.findOneByOrFail(LocalSetupIntentEntity, { id });
    return { id: setup.id, clientSecret: setup.clientSecret };
  }

  async createPaidSubscription(input: CreatePaidSubscriptionInput): Promise<ProviderSubscription> {
    const id = await this.idempotent(input.idempotencyKey, 'subscription.create', async (m) => {
      const card = await m.findOneBy(LocalPaymentMethodEntity, {
        id: input.paymentMethod,
        customerId: input.customerId,
      });
      if (!card) throw BillingErrors.providerFailed();
      const subscription = await m.save(
        m.create(LocalSubscriptionEntity, {
          customerId: input.customerId,
          quantity: input.seats,
          status: 'active',
          trialEnd: null,
          defaultPaymentMethod: card.id,
          metadata: input.metadata,
        }),
      );
      return subscription.id;
    });
    return this.toProvider(await this.ds.manager.findOneByOrFail(LocalSubscriptionEntity, { id }));
  }

  /** The trial ends now, as the clock would end it: what tests and standalone runs use instead of waiting 3 days. */
  async endTrialNow(subscriptionId: string): Promise<ProviderSubscription> {
    await this.ds.transaction(async (m) => {
      const subscription = await m.findOne(LocalSubscriptionEntity, {
        where: { id: subscriptionId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!subscription) throw BillingErrors.providerFailed();
      if (subscription.status !== 'trialing') return;
      subscription.trialEnd = new Date(Math.min(this.now().getTime(), subscription.trialEnd?.getTime() ?? Infinity));
      // the trial-end transition, persisted (statusOf applies the same rule lazily to trials the clock ends)
      subscription.status = this.statusOf(subscription);
      await m.save(subscription);
    });
    return this.getSubscription(subscriptionId);
  }

  /**
   * The card form's confirmation of a pending setup (what Stripe.js does against Stripe). Declined cards leave the
   * setup pending with the decline recorded and fail with the card's message; confirming a succeeded setup again
   * changes nothing.
   */
  async confirmSetup(clientSecret: string, cardNumber: string): Promise<{ status: 'succeeded' }> {
    const decline = declineFor(cardNumber);
    const outcome = await this.ds.transaction(async (m) => {
      const setup = await m.findOne(LocalSetupIntentEntity, {
        where: { clientSecret },
        lock: { mode: 'pessimistic_write' },
      });
      if (!setup) throw BillingErrors.paymentNotFound();
      if (setup.status === 'succeeded') return 'already';
      if (decline) {
        setup.lastErrorCode = decline.code;
        await m.save(setup);
        return 'declined';
      }
      const card = await m.save(
        m.create(LocalPaymentMethodEntity, {
          customerId: setup.customerId,
          brand: cardBrand(cardNumber),
          last4: cardNumber.slice(-4),
        }),
      );
      setup.status = 'succeeded';
      setup.paymentMethod = card.id;
      setup.lastErrorCode = null;
      await m.save(setup);
      // the subscription keeps the card as its default, like Stripe's save_default_payment_method=on_subscription
      if (setup.subscriptionId) {
        await m.update(LocalSubscriptionEntity, { id: setup.subscriptionId }, { defaultPaymentMethod: card.id });
      }
      return 'succeeded';
    });
    if (outcome === 'declined' && decline) throw BillingErrors.cardDeclined(decline.message);
    return { status: 'succeeded' };
  }

  private newSetupIntent(m: EntityManager, customerId: string, subscriptionId: string | null): LocalSetupIntentEntity {
    const setup = m.create(LocalSetupIntentEntity, {
      customerId,
      subscriptionId,
      clientSecret: '',
      status: 'requires_payment_method',
      paymentMethod: null,
      lastErrorCode: null,
    });
    setup.id = randomUUID();
    // shaped like Stripe's `seti_…_secret_…`: the secret part is what makes it unguessable
    setup.clientSecret = `lseti_${setup.id.replace(/-/g, '')}_secret_${randomBytes(24).toString('base64url')}`;
    return setup;
  }

  /** Like Stripe at trial end: a subscription with a card becomes active, one without is canceled. */
  private statusOf(subscription: LocalSubscriptionEntity): SubscriptionStatus {
    if (
      subscription.status !== 'trialing' ||
      !subscription.trialEnd ||
      subscription.trialEnd.getTime() > this.now().getTime()
    )
      return subscription.status;
    return subscription.defaultPaymentMethod ? 'active' : 'canceled';
  }

  private toProvider(subscription: LocalSubscriptionEntity): ProviderSubscription {
    return {
      id: subscription.id,
      itemId: subscription.id,
      status: this.statusOf(subscription),
      quantity: subscription.quantity,
      trialEnd: subscription.trialEnd,
      defaultPaymentMethod: subscription.defaultPaymentMethod,
    };
  }

  /** Runs a write once per idempotency key; a repeat answers with the object the first run made. */
  private idempotent(key: string, operation: string, run: (m: EntityManager) => Promise<string>): Promise<string> {
    return this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`billing.local-idempotency:${key}`]);
      const seen = await m.findOneBy(LocalIdempotencyKeyEntity, { key });
      if (seen) {
        // Stripe refuses a key reused for another request the same way
        if (seen.operation !== operation) throw BillingErrors.providerFailed();
        return (seen.response as { id: string }).id;
      }
      const id = await run(m);
      await m.insert(LocalIdempotencyKeyEntity, { key, operation, response: { id } });
      return id;
    });
  }
}
