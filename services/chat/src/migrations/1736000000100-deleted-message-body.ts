import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message has content, an image or a file, unless it was deleted: a deleted message keeps no content nor attachment
 * (a thread root stays as "This message was deleted." with its replies).
 */
export class ChatDeletedMessageBody1736000000100 implements MigrationInterface {
  name = 'ChatDeletedMessageBody1736000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat"."message" DROP CONSTRAINT "CHK_MESSAGE_BODY"`);
    await q.query(`ALTER TABLE "chat"."message" ADD CONSTRAINT "CHK_MESSAGE_BODY" CHECK (
      "deleted_at" IS NOT NULL OR coalesce(btrim("content"), '') <> '' OR coalesce(btrim("image_url"), '') <> ''
      OR coalesce(btrim("file_url"), '') <> '')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat"."message" DROP CONSTRAINT "CHK_MESSAGE_BODY"`);
    await q.query(`ALTER TABLE "chat"."message" ADD CONSTRAINT "CHK_MESSAGE_BODY"
      CHECK (coalesce(btrim("content"), '') <> '' OR coalesce(btrim("image_url"), '') <> '') NOT VALID`);
  }
}
