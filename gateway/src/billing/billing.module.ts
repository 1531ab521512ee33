import { Module } from '@nestjs/common';
import { BillingRoutes } from '@teamchat/contracts';
import { forwardingController } from '../http/forwarding.controller.js';
import { ImageAddresses } from '../media/image-address.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/** The edge of the billing service: signup payment, seats and price, the offline card form, Stripe webhooks. */
@Module({
  controllers: [forwardingController('Billing', BillingRoutes), StripeWebhookController],
  providers: [ImageAddresses],
})
export class BillingModule {}
