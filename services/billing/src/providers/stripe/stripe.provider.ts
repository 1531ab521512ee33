import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { DomainError } from '@teamchat/bus';
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

export interface StripeProviderConfig {
  secretKey: string;
  publishableKey: string | null;
  /** A recurring per-seat price; tiered (volume: 1–49 at $5, 50+ flat $250) so Stripe bills what the app shows. */
  priceId: string;
  webhookSecret: string | null;
  /** Where the API is (tests point it at a local fake of Stripe's HTTP API). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs: number;
}

/** Signature check tolerance (seconds): older deliveries are refused as replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const SUBSCRIPTION_STATUSES = new Set<string>([
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] satisfies SubscriptionStatus[]);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** Stripe Billing: a customer per user, trial subscriptions with `default_incomplete`, SetupIntents for the card. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | null;
  readonly client: Stripe;
  private readonly logger = new Logger('StripePaymentProvider');

  constructor(private readonly config: StripeProviderConfig) {
    this.publishableKey = config.publishableKey;
    this.client = new Stripe(config.secretKey, {
      host: config.host,
      port: config.port,
      protocol: config.protocol,
      timeout: config.timeoutMs,
      // the SDK retries with the same idempotency key, so a retry never doubles a write
      maxNetworkRetries: 1,
      telemetry: false,
      appInfo: { name: 'teamchat-billing' },
    });
  }

  async createCustomer(input: CreateCustomerInput): Promise<{ id: string }> {
    const customer = await this.call(() =>
      this.client.customers.create(
        { ...(input.email ? { email: input.email } : {}), metadata: { userId: input.userId } },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: customer.id };
  }

  async createTrialSubscription(input: CreateTrialSubscriptionInput): Promise<CreatedSubscription> {
    const subscription = await this.call(() =>
      this.client.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: this.config.priceId, quantity: input.seats }],
          trial_period_days: input.trialDays,
          // nothing is charged during the trial; the card is collected through the subscription's pending SetupIntent
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
          ...(input.defaultPaymentMethod ? { default_payment_method: input.defaultPaymentMethod } : {}),
          metadata: input.metadata,
          expand: ['pending_setup_intent'],
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    let setupIntent: CreatedSubscription['setupIntent'] = null;
    if (!input.defaultPaymentMethod) {
      const pending = subscription.pending_setup_intent;
      if (pending && typeof pending !== 'string' && pending.client_secret) {
        setupIntent = { id: pending.id, clientSecret: pending.client_secret };
      } else {
        // Stripe leaves pending_setup_intent empty when it needs no card now (e.g. a default one exists on the
        // customer); the signup step still collects one, so make the SetupIntent ourselves
        const created = await this.call(() =>
          this.client.setupIntents.create(
            {
              customer: input.customerId,
              usage: 'off_session',
              automatic_payment_methods: { enabled: true },
              metadata: { ...input.metadata, subscriptionId: subscription.id },
            },
            { idempotencyKey: `${input.idempotencyKey}:setup-intent` },
          ),
        );
        if (!created.client_secret) throw BillingErrors.providerFailed();
        setupIntent = { id: created.id, clientSecret: created.client_secret };
      }
    }
    return { ...this.toProvider(subscription), setupIntent };
  }

  async getSetupState(input: { setupIntentId: string | null; subscriptionId: string }): Promise<SetupState> {
    if (input.setupIntentId) {
      const setup = await this.call(() => this.client.setupIntents.retrieve(input.setupIntentId!));
      if (setup.status === 'succeeded') return { confirmed: true, paymentMethod: idOf(setup.payment_method) };
    }
    const subscription = await this.call(() => this.client.subscriptions.retrieve(input.subscriptionId));
    const paymentMethod = idOf(subscription.default_payment_method);
    if ((subscription.status === 'trialing' || subscription.status === 'active') && paymentMethod) {
      return { confirmed: true, paymentMethod };
    }
    return { confirmed: false, paymentMethod: null };
  }

  async setDefaultPaymentMethod(input: { customerId: string; paymentMethod: string }): Promise<void> {
    await this.call(() =>
      this.client.customers.update(input.customerId, {
        invoice_settings: { default_payment_method: input.paymentMethod },
      }),
    );
  }

  async updateSeats(input: UpdateSeatsInput): Promise<ProviderSubscription> {
    const itemId =
      input.itemId ??
      (await this.call(() => this.client.subscriptions.retrieve(input.subscriptionId))).items.data[0]?.id;
    if (!itemId) throw BillingErrors.providerFailed();
    const subscription = await this.call(() =>
      this.client.subscriptions.update(
        input.subscriptionId,
        { items: [{ id: itemId, quantity: input.seats }], proration_behavior: 'create_prorations' },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return this.toProvider(subscription);
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return this.toProvider(await this.call(() => this.client.subscriptions.retrieve(subscriptionId)));
  }

  async createSetupIntent(input: CreateSetupIntentInput): Promise<{ id: string; clientSecret: string }> {
    const setup = await this.call(() =>
      this.client.setupIntents.create(
        {
          customer: input.customerId,
          usage: 'off_session',
          automatic_payment_methods: { enabled: true },
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!setup.client_secret) throw BillingErrors.providerFailed();
    return { id: setup.id, clientSecret: setup.client_secret };
  }

  async createPaidSubscription(input: CreatePaidSubscriptionInput): Promise<ProviderSubscription> {
    const subscription = await this.call(() =>
      this.client.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: this.config.priceId, quantity: input.seats }],
          default_payment_method: input.paymentMethod,
          // charged now with the confirmed card; a decline is a card error and no subscription is left behind
          payment_behavior: 'error_if_incomplete',
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return this.toProvider(subscription);
  }

  /** Verifies a webhook delivery's signature (and its age) and parses the event; BILLING.WEBHOOK_SIGNATURE otherwise. */
  constructWebhookEvent(payload: string, signature: string): Stripe.Event {
    if (!this.config.webhookSecret) throw BillingErrors.webhookSignature('Stripe webhooks are not configured');
    try {
      return this.client.webhooks.constructEvent(
        payload,
        signature,
        this.config.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw BillingErrors.webhookSignature('Invalid Stripe signature');
      }
      throw BillingErrors.webhookSignature('Invalid webhook payload');
    }
  }

  /** Maps what Stripe answered to the subscription fields billing keeps. */
  toProvider(subscription: Stripe.Subscription): ProviderSubscription {
    const item = subscription.items?.data?.[0];
    return {
      id: subscription.id,
      itemId: item?.id ?? null,
      status: SUBSCRIPTION_STATUSES.has(subscription.status)
        ? (subscription.status as SubscriptionStatus)
        : 'incomplete',
      quantity: item?.quantity ?? 0,
      trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
      defaultPaymentMethod: idOf(subscription.default_payment_method),
    };
  }

  /** Stripe's failures as domain errors: card errors keep Stripe's message, everything else is a provider failure. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof DomainError) throw err;
      if (err instanceof Stripe.errors.StripeCardError) throw BillingErrors.cardDeclined(err.message);
      if (err instanceof Stripe.errors.StripeError) {
        this.logger.warn(
          { type: err.type, code: err.code, status: err.statusCode, requestId: err.requestId },
          `Stripe refused: ${err.message}`,
        );
        throw BillingErrors.providerFailed();
      }
      throw err;
    }
  }
}
