import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityInit1732000000000 implements MigrationInterface {
  name = 'IdentityInit1732000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "identity"."user" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "email" varchar(320) NOT NULL,
      "password_hash" varchar(255) NOT NULL,
      "first_name" varchar(100) NOT NULL,
      "last_name" varchar(100) NOT NULL,
      "company_size" varchar(20),
      "profile_image_url" varchar(2048),
      "username" varchar(64) NOT NULL,
      "status" varchar(20) NOT NULL DEFAULT 'offline',
      "agent_id" varchar(32),
      "handle" varchar(50),
      "about_me" varchar(500),
      "stars" integer NOT NULL DEFAULT 0,
      "stripe_customer_id" varchar(255),
      "stripe_subscription_id" varchar(255),
      "payment_completed" boolean NOT NULL DEFAULT false,
      "onboarding_completed" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_USER" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_USER_STARS" CHECK ("stars" >= 0)
    )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_USER_EMAIL" ON "identity"."user" ("email")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_USER_USERNAME" ON "identity"."user" ("username")`);
    // handles are unique per workspace (checked against the members); this index makes that lookup cheap
    await q.query(
      `CREATE INDEX "IDX_USER_HANDLE_LOWER" ON "identity"."user" (lower("handle")) WHERE "handle" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "identity"."user"`);
  }
}
