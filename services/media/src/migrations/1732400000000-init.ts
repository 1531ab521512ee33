import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MediaInit1732400000000 implements MigrationInterface {
  name = 'MediaInit1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "media"."upload" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "key" varchar(200) NOT NULL,
      "workspace_id" uuid,
      "owner_id" uuid NOT NULL,
      "kind" varchar(20) NOT NULL,
      "content_type" varchar(40) NOT NULL,
      "max_bytes" integer NOT NULL,
      "size" integer,
      "status" varchar(20) NOT NULL DEFAULT 'pending',
      "expires_at" timestamptz NOT NULL,
      "stored_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_UPLOAD" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_UPLOAD_STATUS" CHECK ("status" IN ('pending', 'stored', 'rejected', 'abandoned')),
      CONSTRAINT "CHK_UPLOAD_KIND" CHECK ("kind" IN ('profile', 'logo', 'reaction', 'message')),
      CONSTRAINT "CHK_UPLOAD_SIZE" CHECK ("size" IS NULL OR "size" >= 0)
    )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_UPLOAD_KEY" ON "media"."upload" ("key")`);
    await q.query(
      `CREATE INDEX "IDX_UPLOAD_PENDING_EXPIRES" ON "media"."upload" ("expires_at") WHERE "status" = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "media"."upload"`);
  }
}
