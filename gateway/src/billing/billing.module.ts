import { Module } from '@nestjs/common';
import { BillingController } from './billing.controller.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/** The edge of the billing service: signup payment, seats and price, the offline card form, Stripe webhooks. */
@Module({ controllers: [BillingController, StripeWebhookController] })
export class BillingModule {}
