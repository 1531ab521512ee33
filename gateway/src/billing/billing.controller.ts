import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  BILLING_PROVIDER_TIMEOUT_MS,
  BillingConfigSchema,
  BillingContracts,
  CreateSignupSubscriptionResponseSchema,
  CreateSignupSubscriptionSchema,
  LocalConfirmResponseSchema,
  LocalConfirmSchema,
  PurchaseSeatsResponseSchema,
  PurchaseSeatsSchema,
  SubscriptionDetailsSchema,
  VerifyPaymentStatusResponseSchema,
  VerifyWorkspacePaymentResponseSchema,
  WorkspacePaymentResponseSchema,
  type CreateSignupSubscription,
  type PurchaseSeats,
} from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { z } from 'zod';
import { ZodBody } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { Actor, RequireWorkspace, type RequestActor } from '../auth/actor.js';
import { ChangesActors } from '../auth/changes-actors.js';

const timeout = { timeoutMs: BILLING_PROVIDER_TIMEOUT_MS };
const actorOf = (actor: RequestActor) => ({ userId: actor.userId, workspaceId: actor.workspaceId });

/** Signup payment, the Billing tab (seats and price) and the offline card form (spec 1 §2/§4, spec 2 §2/§9). */
@Controller()
export class BillingController {
  constructor(private readonly bus: BusClient) {}

  @Get('billing/config')
  @Api({
    summary: 'Which card form to show: Stripe publishable key, or null for the offline form',
    response: BillingConfigSchema,
    public: true,
  })
  config() {
    return this.bus.request(BillingContracts.config, {});
  }

  @Post('create-signup-subscription')
  @ChangesActors()
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Api({
    summary: 'Start the signup subscription (3-day free trial); the same client secret while one is pending',
    body: CreateSignupSubscriptionSchema,
    response: CreateSignupSubscriptionResponseSchema,
  })
  createSignupSubscription(
    @ZodBody(CreateSignupSubscriptionSchema) body: CreateSignupSubscription,
    @Actor() actor: RequestActor,
  ) {
    return this.bus.request(
      BillingContracts.createSignupSubscription,
      { actor: actorOf(actor), seats: body.seats },
      timeout,
    );
  }

  @Post('verify-payment-status')
  @ChangesActors()
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Api({
    summary: 'Whether the card setup is confirmed (sets paymentCompleted)',
    response: VerifyPaymentStatusResponseSchema,
  })
  verifyPaymentStatus(@Actor() actor: RequestActor) {
    return this.bus.request(BillingContracts.verifyPayment, { actor: actorOf(actor) }, timeout);
  }

  @Get('subscription-details')
  @RequireWorkspace()
  @Api({
    summary: 'Seats, monthly amount and trial of the current workspace (admins)',
    response: SubscriptionDetailsSchema,
  })
  subscriptionDetails(@Actor() actor: RequestActor) {
    return this.bus.request(BillingContracts.subscriptionDetails, { actor: actorOf(actor) }, timeout);
  }

  @Post('purchase-seats')
  @HttpCode(200)
  @RequireWorkspace()
  @Api({
    summary: 'Add 1–50 seats to the current workspace (admins; prorated)',
    body: PurchaseSeatsSchema,
    response: PurchaseSeatsResponseSchema,
  })
  purchaseSeats(@ZodBody(PurchaseSeatsSchema) body: PurchaseSeats, @Actor() actor: RequestActor) {
    return this.bus.request(
      BillingContracts.purchaseSeats,
      { actor: actorOf(actor), additionalSeats: body.additionalSeats },
      timeout,
    );
  }

  @Post('workspace-payment')
  @HttpCode(200)
  @RequireWorkspace()
  @Api({
    summary:
      "A card setup for the current workspace's subscription (admins): the Billing tab's card form confirms it; 409 when already paid",
    response: WorkspacePaymentResponseSchema,
  })
  startWorkspacePayment(@Actor() actor: RequestActor) {
    return this.bus.request(BillingContracts.startWorkspacePayment, { actor: actorOf(actor) }, timeout);
  }

  @Post('workspace-payment/verify')
  @HttpCode(200)
  @RequireWorkspace()
  @Api({
    summary:
      "Whether the workspace's card setup is confirmed; once it is, a read-only workspace is writable again (admins)",
    response: VerifyWorkspacePaymentResponseSchema,
  })
  verifyWorkspacePayment(@Actor() actor: RequestActor) {
    return this.bus.request(BillingContracts.verifyWorkspacePayment, { actor: actorOf(actor) }, timeout);
  }

  @Post('local-payments/end-trial')
  @HttpCode(200)
  @RequireWorkspace()
  @Api({
    summary:
      "Offline provider only (standalone, tests): end the current workspace's trial now, as the clock would (admins; 404 with Stripe)",
    response: BillingContracts.endLocalTrial.response,
  })
  endLocalTrial(@Actor() actor: RequestActor) {
    return this.bus.request(BillingContracts.endLocalTrial, { actor: actorOf(actor) }, timeout);
  }

  @Post('local-payments/confirm')
  @ChangesActors()
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Api({
    summary: 'Offline card form: confirm a pending payment setup (4242… succeeds, 4000000000000002 is declined)',
    body: LocalConfirmSchema,
    response: LocalConfirmResponseSchema,
  })
  confirmLocalPayment(
    @ZodBody(LocalConfirmSchema) body: z.output<typeof LocalConfirmSchema>,
    @Actor() actor: RequestActor,
  ) {
    return this.bus.request(BillingContracts.confirmLocalPayment, { actor: actorOf(actor), ...body }, timeout);
  }
}
