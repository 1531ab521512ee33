import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { BillingContracts, WorkspaceEvents } from '@teamchat/contracts';
import { OnEvent, OnRequest, ZodPipe } from '@teamchat/bus';
import { SubscriptionService } from './subscription.service.js';

type In<K extends keyof typeof BillingContracts> = z.output<(typeof BillingContracts)[K]['request']>;

/** Bus handlers for subscriptions and seats; validation at the boundary, rules in SubscriptionService. */
@Controller()
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  @OnRequest(BillingContracts.createSignupSubscription)
  createSignupSubscription(
    @Payload(new ZodPipe(BillingContracts.createSignupSubscription.request)) body: In<'createSignupSubscription'>,
  ) {
    return this.subscriptions.createSignupSubscription(body.actor, body.seats);
  }

  @OnRequest(BillingContracts.verifyPayment)
  verifyPayment(@Payload(new ZodPipe(BillingContracts.verifyPayment.request)) body: In<'verifyPayment'>) {
    return this.subscriptions.verifyPayment(body.actor);
  }

  @OnRequest(BillingContracts.subscriptionDetails)
  details(@Payload(new ZodPipe(BillingContracts.subscriptionDetails.request)) body: In<'subscriptionDetails'>) {
    return this.subscriptions.details(body.actor);
  }

  @OnRequest(BillingContracts.purchaseSeats)
  purchaseSeats(@Payload(new ZodPipe(BillingContracts.purchaseSeats.request)) body: In<'purchaseSeats'>) {
    return this.subscriptions.purchaseSeats(body.actor, body.additionalSeats);
  }

  @OnRequest(BillingContracts.startWorkspacePayment)
  startWorkspacePayment(
    @Payload(new ZodPipe(BillingContracts.startWorkspacePayment.request)) body: In<'startWorkspacePayment'>,
  ) {
    return this.subscriptions.startWorkspacePayment(body.actor);
  }

  @OnRequest(BillingContracts.verifyWorkspacePayment)
  verifyWorkspacePayment(
    @Payload(new ZodPipe(BillingContracts.verifyWorkspacePayment.request)) body: In<'verifyWorkspacePayment'>,
  ) {
    return this.subscriptions.verifyWorkspacePayment(body.actor);
  }

  @OnRequest(BillingContracts.endLocalTrial)
  endLocalTrial(@Payload(new ZodPipe(BillingContracts.endLocalTrial.request)) body: In<'endLocalTrial'>) {
    return this.subscriptions.endLocalTrial(body.actor);
  }

  @OnRequest(BillingContracts.workspaceSeats)
  async workspaceSeats(@Payload(new ZodPipe(BillingContracts.workspaceSeats.request)) body: In<'workspaceSeats'>) {
    return { workspaceId: body.workspaceId, seats: await this.subscriptions.workspaceSeats(body.workspaceId) };
  }

  @OnEvent(WorkspaceEvents.workspaceCreated)
  workspaceCreated(
    @Payload(new ZodPipe(WorkspaceEvents.workspaceCreated.payload))
    event: z.output<typeof WorkspaceEvents.workspaceCreated.payload>,
  ) {
    return this.subscriptions.onWorkspaceCreated(event.workspaceId, event.createdBy);
  }
}
