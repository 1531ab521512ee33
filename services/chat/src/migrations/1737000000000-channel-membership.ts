import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Channel membership and private channels (issue 62).
 *
 * - `chat.channel` gains `visibility` (public unless private; DMs are private), `topic`, `archived_at`, `is_default`
 *   (new members of the workspace join it) and `created_by`. The first regular channel of each workspace (its
 *   `general`) becomes a default channel.
 * - `chat.channel_member` is the membership of regular channels: one row per member with their channel role and when
 *   they joined (PK channel+user; by workspace+user for "my channels"). `participant_ids` on the channel stays the
 *   members' ids, rewritten with the rows under the channel's row lock, so the per-message check and the SQL filters
 *   of search, unread and replay read one array as they did for DMs (whose participants remain their membership).
 * - `chat.member_setup` marks a (workspace, user) whose default channels were joined, once.
 * - `chat.workspace_setup.members_backfilled`: nothing stored is lost. Before this, every member of a workspace read
 *   every regular channel; chat does not hold the member list, so each existing workspace is backfilled lazily, on its
 *   first use after the upgrade, from the workspace service's member list: every member then belongs to every channel
 *   that existed (see WorkspaceSetupService.ensure). Workspaces set up from now on need no backfill.
 * - Messages gain `system_event`: set on a system message ("Ada joined" and the like), what happened as JSON text;
 *   null on members' messages.
 */
export class ChatChannelMembership1737000000000 implements MigrationInterface {
  name = 'ChatChannelMembership1737000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat"."channel"
      ADD COLUMN "visibility" varchar(16) NOT NULL DEFAULT 'public',
      ADD COLUMN "topic" varchar(250),
      ADD COLUMN "archived_at" timestamptz,
      ADD COLUMN "is_default" boolean NOT NULL DEFAULT false,
      ADD COLUMN "created_by" uuid,
      ADD CONSTRAINT "CHK_CHANNEL_VISIBILITY" CHECK ("visibility" IN ('public', 'private'))`);
    await q.query(`UPDATE "chat"."channel" SET "visibility" = 'private' WHERE "type" = 'direct'`);
    await q.query(`UPDATE "chat"."channel" c SET "is_default" = true
      WHERE c."id" IN (SELECT DISTINCT ON ("workspace_id") "id" FROM "chat"."channel" WHERE "type" = 'regular'
                        ORDER BY "workspace_id", "created_at", "id")`);
    // members of regular channels are filtered by participant_ids too now (sidebar, unread): index every channel
    await q.query(`DROP INDEX "chat"."IDX_CHANNEL_PARTICIPANTS"`);
    await q.query(`CREATE INDEX "IDX_CHANNEL_PARTICIPANTS" ON "chat"."channel" USING gin ("participant_ids")`);

    await q.query(`CREATE TABLE "chat"."channel_member" (
      "channel_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "workspace_id" uuid NOT NULL,
      "role" varchar(16) NOT NULL DEFAULT 'member',
      "joined_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_CHANNEL_MEMBER" PRIMARY KEY ("channel_id", "user_id"),
      CONSTRAINT "FK_CHANNEL_MEMBER_CHANNEL" FOREIGN KEY ("channel_id") REFERENCES "chat"."channel" ("id") ON DELETE CASCADE,
      CONSTRAINT "CHK_CHANNEL_MEMBER_ROLE" CHECK ("role" IN ('admin', 'member'))
    )`);
    await q.query(
      `CREATE INDEX "IDX_CHANNEL_MEMBER_WORKSPACE_USER" ON "chat"."channel_member" ("workspace_id", "user_id")`,
    );
    await q.query(`CREATE TABLE "chat"."member_setup" (
      "workspace_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_MEMBER_SETUP" PRIMARY KEY ("workspace_id", "user_id")
    )`);
    await q.query(
      `ALTER TABLE "chat"."workspace_setup" ADD COLUMN "members_backfilled" boolean NOT NULL DEFAULT false`,
    );

    await q.query(`ALTER TABLE "chat"."message" ADD COLUMN "system_event" varchar(4000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat"."message" DROP COLUMN "system_event"`);
    await q.query(`ALTER TABLE "chat"."workspace_setup" DROP COLUMN "members_backfilled"`);
    await q.query(`DROP TABLE "chat"."member_setup"`);
    await q.query(`DROP TABLE "chat"."channel_member"`);
    await q.query(`DROP INDEX "chat"."IDX_CHANNEL_PARTICIPANTS"`);
    await q.query(
      `CREATE INDEX "IDX_CHANNEL_PARTICIPANTS" ON "chat"."channel" USING gin ("participant_ids") WHERE "type" = 'direct'`,
    );
    await q.query(`ALTER TABLE "chat"."channel" DROP CONSTRAINT "CHK_CHANNEL_VISIBILITY",
      DROP COLUMN "visibility", DROP COLUMN "topic", DROP COLUMN "archived_at", DROP COLUMN "is_default",
      DROP COLUMN "created_by"`);
  }
}
