// The one interface both payment providers (Stripe, and the offline local one) implement.

export type PaymentProviderName = 'stripe' | 'local';

/** Stripe's subscription statuses; the local provider uses the same words. */
export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface ProviderSubscription {
  id: string;
  /** The item whose quantity is the seat count. */
  itemId: string | null;
  status: SubscriptionStatus;
  quantity: number;
  trialEnd: Date | null;
  defaultPaymentMethod: string | null;
}

export interface CreatedSubscription extends ProviderSubscription {
  /** The card setup the payer confirms (Stripe Elements or the local card form); null when a saved card was used. */
  setupIntent: { id: string; clientSecret: string } | null;
}

export interface SetupState {
  confirmed: boolean;
  paymentMethod: string | null;
}

export interface CreateCustomerInput {
  userId: string;
  email: string | null;
  idempotencyKey: string;
}

export interface CreateTrialSubscriptionInput {
  customerId: string;
  seats: number;
  trialDays: number;
  /** A card the customer already confirmed; when set no new card setup is needed. */
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface UpdateSeatsInput {
  subscriptionId: string;
  itemId: string | null;
  seats: number;
  idempotencyKey: string;
}

export interface CreateSetupIntentInput {
  customerId: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CreatePaidSubscriptionInput {
  customerId: string;
  seats: number;
  /** The confirmed card charged at once; a decline fails with BILLING.CARD_DECLINED and creates nothing. */
  paymentMethod: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/**
 * A payment provider. Failures are DomainErrors: BILLING.CARD_DECLINED (with the provider's message) or
 * BILLING.PROVIDER_ERROR (provider unreachable or refusing the request).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the SPA needs to show the provider's own card form (Stripe Elements); null for the plain local form. */
  readonly publishableKey: string | null;
  createCustomer(input: CreateCustomerInput): Promise<{ id: string }>;
  /** A subscription with a free trial, charged nothing until it ends; seats are the item quantity. */
  createTrialSubscription(input: CreateTrialSubscriptionInput): Promise<CreatedSubscription>;
  /** Whether the payer confirmed the card setup (or the subscription already has a card). */
  getSetupState(input: { setupIntentId: string | null; subscriptionId: string }): Promise<SetupState>;
  /** Makes a confirmed card the customer's default, so later subscriptions and invoices use it. */
  setDefaultPaymentMethod(input: { customerId: string; paymentMethod: string }): Promise<void>;
  /** Sets the seat quantity, prorating the difference. */
  updateSeats(input: UpdateSeatsInput): Promise<ProviderSubscription>;
  /** The subscription as the provider sees it now. */
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** A card setup on the customer, not tied to a subscription (paying for a workspace whose trial lapsed). */
  createSetupIntent(input: CreateSetupIntentInput): Promise<{ id: string; clientSecret: string }>;
  /** A subscription without trial, paid at once with a confirmed card (replaces one that was canceled). */
  createPaidSubscription(input: CreatePaidSubscriptionInput): Promise<ProviderSubscription>;
  /**
   * Offline provider only (standalone runs and tests): the subscription's trial ends now, as the clock would end it
   * (active with a card, canceled without). Absent where the provider owns the clock (Stripe).
   */
  endTrialNow?(subscriptionId: string): Promise<ProviderSubscription>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
