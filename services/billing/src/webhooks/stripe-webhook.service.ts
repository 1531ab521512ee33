import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type Stripe from 'stripe';
import { BillingErrors } from '../billing.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider.js';
import { StripePaymentProvider } from '../providers/stripe/stripe.provider.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import {
  afterCommit,
  effectiveSeats,
  SubscriptionService,
  type AfterCommit,
} from '../subscriptions/subscription.service.js';
import { ProcessedWebhookEventEntity } from './processed-webhook-event.entity.js';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The subscription an invoice belongs to, wherever this API version puts it. */
const invoiceSubscriptionId = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription) ??
  idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);

/**
 * Stripe webhooks: signature and age checked, each event id applied once (the id is stored in the same transaction as
 * its effects), and events older than the last one applied to a subscription ignored.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly subscriptions: SubscriptionService,
  ) {}

  async handle(payload: string, signature: string): Promise<{ received: true }> {
    if (!(this.provider instanceof StripePaymentProvider)) {
      throw BillingErrors.webhookSignature('Stripe webhooks are not configured');
    }
    const event = this.provider.constructWebhookEvent(payload, signature);
    const after = afterCommit();
    const fresh = await this.ds.transaction(async (m) => {
      // a concurrent delivery of the same id waits on the unique index, then finds it taken
      const inserted = await m
        .createQueryBuilder()
        .insert()
        .into(ProcessedWebhookEventEntity)
        .values({ eventId: event.id, type: event.type })
        .orIgnore()
        .returning(['id'])
        .execute();
      if ((inserted.raw as unknown[]).length === 0) return false;
      await this.apply(m, event, after);
      await this.subscriptions.recordEvents(m, after);
      return true;
    });
    if (!fresh) this.logger.log(`Stripe event ${event.id} (${event.type}) already processed`);
    await this.subscriptions.runAfterCommit(after);
    return { received: true };
  }

  private async apply(m: EntityManager, event: Stripe.Event, after: AfterCommit): Promise<void> {
    const at = new Date(event.created * 1000);
    if (
      event.type === 'customer.subscription.updated' ||
      event.type === 'customer.subscription.created' ||
      event.type === 'customer.subscription.deleted'
    ) {
      const object = event.data.object;
      const subscription = await this.byProviderId(m, object.id);
      if (!subscription || this.isStale(subscription, at)) return;
      const seatsBefore = effectiveSeats(subscription);
      const state = (this.provider as StripePaymentProvider).toProvider(object);
      this.subscriptions.applyProviderState(subscription, state);
      if (event.type === 'customer.subscription.deleted') subscription.status = 'canceled';
      if (state.quantity > 0) subscription.seats = state.quantity;
      subscription.providerEventAt = at;
      await m.save(subscription);
      // "trialing with a payment method" counts as a confirmed payment (the card was collected by Stripe)
      if ((subscription.status === 'trialing' || subscription.status === 'active') && state.defaultPaymentMethod) {
        await this.subscriptions.confirmPayment(m, subscription, state.defaultPaymentMethod, after);
      }
      const seatsAfter = effectiveSeats(subscription);
      if (subscription.workspaceId && seatsAfter !== seatsBefore) {
        after.seatsChanged.push({ workspaceId: subscription.workspaceId, seats: seatsAfter });
      }
      // active → writable; canceled, unpaid, past due, expired → read-only until paid
      after.entitlements.push(subscription);
      return;
    }
    if (event.type === 'customer.subscription.trial_will_end') {
      const subscription = await this.byProviderId(m, event.data.object.id);
      if (!subscription) return;
      subscription.trialEndingNotifiedAt = at;
      await m.save(subscription);
      return;
    }
    if (event.type === 'invoice.payment_failed') {
      const providerId = invoiceSubscriptionId(event.data.object);
      const subscription = providerId ? await this.byProviderId(m, providerId) : null;
      if (!subscription) return;
      subscription.lastPaymentError =
        event.data.object.last_finalization_error?.message?.slice(0, 500) ?? 'The invoice payment failed';
      if (!this.isStale(subscription, at) && subscription.status !== 'canceled') subscription.status = 'past_due';
      await m.save(subscription);
      after.entitlements.push(subscription);
      return;
    }
    if (event.type === 'setup_intent.succeeded') {
      const setup = event.data.object;
      const subscription = await this.subscriptions.findBySetupIntent(m, setup.id);
      if (!subscription) return;
      await this.subscriptions.confirmPayment(m, subscription, idOf(setup.payment_method), after);
      return;
    }
    // other event types are acknowledged (and remembered) without effect
  }

  private byProviderId(m: EntityManager, providerSubscriptionId: string): Promise<SubscriptionEntity | null> {
    return m.findOne(SubscriptionEntity, { where: { providerSubscriptionId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Stripe does not deliver in order: an event created before the last one applied must not undo it. */
  private isStale(subscription: SubscriptionEntity, at: Date): boolean {
    return !!subscription.providerEventAt && at < subscription.providerEventAt;
  }
}
