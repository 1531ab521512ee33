import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { BillingContracts } from '@teamchat/contracts';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { StripeWebhookService } from './stripe-webhook.service.js';

@Controller()
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @OnRequest(BillingContracts.handleStripeWebhook)
  handle(
    @Payload(new ZodPipe(BillingContracts.handleStripeWebhook.request))
    body: z.output<typeof BillingContracts.handleStripeWebhook.request>,
  ) {
    return this.webhooks.handle(body.payload, body.signature);
  }
}
