import { durableEventsMigration } from '@teamchat/service-kit';

/**
 * Durable events (issue 16): `billing.outbox` holds the events this service emits, written in the transaction that
 * decided them and published by the relay; `billing.processed_event` the ids of events it has handled (its inbox).
 */
export class BillingDurableEvents1740000000000 extends durableEventsMigration('billing') {
  name = 'BillingDurableEvents1740000000000';
}
