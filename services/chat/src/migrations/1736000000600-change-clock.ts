import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A workspace's change clock: every insert or update of a message takes its `updated_at` (and a new message its
 * `created_at`) from it, strictly later than
 * the workspace's previous change (the wall clock, or one millisecond past the last change when that is not later) and
 * in commit order (the clock's row stays locked until the change commits). A socket that resumes with `since` (the
 * newest `updatedAt` it saw) is therefore replayed exactly what it missed: no two changes of a workspace share a
 * millisecond, and none commits later with an earlier time. Bulk loads that skip triggers
 * (`session_replication_role = replica`) keep the column default.
 */
export class ChatChangeClock1736000000600 implements MigrationInterface {
  name = 'ChatChangeClock1736000000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "chat"."workspace_clock" (
      "workspace_id" uuid PRIMARY KEY,
      "last_change_at" timestamp(3) with time zone NOT NULL)`);
    // the clock starts past every change already stored, so no new change sorts before an old one
    await q.query(`INSERT INTO "chat"."workspace_clock" ("workspace_id", "last_change_at")
      SELECT "workspace_id", max("updated_at") FROM "chat"."message" GROUP BY "workspace_id"`);
    await q.query(`CREATE FUNCTION "chat"."message_change_clock"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "chat"."workspace_clock" AS c ("workspace_id", "last_change_at")
        VALUES (NEW."workspace_id", date_trunc('milliseconds', clock_timestamp()))
        ON CONFLICT ("workspace_id") DO UPDATE
          SET "last_change_at" = greatest(date_trunc('milliseconds', clock_timestamp()),
                                          c."last_change_at" + interval '1 millisecond')
        RETURNING "last_change_at" INTO NEW."updated_at";
        -- a new message is created when it changes the workspace (unless its time was given, as an import gives it),
        -- so a replay tells it apart from a change by comparing the two
        IF TG_OP = 'INSERT' AND NEW."created_at" = now()::timestamp(3) with time zone THEN
          NEW."created_at" := NEW."updated_at";
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER "TRG_MESSAGE_CHANGE_CLOCK" BEFORE INSERT OR UPDATE ON "chat"."message"
      FOR EACH ROW EXECUTE FUNCTION "chat"."message_change_clock"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "TRG_MESSAGE_CHANGE_CLOCK" ON "chat"."message"`);
    await q.query(`DROP FUNCTION "chat"."message_change_clock"()`);
    await q.query(`DROP TABLE "chat"."workspace_clock"`);
  }
}
