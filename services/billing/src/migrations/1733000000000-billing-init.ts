import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BillingInit1733000000000 implements MigrationInterface {
  name = 'BillingInit1733000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "billing"."customer" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "provider" varchar(16) NOT NULL,
      "provider_customer_id" varchar(255) NOT NULL,
      "default_payment_method" varchar(255),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_CUSTOMER" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_CUSTOMER_USER" ON "billing"."customer" ("user_id")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_CUSTOMER_PROVIDER_ID" ON "billing"."customer" ("provider_customer_id")`);

    await q.query(`CREATE TABLE "billing"."subscription" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "workspace_id" uuid,
      "customer_id" uuid NOT NULL,
      "provider" varchar(16) NOT NULL,
      "provider_subscription_id" varchar(255) NOT NULL,
      "provider_item_id" varchar(255),
      "setup_intent_id" varchar(255),
      "client_secret" varchar(255),
      "seats" integer NOT NULL,
      "status" varchar(32) NOT NULL,
      "trial_end" timestamptz,
      "payment_confirmed_at" timestamptz,
      "trial_ending_notified_at" timestamptz,
      "last_payment_error" varchar(500),
      "provider_event_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_SUBSCRIPTION" PRIMARY KEY ("id"),
      CONSTRAINT "FK_SUBSCRIPTION_CUSTOMER" FOREIGN KEY ("customer_id") REFERENCES "billing"."customer" ("id"),
      CONSTRAINT "CHK_SUBSCRIPTION_SEATS" CHECK ("seats" >= 0)
    )`);
    await q.query(`CREATE INDEX "IDX_SUBSCRIPTION_USER" ON "billing"."subscription" ("user_id")`);
    // one subscription pays for a workspace; a user has at most one not yet attached (the signup one)
    await q.query(
      `CREATE UNIQUE INDEX "UQ_SUBSCRIPTION_WORKSPACE" ON "billing"."subscription" ("workspace_id") WHERE "workspace_id" IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_SUBSCRIPTION_USER_UNATTACHED" ON "billing"."subscription" ("user_id") WHERE "workspace_id" IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_SUBSCRIPTION_PROVIDER_ID" ON "billing"."subscription" ("provider_subscription_id")`,
    );
    await q.query(`CREATE INDEX "IDX_SUBSCRIPTION_SETUP_INTENT" ON "billing"."subscription" ("setup_intent_id")`);

    await q.query(`CREATE TABLE "billing"."seat_purchase" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "subscription_id" uuid NOT NULL,
      "workspace_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "additional_seats" integer NOT NULL,
      "seats_before" integer NOT NULL,
      "seats_after" integer NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_SEAT_PURCHASE" PRIMARY KEY ("id"),
      CONSTRAINT "FK_SEAT_PURCHASE_SUBSCRIPTION" FOREIGN KEY ("subscription_id") REFERENCES "billing"."subscription" ("id") ON DELETE CASCADE,
      CONSTRAINT "CHK_SEAT_PURCHASE_SEATS" CHECK ("additional_seats" BETWEEN 1 AND 50)
    )`);
    await q.query(`CREATE INDEX "IDX_SEAT_PURCHASE_SUBSCRIPTION" ON "billing"."seat_purchase" ("subscription_id")`);

    await q.query(`CREATE TABLE "billing"."processed_webhook_event" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "event_id" varchar(255) NOT NULL,
      "type" varchar(100) NOT NULL,
      "processed_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_PROCESSED_WEBHOOK_EVENT" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_PROCESSED_WEBHOOK_EVENT_ID" ON "billing"."processed_webhook_event" ("event_id")`,
    );

    // the offline payment provider's own records
    await q.query(`CREATE TABLE "billing"."local_customer" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "email" varchar(320),
      "metadata" jsonb NOT NULL DEFAULT '{}',
      "default_payment_method" varchar(255),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_LOCAL_CUSTOMER" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE TABLE "billing"."local_payment_method" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "customer_id" uuid NOT NULL,
      "brand" varchar(20) NOT NULL,
      "last4" varchar(4) NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_LOCAL_PAYMENT_METHOD" PRIMARY KEY ("id"),
      CONSTRAINT "FK_LOCAL_PAYMENT_METHOD_CUSTOMER" FOREIGN KEY ("customer_id") REFERENCES "billing"."local_customer" ("id")
    )`);
    await q.query(
      `CREATE INDEX "IDX_LOCAL_PAYMENT_METHOD_CUSTOMER" ON "billing"."local_payment_method" ("customer_id")`,
    );
    await q.query(`CREATE TABLE "billing"."local_subscription" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "customer_id" uuid NOT NULL,
      "quantity" integer NOT NULL,
      "status" varchar(32) NOT NULL,
      "trial_end" timestamptz,
      "default_payment_method" varchar(255),
      "metadata" jsonb NOT NULL DEFAULT '{}',
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_LOCAL_SUBSCRIPTION" PRIMARY KEY ("id"),
      CONSTRAINT "FK_LOCAL_SUBSCRIPTION_CUSTOMER" FOREIGN KEY ("customer_id") REFERENCES "billing"."local_customer" ("id"),
      CONSTRAINT "CHK_LOCAL_SUBSCRIPTION_QUANTITY" CHECK ("quantity" >= 0)
    )`);
    await q.query(`CREATE INDEX "IDX_LOCAL_SUBSCRIPTION_CUSTOMER" ON "billing"."local_subscription" ("customer_id")`);
    await q.query(`CREATE TABLE "billing"."local_setup_intent" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "customer_id" uuid NOT NULL,
      "subscription_id" uuid,
      "client_secret" varchar(255) NOT NULL,
      "status" varchar(32) NOT NULL,
      "payment_method" varchar(255),
      "last_error_code" varchar(64),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_LOCAL_SETUP_INTENT" PRIMARY KEY ("id"),
      CONSTRAINT "FK_LOCAL_SETUP_INTENT_CUSTOMER" FOREIGN KEY ("customer_id") REFERENCES "billing"."local_customer" ("id"),
      CONSTRAINT "FK_LOCAL_SETUP_INTENT_SUBSCRIPTION" FOREIGN KEY ("subscription_id") REFERENCES "billing"."local_subscription" ("id")
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_LOCAL_SETUP_INTENT_CLIENT_SECRET" ON "billing"."local_setup_intent" ("client_secret")`,
    );
    await q.query(
      `CREATE INDEX "IDX_LOCAL_SETUP_INTENT_SUBSCRIPTION" ON "billing"."local_setup_intent" ("subscription_id")`,
    );
    await q.query(`CREATE TABLE "billing"."local_idempotency_key" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "key" varchar(255) NOT NULL,
      "operation" varchar(64) NOT NULL,
      "response" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_LOCAL_IDEMPOTENCY_KEY" PRIMARY KEY ("id")
    )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_LOCAL_IDEMPOTENCY_KEY" ON "billing"."local_idempotency_key" ("key")`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'local_idempotency_key',
      'local_setup_intent',
      'local_subscription',
      'local_payment_method',
      'local_customer',
      'processed_webhook_event',
      'seat_purchase',
      'subscription',
      'customer',
    ]) {
      await q.query(`DROP TABLE "billing"."${table}"`);
    }
  }
}
