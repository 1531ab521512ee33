import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureExtension } from './extensions.js';

export class ChatInit1732100000000 implements MigrationInterface {
  name = 'ChatInit1732100000000';

  async up(q: QueryRunner): Promise<void> {
    // pg_trgm (a trusted extension) backs substring search for partial words and tokens like PLT-36 or v2; it goes
    // into the chat schema unless the database already has it elsewhere (an extension exists once per database)
    const trgmSchema = await ensureExtension(q, 'pg_trgm');

    await q.query(`CREATE TABLE "chat"."channel_section" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "workspace_id" uuid NOT NULL,
      "name" varchar(80) NOT NULL,
      "order" integer NOT NULL DEFAULT 0,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_CHANNEL_SECTION" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE INDEX "IDX_CHANNEL_SECTION_WORKSPACE" ON "chat"."channel_section" ("workspace_id", "order", "created_at")`,
    );

    await q.query(`CREATE TABLE "chat"."channel" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "workspace_id" uuid NOT NULL,
      "name" varchar(80) NOT NULL,
      "description" varchar(500),
      "section_id" uuid,
      "type" varchar(16) NOT NULL DEFAULT 'regular',
      "participant_ids" uuid[],
      "dm_key" varchar(80),
      "icon" varchar(32) NOT NULL DEFAULT 'Hash',
      "order" integer NOT NULL DEFAULT 0,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_CHANNEL" PRIMARY KEY ("id"),
      CONSTRAINT "FK_CHANNEL_SECTION" FOREIGN KEY ("section_id") REFERENCES "chat"."channel_section" ("id") ON DELETE RESTRICT,
      CONSTRAINT "CHK_CHANNEL_TYPE" CHECK ("type" IN ('regular', 'direct')),
      CONSTRAINT "CHK_CHANNEL_DM_KEY" CHECK (("type" = 'direct') = ("dm_key" IS NOT NULL)),
      -- orders inside a section stay unique; deferred so a reorder can renumber within one transaction
      CONSTRAINT "UQ_CHANNEL_SECTION_ORDER" UNIQUE ("section_id", "order") DEFERRABLE INITIALLY DEFERRED
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_CHANNEL_WORKSPACE_NAME" ON "chat"."channel" ("workspace_id", lower("name")) WHERE "type" = 'regular'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_CHANNEL_DM_KEY" ON "chat"."channel" ("workspace_id", "dm_key") WHERE "dm_key" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "IDX_CHANNEL_WORKSPACE_TYPE" ON "chat"."channel" ("workspace_id", "type")`);
    await q.query(`CREATE INDEX "IDX_CHANNEL_SECTION_ORDER" ON "chat"."channel" ("section_id", "order")`);
    await q.query(
      `CREATE INDEX "IDX_CHANNEL_PARTICIPANTS" ON "chat"."channel" USING gin ("participant_ids") WHERE "type" = 'direct'`,
    );

    await q.query(`CREATE TABLE "chat"."message" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "workspace_id" uuid NOT NULL,
      "channel_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "content" varchar(4000),
      "image_url" varchar(2048),
      "client_msg_id" varchar(100),
      "created_at" timestamptz(3) NOT NULL DEFAULT now(),
      "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce("content", ''))) STORED,
      CONSTRAINT "PK_MESSAGE" PRIMARY KEY ("id"),
      CONSTRAINT "FK_MESSAGE_CHANNEL" FOREIGN KEY ("channel_id") REFERENCES "chat"."channel" ("id") ON DELETE CASCADE,
      CONSTRAINT "CHK_MESSAGE_BODY" CHECK (coalesce(btrim("content"), '') <> '' OR coalesce(btrim("image_url"), '') <> '')
    )`);
    await q.query(`CREATE INDEX "IDX_MESSAGE_CHANNEL_CREATED" ON "chat"."message" ("channel_id", "created_at", "id")`);
    await q.query(`CREATE INDEX "IDX_MESSAGE_WORKSPACE_CREATED" ON "chat"."message" ("workspace_id", "created_at")`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_MESSAGE_CLIENT_MSG" ON "chat"."message" ("user_id", "client_msg_id") WHERE "client_msg_id" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "IDX_MESSAGE_SEARCH" ON "chat"."message" USING gin ("search_vector")`);
    await q.query(
      `CREATE INDEX "IDX_MESSAGE_CONTENT_TRGM" ON "chat"."message" USING gin ("content" "${trgmSchema}".gin_trgm_ops)`,
    );

    await q.query(`CREATE TABLE "chat"."custom_reaction" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "workspace_id" uuid NOT NULL,
      "name" varchar(32) NOT NULL,
      "image_url" varchar(2048) NOT NULL,
      "created_by" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_CUSTOM_REACTION" PRIMARY KEY ("id")
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_CUSTOM_REACTION_NAME" ON "chat"."custom_reaction" ("workspace_id", lower("name"))`,
    );

    await q.query(`CREATE TABLE "chat"."message_reaction" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "message_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "reaction_id" varchar(64) NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_MESSAGE_REACTION" PRIMARY KEY ("id"),
      CONSTRAINT "FK_MESSAGE_REACTION_MESSAGE" FOREIGN KEY ("message_id") REFERENCES "chat"."message" ("id") ON DELETE CASCADE
    )`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_MESSAGE_REACTION" ON "chat"."message_reaction" ("message_id", "user_id", "reaction_id")`,
    );

    await q.query(`CREATE TABLE "chat"."channel_read" (
      "user_id" uuid NOT NULL,
      "channel_id" uuid NOT NULL,
      "workspace_id" uuid NOT NULL,
      "last_read_at" timestamptz(3) NOT NULL,
      CONSTRAINT "PK_CHANNEL_READ" PRIMARY KEY ("user_id", "channel_id"),
      CONSTRAINT "FK_CHANNEL_READ_CHANNEL" FOREIGN KEY ("channel_id") REFERENCES "chat"."channel" ("id") ON DELETE CASCADE
    )`);

    await q.query(`CREATE TABLE "chat"."workspace_setup" (
      "workspace_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_WORKSPACE_SETUP" PRIMARY KEY ("workspace_id")
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'workspace_setup',
      'channel_read',
      'message_reaction',
      'custom_reaction',
      'message',
      'channel',
      'channel_section',
    ]) {
      await q.query(`DROP TABLE "chat"."${table}"`);
    }
  }
}
