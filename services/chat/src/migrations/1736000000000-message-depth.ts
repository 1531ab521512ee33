import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messaging depth (issue 18): edits, deletes, threads, pins and file attachments on `chat.message`, and who follows
 * which thread.
 *
 * - `updated_at` moves on every change a member sees (created, edited, deleted, reacted to, pinned, replied to); the
 *   replay of a reconnecting socket reads `updated_at > since`, so edits and deletes are resumed like new messages.
 * - A delete keeps the row as a tombstone (`deleted_at`, no content, no attachment): a root keeps its thread, every
 *   other deleted row is left out of pages and search.
 * - A reply names its root in `thread_id` (one level deep); the root carries the thread's summary (`reply_count`,
 *   `last_reply_at`, up to three `reply_user_ids`, newest first) so a page never counts replies.
 */
export class ChatMessageDepth1736000000000 implements MigrationInterface {
  name = 'ChatMessageDepth1736000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat"."message"
      ADD COLUMN "updated_at" timestamptz(3),
      ADD COLUMN "edited_at" timestamptz(3),
      ADD COLUMN "deleted_at" timestamptz(3),
      ADD COLUMN "thread_id" uuid REFERENCES "chat"."message"("id") ON DELETE CASCADE,
      ADD COLUMN "also_in_channel" boolean NOT NULL DEFAULT false,
      ADD COLUMN "reply_count" integer NOT NULL DEFAULT 0,
      ADD COLUMN "last_reply_at" timestamptz(3),
      ADD COLUMN "reply_user_ids" uuid[] NOT NULL DEFAULT '{}',
      ADD COLUMN "pinned_at" timestamptz(3),
      ADD COLUMN "pinned_by" uuid,
      ADD COLUMN "file_url" varchar(2048),
      ADD COLUMN "file_name" varchar(255),
      ADD COLUMN "file_size" bigint,
      ADD COLUMN "file_type" varchar(255)`);
    await q.query(`UPDATE "chat"."message" SET "updated_at" = "created_at"`);
    await q.query(`ALTER TABLE "chat"."message" ALTER COLUMN "updated_at" SET NOT NULL,
      ALTER COLUMN "updated_at" SET DEFAULT now()`);
    await q.query(`CREATE INDEX "IDX_MESSAGE_WORKSPACE_UPDATED" ON "chat"."message" ("workspace_id", "updated_at")`);
    await q.query(
      `CREATE INDEX "IDX_MESSAGE_THREAD_CREATED" ON "chat"."message" ("thread_id", "created_at", "id")
       WHERE "thread_id" IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "IDX_MESSAGE_CHANNEL_PINNED" ON "chat"."message" ("channel_id", "pinned_at")
       WHERE "pinned_at" IS NOT NULL`,
    );
    await q.query(`CREATE TABLE "chat"."thread_follower" (
      "message_id" uuid NOT NULL REFERENCES "chat"."message"("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "last_read_at" timestamptz(3),
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      CONSTRAINT "PK_THREAD_FOLLOWER" PRIMARY KEY ("message_id", "user_id"))`);
    await q.query(`CREATE INDEX "IDX_THREAD_FOLLOWER_USER" ON "chat"."thread_follower" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "chat"."thread_follower"`);
    await q.query(`DROP INDEX "chat"."IDX_MESSAGE_CHANNEL_PINNED"`);
    await q.query(`DROP INDEX "chat"."IDX_MESSAGE_THREAD_CREATED"`);
    await q.query(`DROP INDEX "chat"."IDX_MESSAGE_WORKSPACE_UPDATED"`);
    await q.query(`ALTER TABLE "chat"."message"
      DROP COLUMN "file_type", DROP COLUMN "file_size", DROP COLUMN "file_name", DROP COLUMN "file_url",
      DROP COLUMN "pinned_by", DROP COLUMN "pinned_at", DROP COLUMN "reply_user_ids", DROP COLUMN "last_reply_at",
      DROP COLUMN "reply_count", DROP COLUMN "also_in_channel", DROP COLUMN "thread_id", DROP COLUMN "deleted_at",
      DROP COLUMN "edited_at", DROP COLUMN "updated_at"`);
  }
}
