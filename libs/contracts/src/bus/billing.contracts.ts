import { z } from 'zod';
import { defineEvent, defineRequest } from '../contract.js';
import { withActor } from '../actor.js';
import {
  BillingConfigSchema,
  CreateSignupSubscriptionResponseSchema,
  CreateSignupSubscriptionSchema,
  LocalConfirmResponseSchema,
  LocalConfirmSchema,
  PurchaseSeatsResponseSchema,
  PurchaseSeatsSchema,
  StripeWebhookResponseSchema,
  SubscriptionDetailsSchema,
  VerifyPaymentStatusResponseSchema,
  VerifyWorkspacePaymentResponseSchema,
  WorkspaceAccessSchema,
  WorkspacePaymentResponseSchema,
} from '../http/billing.schema.js';

/**
 * Bus timeout for billing requests that call the payment provider (a signup makes up to three Stripe calls); the
 * provider's own per-call timeout stays well inside it.
 */
export const BILLING_PROVIDER_TIMEOUT_MS = 30_000;

export const BillingEvents = {
  /** The number of paid seats of a workspace changed; the workspace service enforces it on every path adding a member. */
  seatsChanged: defineEvent(
    'billing.seats.changed',
    z.object({ workspaceId: z.uuid(), seats: z.number().int().min(0) }),
  ),
  /** A subscription now pays for a workspace: lets the workspace record its payment provider's customer and subscription ids. */
  subscriptionAttached: defineEvent(
    'billing.subscription.attached',
    z.object({
      workspaceId: z.uuid(),
      userId: z.uuid(),
      provider: z.enum(['stripe', 'local']),
      customerId: z.string(),
      subscriptionId: z.string(),
      seats: z.number().int().min(0),
    }),
  ),
  /**
   * Whether the workspace may be written to changed (trial started or ended, card added, subscription active,
   * canceled, unpaid…). The workspace service stores it and refuses invites; every service's cached write check
   * (`WorkspaceEntitlements`) takes the new value from it. `writableUntil`: null while in good standing, else the time
   * writing stops (or stopped). `changedAt` orders deliveries: an older one never undoes a newer one.
   */
  entitlementChanged: defineEvent(
    'billing.entitlement.changed',
    z.object({
      workspaceId: z.uuid(),
      status: z.string().max(32),
      writableUntil: z.iso.datetime({ offset: true }).nullable(),
      changedAt: z.iso.datetime({ offset: true }),
    }),
  ),
} as const;

export const BillingContracts = {
  /** The signed-in user's signup subscription (3-day trial); the same client secret again while one is pending. */
  createSignupSubscription: defineRequest(
    'billing.signup-subscription.create',
    withActor(CreateSignupSubscriptionSchema.shape),
    CreateSignupSubscriptionResponseSchema,
  ),
  /** Whether the user's payment setup is confirmed; marks the user's paymentCompleted in identity when it is. */
  verifyPayment: defineRequest('billing.payment.verify', withActor({}), VerifyPaymentStatusResponseSchema),
  /** Seats, monthly amount and trial of the actor's current workspace (admins only). */
  subscriptionDetails: defineRequest('billing.subscription.details', withActor({}), SubscriptionDetailsSchema),
  /** Admin adds 1–50 seats to the current workspace's subscription (prorated); emits `billing.seats.changed`. */
  purchaseSeats: defineRequest(
    'billing.seats.purchase',
    withActor(PurchaseSeatsSchema.shape),
    PurchaseSeatsResponseSchema,
  ),
  /** The offline provider's card form: confirms a pending payment setup (BILLING.CARD_DECLINED for a declined card). */
  confirmLocalPayment: defineRequest(
    'billing.local-payment.confirm',
    withActor(LocalConfirmSchema.shape),
    LocalConfirmResponseSchema,
  ),
  /**
   * Admin of the current workspace: a card setup for its subscription (the trial's own setup while it can still take a
   * card, else a new one; once confirmed, a lapsed subscription is replaced by a paid one). BILLING.ALREADY_PAID when
   * the subscription is in good standing.
   */
  startWorkspacePayment: defineRequest(
    'billing.workspace-payment.start',
    withActor({}),
    WorkspacePaymentResponseSchema,
  ),
  /** Admin: whether the workspace's card setup is confirmed; applies it (the workspace is writable again) when it is. */
  verifyWorkspacePayment: defineRequest(
    'billing.workspace-payment.verify',
    withActor({}),
    VerifyWorkspacePaymentResponseSchema,
  ),
  /**
   * Offline provider only (standalone runs and tests): the current workspace's trial ends now, as the clock would end
   * it (active with a card, canceled without). Admins only; "not enabled" when Stripe is the provider.
   */
  endLocalTrial: defineRequest(
    'billing.local-trial.end',
    withActor({}),
    z.object({ status: z.string(), ...WorkspaceAccessSchema.shape }),
  ),
  /** Public payment configuration for the SPA. */
  config: defineRequest('billing.config.get', z.object({}), BillingConfigSchema),
  /** A Stripe webhook delivery, raw body as received plus its `Stripe-Signature` header; each event id is processed once. */
  handleStripeWebhook: defineRequest(
    'billing.stripe-webhook.handle',
    z.object({ payload: z.string().max(1_000_000), signature: z.string().max(10_000) }),
    StripeWebhookResponseSchema,
  ),
  /** The seats a workspace's subscription pays for, null when it has none yet (for reconciling the seat limit). */
  workspaceSeats: defineRequest(
    'billing.seats.get',
    z.object({ workspaceId: z.uuid() }),
    z.object({ workspaceId: z.uuid(), seats: z.number().int().min(0).nullable() }),
  ),
} as const;
