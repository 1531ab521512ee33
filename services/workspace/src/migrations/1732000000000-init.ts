import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WorkspaceInit1732000000000 implements MigrationInterface {
  name = 'WorkspaceInit1732000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "workspace"."workspace" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "name" varchar(100) NOT NULL,
      "profile_image_url" varchar(2048),
      "created_by" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "stripe_customer_id" varchar(255),
      "stripe_subscription_id" varchar(255),
      "seats" integer NOT NULL DEFAULT 5,
      CONSTRAINT "PK_WORKSPACE" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_WORKSPACE_SEATS" CHECK ("seats" >= 0)
    )`);
    await q.query(`CREATE TABLE "workspace"."user_workspace" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "workspace_id" uuid NOT NULL,
      "role" varchar(16) NOT NULL DEFAULT 'member',
      "joined_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_USER_WORKSPACE" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_USER_WORKSPACE_ROLE" CHECK ("role" IN ('admin', 'member')),
      CONSTRAINT "FK_USER_WORKSPACE_WORKSPACE" FOREIGN KEY ("workspace_id") REFERENCES "workspace"."workspace" ("id") ON DELETE CASCADE
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_USER_WORKSPACE" ON "workspace"."user_workspace" ("workspace_id", "user_id")`,
    );
    await q.query(`CREATE INDEX "IDX_USER_WORKSPACE_USER" ON "workspace"."user_workspace" ("user_id", "joined_at")`);
    await q.query(`CREATE TABLE "workspace"."current_workspace" (
      "user_id" uuid NOT NULL,
      "workspace_id" uuid NOT NULL,
      CONSTRAINT "PK_CURRENT_WORKSPACE" PRIMARY KEY ("user_id"),
      CONSTRAINT "FK_CURRENT_WORKSPACE_WORKSPACE" FOREIGN KEY ("workspace_id") REFERENCES "workspace"."workspace" ("id") ON DELETE CASCADE
    )`);
    await q.query(`CREATE TABLE "workspace"."invite" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "workspace_id" uuid NOT NULL,
      "token" varchar(64) NOT NULL,
      "email" varchar(320),
      "status" varchar(16) NOT NULL DEFAULT 'pending',
      "invited_by" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "accepted_by" uuid,
      "accepted_at" timestamptz,
      CONSTRAINT "PK_INVITE" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_INVITE_STATUS" CHECK ("status" IN ('pending', 'accepted', 'cancelled')),
      CONSTRAINT "FK_INVITE_WORKSPACE" FOREIGN KEY ("workspace_id") REFERENCES "workspace"."workspace" ("id") ON DELETE CASCADE
    )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_INVITE_TOKEN" ON "workspace"."invite" ("token")`);
    await q.query(`CREATE INDEX "IDX_INVITE_WORKSPACE_STATUS" ON "workspace"."invite" ("workspace_id", "status")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "workspace"."invite"`);
    await q.query(`DROP TABLE "workspace"."current_workspace"`);
    await q.query(`DROP TABLE "workspace"."user_workspace"`);
    await q.query(`DROP TABLE "workspace"."workspace"`);
  }
}
