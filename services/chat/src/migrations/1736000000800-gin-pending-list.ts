import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The GIN indexes of message search (see 1736000000700-search-indexes). */
const GIN_INDEXES = ['IDX_MESSAGE_SEARCH', 'IDX_MESSAGE_CONTENT_TRGM'];

/** kB: about a second of new messages at 200 a second, instead of the server's default 4 MB. */
export const GIN_PENDING_LIST_KB = 256;

/**
 * A new message's words and trigrams go to its GIN indexes' pending list (fastupdate) rather than into the indexes
 * themselves; once the list passes `gin_pending_list_limit`, the insert that crossed it merges the whole list into
 * the index before it commits. At the server's default of 4 MB that was one insert of 30–34 ms every 13 s at
 * 200 messages a second (bench/fanout, Postgres's slow-statement log), holding up that message and its workspace's
 * change clock, and every search scans the whole list sequentially until it is merged. At 256 kB the merge is about
 * 5 ms, 16 times as often, for about the same Postgres CPU per message (0.47 → 0.48–0.49 ms in two alternated pairs).
 */
export class ChatGinPendingList1736000000800 implements MigrationInterface {
  name = 'ChatGinPendingList1736000000800';

  async up(q: QueryRunner): Promise<void> {
    for (const index of GIN_INDEXES)
      await q.query(`ALTER INDEX "chat"."${index}" SET (gin_pending_list_limit = ${GIN_PENDING_LIST_KB})`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of GIN_INDEXES) await q.query(`ALTER INDEX "chat"."${index}" RESET (gin_pending_list_limit)`);
  }
}
