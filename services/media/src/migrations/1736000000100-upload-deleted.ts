import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An upload whose message was deleted: its bytes are gone and it is never served again (status `deleted`). */
export class MediaUploadDeleted1736000000100 implements MigrationInterface {
  name = 'MediaUploadDeleted1736000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "media"."upload" DROP CONSTRAINT "CHK_UPLOAD_STATUS"`);
    await q.query(`ALTER TABLE "media"."upload" ADD CONSTRAINT "CHK_UPLOAD_STATUS"
      CHECK ("status" IN ('pending', 'stored', 'rejected', 'abandoned', 'deleted'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "media"."upload" SET "status" = 'abandoned' WHERE "status" = 'deleted'`);
    await q.query(`ALTER TABLE "media"."upload" DROP CONSTRAINT "CHK_UPLOAD_STATUS"`);
    await q.query(`ALTER TABLE "media"."upload" ADD CONSTRAINT "CHK_UPLOAD_STATUS"
      CHECK ("status" IN ('pending', 'stored', 'rejected', 'abandoned'))`);
  }
}
