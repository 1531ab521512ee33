import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Message search at scale (issue 15): the planner chooses between walking a workspace's messages newest first and a
 * bitmap of the GIN index by how common the searched words are, so its statistics must know the vocabulary's long
 * tail (a statistics target of 1000 keeps up to 10,000 most common words, and an unknown word is then priced as
 * rare) and must stay current as messages pile up (analyze after 2 % of the rows change instead of 10 %). `from:`
 * walks one author's messages newest first.
 */
export class ChatSearchPlanning1735000000000 implements MigrationInterface {
  name = 'ChatSearchPlanning1735000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat"."message" ALTER COLUMN "search_vector" SET STATISTICS 1000`);
    await q.query(`ALTER TABLE "chat"."message" ALTER COLUMN "content" SET STATISTICS 1000`);
    await q.query(
      `ALTER TABLE "chat"."message" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_scale_factor = 0.05)`,
    );
    await q.query(`CREATE INDEX "IDX_MESSAGE_USER_CREATED" ON "chat"."message" ("user_id", "created_at")`);
    await q.query(`ANALYZE "chat"."message"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "chat"."IDX_MESSAGE_USER_CREATED"`);
    await q.query(
      `ALTER TABLE "chat"."message" RESET (autovacuum_analyze_scale_factor, autovacuum_vacuum_scale_factor)`,
    );
    await q.query(`ALTER TABLE "chat"."message" ALTER COLUMN "content" SET STATISTICS -1`);
    await q.query(`ALTER TABLE "chat"."message" ALTER COLUMN "search_vector" SET STATISTICS -1`);
  }
}
