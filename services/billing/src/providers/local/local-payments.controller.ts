import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { BillingContracts } from '@teamchat/contracts';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { BillingErrors } from '../../billing.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { LocalPaymentProvider } from './local.provider.js';

/** The offline provider's card form endpoint; answers "not enabled" when Stripe is the provider. */
@Controller()
export class LocalPaymentsController {
  constructor(@Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider) {}

  @OnRequest(BillingContracts.confirmLocalPayment)
  confirm(
    @Payload(new ZodPipe(BillingContracts.confirmLocalPayment.request))
    body: z.output<typeof BillingContracts.confirmLocalPayment.request>,
  ) {
    if (!(this.provider instanceof LocalPaymentProvider)) throw BillingErrors.localPaymentsDisabled();
    return this.provider.confirmSetup(body.clientSecret, body.cardNumber);
  }
}
