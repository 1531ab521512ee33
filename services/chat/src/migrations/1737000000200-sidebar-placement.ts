import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-member sidebars (issue 62): a member's own sections and where they put channels, without changing anyone else's.
 *
 * - `chat.channel_section.owner_id`: null for the workspace's sections (everyone's defaults, as before); a member's id
 *   for a section of their own sidebar, which no one else sees.
 * - `chat.sidebar_placement`: one row per (channel, member) who moved or reordered it: the section it is in and its
 *   order there, for that member only. Without a row the channel's own `section_id` and `order` hold, so a member who
 *   never customised, and every new member, sees the workspace's layout. A row goes with its channel, its section (a
 *   member's own section deleted: its channels fall back to their defaults) and the member's membership of the channel
 *   (removed with it, by the membership code).
 */
export class ChatSidebarPlacement1737000000200 implements MigrationInterface {
  name = 'ChatSidebarPlacement1737000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat"."channel_section" ADD COLUMN "owner_id" uuid`);
    await q.query(
      `CREATE INDEX "IDX_CHANNEL_SECTION_OWNER" ON "chat"."channel_section" ("workspace_id", "owner_id")
       WHERE "owner_id" IS NOT NULL`,
    );
    await q.query(`CREATE TABLE "chat"."sidebar_placement" (
      "channel_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "workspace_id" uuid NOT NULL,
      "section_id" uuid NOT NULL,
      "order" integer NOT NULL DEFAULT 0,
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_SIDEBAR_PLACEMENT" PRIMARY KEY ("channel_id", "user_id"),
      CONSTRAINT "FK_SIDEBAR_PLACEMENT_CHANNEL" FOREIGN KEY ("channel_id")
        REFERENCES "chat"."channel" ("id") ON DELETE CASCADE,
      CONSTRAINT "FK_SIDEBAR_PLACEMENT_SECTION" FOREIGN KEY ("section_id")
        REFERENCES "chat"."channel_section" ("id") ON DELETE CASCADE
    )`);
    await q.query(
      `CREATE INDEX "IDX_SIDEBAR_PLACEMENT_WORKSPACE_USER" ON "chat"."sidebar_placement" ("workspace_id", "user_id")`,
    );
    await q.query(`CREATE INDEX "IDX_SIDEBAR_PLACEMENT_SECTION" ON "chat"."sidebar_placement" ("section_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "chat"."sidebar_placement"`);
    await q.query(`DELETE FROM "chat"."channel_section" WHERE "owner_id" IS NOT NULL`);
    await q.query(`DROP INDEX "chat"."IDX_CHANNEL_SECTION_OWNER"`);
    await q.query(`ALTER TABLE "chat"."channel_section" DROP COLUMN "owner_id"`);
  }
}
