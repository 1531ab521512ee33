import { BadRequestException, Controller, Headers, Req, type RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { BILLING_PROVIDER_TIMEOUT_MS, BillingContracts, ErrorCodes, Routes } from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { Route } from '../http/route-table.js';

/**
 * Stripe's webhook endpoint. The signature covers the exact bytes sent, so the raw body (kept by the gateway's JSON
 * parser) is what goes to billing, which verifies it.
 */
@Controller()
export class StripeWebhookController {
  constructor(private readonly bus: BusClient) {}

  @Route(Routes.stripeWebhook)
  handle(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature: string | undefined) {
    if (!signature)
      throw new BadRequestException({ error: 'Missing Stripe signature', code: ErrorCodes.webhookSignature });
    if (!req.rawBody?.length)
      throw new BadRequestException({ error: 'Missing webhook body', code: ErrorCodes.webhookSignature });
    return this.bus.request(
      BillingContracts.handleStripeWebhook,
      { payload: req.rawBody.toString('utf8'), signature },
      { timeoutMs: BILLING_PROVIDER_TIMEOUT_MS },
    );
  }
}
