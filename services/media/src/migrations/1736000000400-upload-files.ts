import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Message attachments of any type (kind `file`): the original file name is kept beside the upload, and a content type
 * may be any well-formed one (office documents have long names).
 */
export class MediaUploadFiles1736000000400 implements MigrationInterface {
  name = 'MediaUploadFiles1736000000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "media"."upload" ADD "filename" varchar(255)`);
    await q.query(`ALTER TABLE "media"."upload" ALTER COLUMN "content_type" TYPE varchar(255)`);
    await q.query(`ALTER TABLE "media"."upload" DROP CONSTRAINT "CHK_UPLOAD_KIND"`);
    await q.query(`ALTER TABLE "media"."upload" ADD CONSTRAINT "CHK_UPLOAD_KIND"
      CHECK ("kind" IN ('profile', 'logo', 'reaction', 'message', 'file'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "media"."upload" WHERE "kind" = 'file'`);
    await q.query(`ALTER TABLE "media"."upload" DROP CONSTRAINT "CHK_UPLOAD_KIND"`);
    await q.query(`ALTER TABLE "media"."upload" ADD CONSTRAINT "CHK_UPLOAD_KIND"
      CHECK ("kind" IN ('profile', 'logo', 'reaction', 'message'))`);
    await q.query(`ALTER TABLE "media"."upload" ALTER COLUMN "content_type" TYPE varchar(40)`);
    await q.query(`ALTER TABLE "media"."upload" DROP COLUMN "filename"`);
  }
}
