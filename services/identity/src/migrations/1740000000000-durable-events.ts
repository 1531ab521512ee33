import { durableEventsMigration } from '@teamchat/service-kit';

/**
 * Durable events (issue 16): `identity.outbox` holds the events this service emits, written in the transaction that
 * decided them and published by the relay; `identity.processed_event` the ids of events it has handled (its inbox).
 */
export class IdentityDurableEvents1740000000000 extends durableEventsMigration('identity') {
  name = 'IdentityDurableEvents1740000000000';
}
