// Signup payment: provider config, subscription client secret, offline confirmation, status poll.
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../lib/request.js';

export interface BillingConfig {
  /** Set when the server runs against Stripe; null means the local (offline) provider. */
  stripePublishableKey: string | null;
}

export const billingKeys = { config: ['/api/billing/config'] as const };

export const billingConfigQuery = () => queryOptions<BillingConfig>({ queryKey: billingKeys.config });

export const createSignupSubscription = (seats: number) =>
  apiJson<{ clientSecret?: string | null }>('POST', '/api/create-signup-subscription', { seats });

export const confirmLocalPayment = (clientSecret: string, cardNumber: string) =>
  apiJson<unknown>('POST', '/api/local-payments/confirm', { clientSecret, cardNumber });

export const verifyPaymentStatus = () =>
  apiJson<{ paymentCompleted: boolean }>('POST', '/api/verify-payment-status', {});
