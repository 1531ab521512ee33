import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Group DMs (issue 62): a DM's key is the sorted ids of all its people, and a group DM holds up to 9 (the caller and 8
 * others): 9 × 36 + 8 separators = 332 characters, past the 80 a pair needed. Widening a varchar keeps every stored
 * key as it is and is a catalog change only (no rewrite of the table or of UQ_CHANNEL_DM_KEY).
 */
export class ChatGroupDmKey1737000000100 implements MigrationInterface {
  name = 'ChatGroupDmKey1737000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat"."channel" ALTER COLUMN "dm_key" TYPE varchar(400)`);
  }

  async down(q: QueryRunner): Promise<void> {
    // refused by Postgres ("value too long") while a group DM exists: its conversation is not dropped silently
    await q.query(`ALTER TABLE "chat"."channel" ALTER COLUMN "dm_key" TYPE varchar(80)`);
  }
}
