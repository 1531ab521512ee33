import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message attachment is read by those who may read the channel it was posted in (`channel_id`), and before it is
 * posted by its uploader only (`uploader_only`). Uploads made before this stay readable by their workspace's members,
 * as they were: which channel showed them is chat's to know, not media's.
 */
export class MediaAttachmentAudience1741000000000 implements MigrationInterface {
  name = 'MediaAttachmentAudience1741000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "media"."upload" ADD "channel_id" uuid`);
    await q.query(`ALTER TABLE "media"."upload" ADD "uploader_only" boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "media"."upload" DROP COLUMN "uploader_only"`);
    await q.query(`ALTER TABLE "media"."upload" DROP COLUMN "channel_id"`);
  }
}
