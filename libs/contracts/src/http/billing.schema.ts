import { z } from 'zod';

export const CreateSignupSubscriptionSchema = z.object({
  seats: z.number({ error: 'Seats must be a whole number from 1 to 1000' }).int('Seats must be a whole number from 1 to 1000').min(1, 'Seats must be a whole number from 1 to 1000').max(1000, 'Seats must be a whole number from 1 to 1000'),
});
export const SEATS_TO_ADD_MESSAGE = 'Seats to add must be a whole number from 1 to 50';
export const PurchaseSeatsSchema = z.object({
  additionalSeats: z.number({ error: SEATS_TO_ADD_MESSAGE }).int(SEATS_TO_ADD_MESSAGE).min(1, SEATS_TO_ADD_MESSAGE).max(50, SEATS_TO_ADD_MESSAGE),
});
export const LocalConfirmSchema = z.object({
  clientSecret: z.string().min(1, 'Client secret is required'),
  cardNumber: z
    .string({ error: 'Card number is invalid' })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Card number is invalid')),
});
export const SubscriptionDetailsSchema = z.object({
  seats: z.number(),
  amount: z.number(),
  onTrial: z.boolean(),
  trialEnd: z.string().nullable(),
});
export type SubscriptionDetails = z.infer<typeof SubscriptionDetailsSchema>;

/** Spec 2 §9: under 50 seats, 5 dollars a seat a month; 50 or more, a flat 250. */
export const monthlyPrice = (seats: number): number => (seats >= 50 ? 250 : 5 * seats);
export const TRIAL_DAYS = 3;
