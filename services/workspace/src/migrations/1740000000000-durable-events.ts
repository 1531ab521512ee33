import type { QueryRunner } from 'typeorm';
import { durableEventsMigration } from '@teamchat/service-kit';

/**
 * Durable events (issue 16): `workspace.outbox` holds the events this service emits, written in the transaction that
 * decided them and published by the relay; `workspace.processed_event` the ids of billing events it has applied (its
 * inbox). `seats_changed_at` is the time of the billing event the seat count came from: a retried, older event never
 * overwrites a newer count.
 */
export class WorkspaceDurableEvents1740000000000 extends durableEventsMigration('workspace') {
  name = 'WorkspaceDurableEvents1740000000000';

  override async up(q: QueryRunner): Promise<void> {
    await super.up(q);
    await q.query(`ALTER TABLE "workspace"."workspace" ADD COLUMN "seats_changed_at" timestamptz`);
  }

  override async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "workspace"."workspace" DROP COLUMN "seats_changed_at"`);
    await super.down(q);
  }
}
