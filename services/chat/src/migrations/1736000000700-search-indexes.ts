import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureExtension, extensionSchema } from './extensions.js';

/** An index rebuilt under a new definition, keeping its name (the old one is dropped once the new one exists). */
interface Rebuilt {
  name: string;
  /** The definition after `ON "chat"."message"`, given the schema pg_trgm and btree_gin live in. */
  up: (trgm: string) => string;
  down: (trgm: string) => string;
}

/**
 * Message search at a million messages (issue 15), measured on bench/search's corpus:
 * - **the author inside the GIN indexes** (btree_gin): `from:@sam.novak rollback` ANDed a bitmap of the 13,000
 *   `rollback` matches with one of the author's 43,000 messages from the (user_id, created_at) b-tree (10 ms, 4 of them
 *   building the author's bitmap); with `user_id` as the GIN index's second column the index intersects the two posting
 *   lists itself (2–3 ms). The same holds for the trigram index and a substring under `from:`. A search without
 *   `from:` reads the first column alone, as before;
 * - **the workspace's newest first with the id**: every arm orders by (created_at, id), and the (workspace_id,
 *   created_at) index made Postgres sort each walk again by id (an incremental sort carrying every row's tsvector: a
 *   phrase's walk over 12,650 messages took 15 ms, 7 ms without the sort).
 * The indexes are built without CONCURRENTLY (migrations run in a transaction): writes to chat.message wait while they
 * build, about 5 s per million messages each.
 */
export class ChatSearchIndexes1736000000700 implements MigrationInterface {
  name = 'ChatSearchIndexes1736000000700';

  private readonly rebuilt: Rebuilt[] = [
    {
      name: 'IDX_MESSAGE_SEARCH',
      up: () => `USING gin ("search_vector", "user_id")`,
      down: () => `USING gin ("search_vector")`,
    },
    {
      name: 'IDX_MESSAGE_CONTENT_TRGM',
      up: (trgm) => `USING gin ("content" "${trgm}".gin_trgm_ops, "user_id")`,
      down: (trgm) => `USING gin ("content" "${trgm}".gin_trgm_ops)`,
    },
    {
      name: 'IDX_MESSAGE_WORKSPACE_CREATED',
      up: () => `("workspace_id", "created_at", "id")`,
      down: () => `("workspace_id", "created_at")`,
    },
  ];

  async up(q: QueryRunner): Promise<void> {
    // btree_gin (a trusted extension, like pg_trgm) gives GIN its operator class for uuid; the default operator class
    // is found by type whatever schema it lives in
    await ensureExtension(q, 'btree_gin');
    await this.rebuild(q, 'up');
  }

  async down(q: QueryRunner): Promise<void> {
    // btree_gin stays installed, as the first migration leaves pg_trgm (something else may use it by now)
    await this.rebuild(q, 'down');
  }

  private async rebuild(q: QueryRunner, direction: 'up' | 'down'): Promise<void> {
    const trgm = await extensionSchema(q, 'pg_trgm');
    for (const index of this.rebuilt) {
      await q.query(`CREATE INDEX "${index.name}_NEXT" ON "chat"."message" ${index[direction](trgm)}`);
      await q.query(`DROP INDEX "chat"."${index.name}"`);
      await q.query(`ALTER INDEX "chat"."${index.name}_NEXT" RENAME TO "${index.name}"`);
    }
    await q.query(`ANALYZE "chat"."message"`);
  }
}
