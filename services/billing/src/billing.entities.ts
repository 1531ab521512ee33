import { localPaymentEntities } from './providers/local/local-payment.entities.js';
import { CustomerEntity } from './subscriptions/customer.entity.js';
import { SeatPurchaseEntity } from './subscriptions/seat-purchase.entity.js';
import { SubscriptionEntity } from './subscriptions/subscription.entity.js';
import { ProcessedWebhookEventEntity } from './webhooks/processed-webhook-event.entity.js';

/** Entities of the billing schema (the offline provider's tables included; it reads them through its own pool). */
export const billingEntities: Function[] = [
  CustomerEntity,
  SubscriptionEntity,
  SeatPurchaseEntity,
  ProcessedWebhookEventEntity,
  ...localPaymentEntities,
];
