// Signup payment: provider config, subscription client secret, offline confirmation, status poll.
import { Routes } from '@teamchat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi, type RouteResult } from '../lib/api-client.js';

export const billingKeys = { config: ['/api/billing/config'] as const };

/** A Stripe publishable key when the server runs against Stripe; null means the local (offline) provider. */
export const billingConfigQuery = () =>
  queryOptions<RouteResult<typeof Routes.getBillingConfig>>({ queryKey: billingKeys.config });

export const createSignupSubscription = (seats: number) =>
  callApi(Routes.createSignupSubscription, { body: { seats } });

export const confirmLocalPayment = (clientSecret: string, cardNumber: string) =>
  callApi(Routes.confirmLocalPayment, { body: { clientSecret, cardNumber } });

export const verifyPaymentStatus = () => callApi(Routes.verifyPaymentStatus);
