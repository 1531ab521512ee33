import type { MigrationInterface, QueryRunner } from 'typeorm';
import { extensionSchema } from './extensions.js';
import { GIN_PENDING_LIST_KB } from './1736000000800-gin-pending-list.js';

/** Only messages a `has:image` search can find: with an image, not deleted (the search's own conditions). */
export const IMAGE_MESSAGES = `"image_url" IS NOT NULL AND "deleted_at" IS NULL`;

/**
 * `has:image` searches read the two search indexes of image messages alone (issue 15). A `has:image` search with other
 * filters ANDed every word match of its author in the whole table with the channel's messages since its date, then
 * threw away the nine in ten that hold no image: on bench/search's million messages (one in ten with an image),
 * `from:@priya.raman in:#engineering after:… has:image deploy -staging` read 6,461 `deploy` matches of hers and
 * 82,311 of the channel's messages in each of its two statements, 12.7 and 16.8 ms (EXPLAIN ANALYZE). These partial
 * indexes, the same columns as IDX_MESSAGE_SEARCH and IDX_MESSAGE_CONTENT_TRGM over image messages only, hold the 498
 * messages of hers with both an image and the word: 2.4 and 1.9 ms. Every `has:image` search can use them (its
 * conditions imply the indexes' own), and Postgres does when they are the cheaper read, as it did there; they are
 * kept up to date for image messages only, and at a million messages take 2 and 11 MB next to the full indexes' 13
 * and 71 MB.
 */
export class ChatImageSearchIndexes1736000000900 implements MigrationInterface {
  name = 'ChatImageSearchIndexes1736000000900';

  async up(q: QueryRunner): Promise<void> {
    const trgm = await extensionSchema(q, 'pg_trgm');
    const options = `WITH (gin_pending_list_limit = ${GIN_PENDING_LIST_KB})`;
    await q.query(
      `CREATE INDEX "IDX_MESSAGE_IMAGE_SEARCH" ON "chat"."message" USING gin ("search_vector", "user_id")
         ${options} WHERE ${IMAGE_MESSAGES}`,
    );
    await q.query(
      `CREATE INDEX "IDX_MESSAGE_IMAGE_CONTENT_TRGM" ON "chat"."message"
         USING gin ("content" "${trgm}".gin_trgm_ops, "user_id") ${options} WHERE ${IMAGE_MESSAGES}`,
    );
    await q.query(`ANALYZE "chat"."message"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "chat"."IDX_MESSAGE_IMAGE_CONTENT_TRGM"`);
    await q.query(`DROP INDEX "chat"."IDX_MESSAGE_IMAGE_SEARCH"`);
  }
}
