// Stripe.js, loaded once per publishable key. Importing @stripe/stripe-js injects its script, so only modules that
// are themselves loaded lazily (when the server runs against Stripe) may import this one: a run on the offline
// provider never fetches js.stripe.com, which the Content-Security-Policy then forbids.
import { loadStripe, type Stripe } from '@stripe/stripe-js';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

export const getStripe = (key: string): Promise<Stripe | null> => {
  if (!stripeByKey.has(key)) stripeByKey.set(key, loadStripe(key));
  return stripeByKey.get(key)!;
};
