import { z } from 'zod';

export const SIGNUP_SEATS_MESSAGE = 'Seats must be a whole number from 1 to 1000';
export const CreateSignupSubscriptionSchema = z.object({
  seats: z
    .number({ error: SIGNUP_SEATS_MESSAGE })
    .int(SIGNUP_SEATS_MESSAGE)
    .min(1, SIGNUP_SEATS_MESSAGE)
    .max(1000, SIGNUP_SEATS_MESSAGE),
});
export type CreateSignupSubscription = z.infer<typeof CreateSignupSubscriptionSchema>;
export const CreateSignupSubscriptionResponseSchema = z.object({ clientSecret: z.string() });
export type CreateSignupSubscriptionResponse = z.infer<typeof CreateSignupSubscriptionResponseSchema>;

export const VerifyPaymentStatusResponseSchema = z.object({ paymentCompleted: z.boolean() });
export type VerifyPaymentStatusResponse = z.infer<typeof VerifyPaymentStatusResponseSchema>;

/** Spec 2 §5/§9: seats added per purchase, integer 1 to 50. */
export const SEATS_TO_ADD_MESSAGE = 'Seats to add must be a whole number from 1 to 50';
export const PurchaseSeatsSchema = z.object({
  additionalSeats: z
    .number({ error: SEATS_TO_ADD_MESSAGE })
    .int(SEATS_TO_ADD_MESSAGE)
    .min(1, SEATS_TO_ADD_MESSAGE)
    .max(50, SEATS_TO_ADD_MESSAGE),
});
export type PurchaseSeats = z.infer<typeof PurchaseSeatsSchema>;
export const PurchaseSeatsResponseSchema = z.object({ message: z.string() });
export type PurchaseSeatsResponse = z.infer<typeof PurchaseSeatsResponseSchema>;
/** The confirmation the Billing tab shows ("Added N seats"). */
export const seatsAddedMessage = (additionalSeats: number): string => `Added ${additionalSeats} seats`;

/** Luhn checksum: what card forms (and Stripe) use to tell a mistyped number from a real one. */
export const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

export const CARD_NUMBER_INVALID_MESSAGE = 'Your card number is invalid.';
/** Card number of the offline payment form: spaces and dashes ignored, 12–19 digits, Luhn-valid. */
export const CardNumberSchema = z
  .string({ error: CARD_NUMBER_INVALID_MESSAGE })
  .max(40, CARD_NUMBER_INVALID_MESSAGE)
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{12,19}$/, CARD_NUMBER_INVALID_MESSAGE)
      .refine(passesLuhn, CARD_NUMBER_INVALID_MESSAGE),
  );

export const LocalConfirmSchema = z.object({
  clientSecret: z
    .string({ error: 'Client secret is required' })
    .min(1, 'Client secret is required')
    .max(255, 'Client secret is invalid'),
  cardNumber: CardNumberSchema,
});
export type LocalConfirm = z.input<typeof LocalConfirmSchema>;
export const LocalConfirmResponseSchema = z.object({ status: z.literal('succeeded') });
export type LocalConfirmResponse = z.infer<typeof LocalConfirmResponseSchema>;

/** Public payment configuration for the SPA: Stripe Elements when a publishable key is set, the plain card form otherwise. */
export const BillingConfigSchema = z.object({ stripePublishableKey: z.string().nullable() });
export type BillingConfig = z.infer<typeof BillingConfigSchema>;

export const SubscriptionDetailsSchema = z.object({
  seats: z.number(),
  amount: z.number(),
  onTrial: z.boolean(),
  trialEnd: z.string().nullable(),
});
export type SubscriptionDetails = z.infer<typeof SubscriptionDetailsSchema>;

export const StripeWebhookResponseSchema = z.object({ received: z.literal(true) });

/** What every refused write of a read-only workspace says (HTTP 402, socket `error` frame, the SPA's banner). */
export const WORKSPACE_READ_ONLY_MESSAGE = 'This workspace is read-only until its subscription is paid.';

/**
 * Whether members of a workspace may write (post, invite), as billing decided it: `writableUntil` null means for as
 * long as the subscription stays in good standing (active, or trialing with a card); a time means until then (a trial
 * without a card); a past time means read-only since then (trial over unpaid, canceled, unpaid, past due).
 */
export const WorkspaceAccessShape = {
  readOnly: z.boolean(),
  writableUntil: z.string().nullable(),
};
export const WorkspaceAccessSchema = z.object(WorkspaceAccessShape);
export type WorkspaceAccess = z.infer<typeof WorkspaceAccessSchema>;

/** The one rule, on the server and in the SPA: read-only once `writableUntil` has passed. */
export const isReadOnlyAt = (writableUntil: string | Date | null, now: number = Date.now()): boolean =>
  writableUntil !== null && new Date(writableUntil).getTime() <= now;

/** A card setup for the current workspace's subscription (the Billing tab's card form confirms it). */
export const WorkspacePaymentResponseSchema = z.object({ clientSecret: z.string() });
export type WorkspacePaymentResponse = z.infer<typeof WorkspacePaymentResponseSchema>;
/** Whether the card setup is confirmed, and whether the workspace is still read-only after it. */
export const VerifyWorkspacePaymentResponseSchema = z.object({
  paymentCompleted: z.boolean(),
  ...WorkspaceAccessShape,
});
export type VerifyWorkspacePaymentResponse = z.infer<typeof VerifyWorkspacePaymentResponseSchema>;

/** Spec 2 §9: under 50 seats, 5 dollars a seat a month; 50 or more, a flat 250. */
export const monthlyPrice = (seats: number): number => (seats >= 50 ? 250 : 5 * seats);
/** Spec 1 §9: 3-day free trial, no charge until it ends. */
export const TRIAL_DAYS = 3;
