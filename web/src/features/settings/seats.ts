// Seat rules of spec 2 §4/§9 as the Billing and Admin tabs show them.
import { monthlyPrice, type SubscriptionDetails } from '@teamchat/contracts';

export const SEATS_TO_ADD_MIN = 1;
export const SEATS_TO_ADD_MAX = 50;

/** Spec 2 §9 "Default billing display": 1 seat, 5 dollars, until the details arrive. */
export const DEFAULT_BILLING: SubscriptionDetails = {
  seats: 1,
  amount: monthlyPrice(1),
  onTrial: false,
  trialEnd: null,
};

/** Available = seats minus users minus pending invites (each pending invite reserves a seat). */
export const availableSeats = (seats: number, users: number, pendingInvites: number): number =>
  seats - users - pendingInvites;

export const canGenerateInvite = (available: number): boolean => available > 0;

export const formatDollars = (amount: number): string => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

/** The price line for a seat count: 5 dollars a seat under 50, a flat 250 from 50. */
export const priceLabel = (seats: number): string =>
  seats >= 50
    ? `${formatDollars(monthlyPrice(seats))}/month flat rate`
    : `${formatDollars(monthlyPrice(seats))}/month ($5 per seat)`;

/** A whole number from 1 to 50, or null. */
export const parseSeatsToAdd = (raw: string): number | null => {
  if (!/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= SEATS_TO_ADD_MIN && n <= SEATS_TO_ADD_MAX ? n : null;
};

export const formatTrialEnd = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
};
