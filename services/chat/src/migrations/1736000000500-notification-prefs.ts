import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notification preferences (issue 19): a member's default for a workspace (level, keywords, sound) and their
 * overrides per channel (a level of its own, muted). A member with no row has the defaults: mentions, no keywords,
 * no sound, nothing muted. `mentions_read_at`: when they last opened their Mentions view (what came later is unread).
 * A workspace's admins may keep @channel, @everyone and @here in large channels to themselves.
 */
export class ChatNotificationPrefs1736000000500 implements MigrationInterface {
  name = 'ChatNotificationPrefs1736000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "chat"."notification_pref" (
      "user_id" uuid NOT NULL,
      "workspace_id" uuid NOT NULL,
      "level" varchar(16) NOT NULL DEFAULT 'mentions',
      "keywords" text[] NOT NULL DEFAULT '{}',
      "sound" boolean NOT NULL DEFAULT false,
      "mentions_read_at" timestamptz(3),
      "updated_at" timestamptz(3) NOT NULL DEFAULT now(),
      CONSTRAINT "PK_NOTIFICATION_PREF" PRIMARY KEY ("user_id", "workspace_id"),
      CONSTRAINT "CHK_NOTIFICATION_PREF_LEVEL" CHECK ("level" IN ('all', 'mentions', 'nothing')))`);
    await q.query(`CREATE TABLE "chat"."channel_notification_pref" (
      "user_id" uuid NOT NULL,
      "channel_id" uuid NOT NULL REFERENCES "chat"."channel"("id") ON DELETE CASCADE,
      "workspace_id" uuid NOT NULL,
      "level" varchar(16) NOT NULL DEFAULT 'default',
      "muted" boolean NOT NULL DEFAULT false,
      "updated_at" timestamptz(3) NOT NULL DEFAULT now(),
      CONSTRAINT "PK_CHANNEL_NOTIFICATION_PREF" PRIMARY KEY ("user_id", "channel_id"),
      CONSTRAINT "CHK_CHANNEL_NOTIFICATION_PREF_LEVEL" CHECK ("level" IN ('default', 'all', 'mentions', 'nothing')))`);
    await q.query(`CREATE TABLE "chat"."broadcast_mention_policy" (
      "workspace_id" uuid NOT NULL,
      "admins_only_in_large_channels" boolean NOT NULL DEFAULT false,
      "large_channel_members" integer NOT NULL DEFAULT 20,
      "updated_at" timestamptz(3) NOT NULL DEFAULT now(),
      CONSTRAINT "PK_BROADCAST_MENTION_POLICY" PRIMARY KEY ("workspace_id"))`);
    await q.query(
      `CREATE INDEX "IDX_CHANNEL_NOTIFICATION_PREF_MEMBER" ON "chat"."channel_notification_pref" ("user_id", "workspace_id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "chat"."broadcast_mention_policy"`);
    await q.query(`DROP TABLE "chat"."channel_notification_pref"`);
    await q.query(`DROP TABLE "chat"."notification_pref"`);
  }
}
