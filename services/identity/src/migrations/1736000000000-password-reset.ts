import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Password reset tokens (hashed, single use, expiring); they go with their user. */
export class IdentityPasswordReset1736000000000 implements MigrationInterface {
  name = 'IdentityPasswordReset1736000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "identity"."password_reset" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "token_hash" char(64) NOT NULL,
      "expires_at" timestamptz NOT NULL,
      "used_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_PASSWORD_RESET" PRIMARY KEY ("id"),
      CONSTRAINT "FK_PASSWORD_RESET_USER" FOREIGN KEY ("user_id") REFERENCES "identity"."user" ("id") ON DELETE CASCADE
    )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_PASSWORD_RESET_TOKEN" ON "identity"."password_reset" ("token_hash")`);
    await q.query(`CREATE INDEX "IDX_PASSWORD_RESET_USER" ON "identity"."password_reset" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "identity"."password_reset"`);
  }
}
