import type { ChannelRef } from '../channels/channel-access.service.js';
import { WITH_REACTIONS, type RowWithReactions } from './message-sql.js';
import { statement } from './named-statement.js';

/** The statements on a message's pin and reactions. */

/** A message of the workspace with what decides who may touch it: its channel's kind and participants. */
export const TARGET = statement<
  { id: string; workspaceId: string },
  {
    id: string;
    channel_id: string;
    workspace_id: string;
    deleted_at: Date | null;
    type: ChannelRef['type'];
    participant_ids: string[] | null;
  }
>(
  'chat.pin.target',
  `SELECT m."id", m."channel_id", m."workspace_id", m."deleted_at", c."type", c."participant_ids"
   FROM "chat"."message" m JOIN "chat"."channel" c ON c."id" = m."channel_id"
   WHERE m."id" = :id AND m."workspace_id" = :workspaceId`,
);

/** Pins a message unless it is pinned already or deleted; a change members see moves `updated_at`. */
export const PIN = statement<{ id: string; userId: string }, RowWithReactions>(
  'chat.pin.pin',
  `UPDATE "chat"."message" m SET "pinned_at" = now(), "pinned_by" = :userId, "updated_at" = now()
   WHERE m."id" = :id AND m."pinned_at" IS NULL AND m."deleted_at" IS NULL
   RETURNING ${WITH_REACTIONS}`,
);
export const UNPIN = statement<{ id: string }, RowWithReactions>(
  'chat.pin.unpin',
  `UPDATE "chat"."message" m SET "pinned_at" = NULL, "pinned_by" = NULL, "updated_at" = now()
   WHERE m."id" = :id AND m."pinned_at" IS NOT NULL AND m."deleted_at" IS NULL
   RETURNING ${WITH_REACTIONS}`,
);
/** A message as it is now, with its reactions. */
export const CURRENT = statement<{ id: string }, RowWithReactions>(
  'chat.pin.current',
  `SELECT ${WITH_REACTIONS} FROM "chat"."message" m WHERE m."id" = :id`,
);
export const PINNED = statement<{ channelId: string; limit: number }, RowWithReactions>(
  'chat.pin.list',
  `SELECT ${WITH_REACTIONS} FROM "chat"."message" m
   WHERE m."channel_id" = :channelId AND m."pinned_at" IS NOT NULL AND m."deleted_at" IS NULL
   ORDER BY m."pinned_at" DESC, m."id" DESC LIMIT :limit`,
);

/** The message row lock makes the distinct-count check and the insert of a reaction one step for concurrent reactors. */
export const LOCK_MESSAGE = statement<{ id: string }, { locked: number }>(
  'chat.reaction.lock-message',
  `SELECT 1 AS "locked" FROM "chat"."message" WHERE "id" = :id FOR UPDATE`,
);
export const REACTION_COUNTS = statement<
  { messageId: string; reactionId: string },
  { distinct: number; present: boolean | null }
>(
  'chat.reaction.counts',
  `SELECT count(DISTINCT "reaction_id")::int AS distinct, bool_or("reaction_id" = :reactionId) AS present
   FROM "chat"."message_reaction" WHERE "message_id" = :messageId`,
);
/** Idempotent per user; a reaction that is new moves its message's `updated_at` (replay sees it). */
export const ADD_REACTION = statement<{ messageId: string; userId: string; reactionId: string }, never>(
  'chat.reaction.add',
  `WITH added AS (
     INSERT INTO "chat"."message_reaction" ("message_id", "user_id", "reaction_id")
     VALUES (:messageId, :userId, :reactionId)
     ON CONFLICT ("message_id", "user_id", "reaction_id") DO NOTHING RETURNING 1)
   UPDATE "chat"."message" SET "updated_at" = now() WHERE "id" = :messageId AND EXISTS (SELECT 1 FROM added)`,
);
export const REMOVE_REACTION = statement<{ messageId: string; userId: string; reactionId: string }, never>(
  'chat.reaction.remove',
  `WITH removed AS (
     DELETE FROM "chat"."message_reaction"
     WHERE "message_id" = :messageId AND "user_id" = :userId AND "reaction_id" = :reactionId
     RETURNING 1)
   UPDATE "chat"."message" SET "updated_at" = now() WHERE "id" = :messageId AND EXISTS (SELECT 1 FROM removed)`,
);
export const REACTION_SUMMARIES = statement<
  { messageIds: string[] },
  { message_id: string; reaction_id: string; user_ids: string[] }
>(
  'chat.reaction.summaries',
  `SELECT "message_id", "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS user_ids
   FROM "chat"."message_reaction" WHERE "message_id" = ANY(:messageIds::uuid[])
   GROUP BY "message_id", "reaction_id" ORDER BY min("created_at"), "reaction_id"`,
);

/** A custom reaction of the workspace, by id. */
export const CUSTOM_REACTION_EXISTS = statement<{ id: string; workspaceId: string }, { found: number }>(
  'chat.reaction.custom-exists',
  `SELECT 1 AS "found" FROM "chat"."custom_reaction" WHERE "id" = :id AND "workspace_id" = :workspaceId`,
);

export interface CustomReactionRow {
  id: string;
  workspace_id: string;
  name: string;
  image_url: string;
  created_by: string;
  created_at: Date;
}
const CUSTOM_COLUMNS = `"id", "workspace_id", "name", "image_url", "created_by", "created_at"`;

export const CUSTOM_REACTIONS = statement<{ workspaceId: string }, CustomReactionRow>(
  'chat.reaction.custom-list',
  `SELECT ${CUSTOM_COLUMNS} FROM "chat"."custom_reaction" WHERE "workspace_id" = :workspaceId
   ORDER BY "name" ASC, "created_at" ASC`,
);
/** Refused on a name the workspace already has (UQ_CUSTOM_REACTION_NAME, case-insensitive). */
export const CREATE_CUSTOM_REACTION = statement<
  { workspaceId: string; name: string; imageUrl: string; createdBy: string },
  CustomReactionRow
>(
  'chat.reaction.custom-create',
  `INSERT INTO "chat"."custom_reaction" ("workspace_id", "name", "image_url", "created_by")
   VALUES (:workspaceId, :name, :imageUrl, :createdBy) RETURNING ${CUSTOM_COLUMNS}`,
);
