import type { MigrationInterface, QueryRunner } from 'typeorm';
import { IMAGE_MESSAGES } from './1736000000900-image-search-indexes.js';

/**
 * A workspace's image messages newest first (issue 15): what IDX_MESSAGE_WORKSPACE_CREATED is to all of its messages,
 * for the ones a `has:image` search can find. Such a search reads its window newest first, and through the full index
 * Postgres walked nine messages without an image for each one with: on bench/search's million messages (one in ten
 * with an image), the window of `has:image deploy` (its newest 100 matches) read 20,949 messages, 3.4 ms (EXPLAIN
 * ANALYZE), where this index reads 2,085, 1.4 ms; `has:image` alone reads its page from it at once. Postgres takes it
 * when it is the cheaper read: of the 93 statements of bench/search's queries (the search's and a plain ILIKE's), it
 * chose it for `has:image deploy` on both sides and for the plain ILIKE of the combined query, and changed no other.
 * Kept up to date for image messages only; 5.8 MB at a million messages, next to the full index's 56 MB. Built without
 * CONCURRENTLY (migrations run in a transaction): writes to chat.message wait while it reads the table, about 0.5 s
 * per million messages.
 */
export class ChatImageMessagesNewestFirst1736000001000 implements MigrationInterface {
  name = 'ChatImageMessagesNewestFirst1736000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "IDX_MESSAGE_IMAGE_WORKSPACE_CREATED" ON "chat"."message" ("workspace_id", "created_at", "id")
         WHERE ${IMAGE_MESSAGES}`,
    );
    // no ANALYZE: the index is of plain columns, whose statistics the table's already are (its size comes with it)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "chat"."IDX_MESSAGE_IMAGE_WORKSPACE_CREATED"`);
  }
}
