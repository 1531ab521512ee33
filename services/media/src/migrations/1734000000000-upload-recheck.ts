import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When an upload must be checked again because its URL could still replace the object (S3 presigned PUTs). */
export class MediaUploadRecheck1734000000000 implements MigrationInterface {
  name = 'MediaUploadRecheck1734000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "media"."upload" ADD "recheck_at" timestamptz`);
    await q.query(
      `CREATE INDEX "IDX_UPLOAD_RECHECK_AT" ON "media"."upload" ("recheck_at") WHERE "recheck_at" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "media"."IDX_UPLOAD_RECHECK_AT"`);
    await q.query(`ALTER TABLE "media"."upload" DROP COLUMN "recheck_at"`);
  }
}
