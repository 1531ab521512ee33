import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Message search measures how common a substring is as it reads it (SearchService: the substring arm walks a
 * stretch of the newest messages first), so it no longer needs Postgres to guess it from `content`'s statistics.
 * Those statistics (a target of 1000, set by 1735000000000-search-planning) made every `ILIKE` statement cost 1.3–1.6
 * ms to plan at a million messages, as Postgres matched the pattern against the 1,000 texts of the histogram — more
 * than most substring reads take to run — and still guessed wrong when a sample held a rare term twice. Back to the
 * server's default target (0.3–0.4 ms to plan); `search_vector` keeps its target of 1000, which prices words.
 */
export class ChatSubstringStatistics1736000001000 implements MigrationInterface {
  name = 'ChatSubstringStatistics1736000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat"."message" ALTER COLUMN "content" SET STATISTICS -1`);
    await q.query(`ANALYZE "chat"."message" ("content")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat"."message" ALTER COLUMN "content" SET STATISTICS 1000`);
    await q.query(`ANALYZE "chat"."message" ("content")`);
  }
}
