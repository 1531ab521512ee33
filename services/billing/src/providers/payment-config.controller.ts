import { Controller, Inject } from '@nestjs/common';
import { BillingContracts } from '@teamchat/contracts';
import { OnRequest } from '@teamchat/bus';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';

/** Tells the SPA which card form to show: Stripe Elements (publishable key) or the offline form (null). */
@Controller()
export class PaymentConfigController {
  constructor(@Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider) {}

  @OnRequest(BillingContracts.config)
  config() {
    return { stripePublishableKey: this.provider.publishableKey };
  }
}
