import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Entitlements (security issue item 12): a workspace is writable until `writable_until` (null: for as long as it stays
 * paid), as billing decides and announces with `billing.entitlement.changed`. A workspace that never had a
 * subscription gets the 3-day trial from its creation; one that has a subscription stays writable until billing says
 * otherwise.
 */
export class WorkspaceEntitlement1737000000000 implements MigrationInterface {
  name = 'WorkspaceEntitlement1737000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "workspace"."workspace"
      ADD COLUMN "writable_until" timestamptz,
      ADD COLUMN "billing_status" varchar(32),
      ADD COLUMN "entitlement_changed_at" timestamptz`);
    await q.query(`UPDATE "workspace"."workspace" SET "writable_until" = "created_at" + interval '3 days'
      WHERE "stripe_subscription_id" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "workspace"."workspace"
      DROP COLUMN "entitlement_changed_at",
      DROP COLUMN "billing_status",
      DROP COLUMN "writable_until"`);
  }
}
