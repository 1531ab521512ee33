import { MESSAGE_PAGE_MAX, REPLAY_MAX_MESSAGES } from '@teamchat/contracts';
import { columnOf, INSERTED_FIELDS, MESSAGE_COLUMNS, MESSAGE_RETURNING, type MessageRow } from './message-fields.js';
import {
  INSERTED_ARRAYS,
  INSERTED_COLUMNS,
  VISIBLE_IN_CHANNEL,
  WITH_REACTIONS,
  type RowWithReactions,
} from './message-sql.js';
import { statement } from './named-statement.js';
import { readableBy } from '../channels/channel-access.service.js';

/** The statements on messages: pages, replay, the insert of new ones, edits and deletes. */

/** Messages of channel `:channelId` with their reactions; a page appends its cursor condition, order and limit. */
const PAGE_ROWS = `SELECT ${WITH_REACTIONS}
     FROM "chat"."message" m
     WHERE m."channel_id" = :channelId AND ${VISIBLE_IN_CHANNEL}`;
const NEWEST_FIRST = `ORDER BY m."created_at" DESC, m."id" DESC`;
const OLDEST_FIRST = `ORDER BY m."created_at", m."id"`;

type Page = {
  channelId: string;
  limit: number;
};
type PageAt = Page & {
  cursorAt: Date;
  cursorId: string;
};

/**
 * A page is `:limit` messages of a channel next to a message (`:cursorAt`, `:cursorId`) or a time (`:cursorAt`) if
 * given, with their reactions: one statement, so a page costs one round trip and one transaction.
 *
 * The inner constant limit (a page's largest size) is there for the plan cache: with `LIMIT :limit` alone, Postgres
 * prices its generic plan at a tenth of the channel's rows, dearer than a custom plan for 50 in any channel of more than
 * a few hundred messages, so it planned the statement again on every execution (0.15–0.2 ms, as long as running it).
 * Bounded by the constant, the generic plan is the cheaper one and is kept after the fifth execution. Rows are pulled
 * lazily, so only the `:limit` rows returned are read and have their reactions gathered; the outer order costs no sort
 * (Postgres knows the inner rows come in it).
 */
const pageOf = <P extends Page>(name: string, cursor: string, order = NEWEST_FIRST) =>
  statement<P, RowWithReactions>(
    `chat.message.${name}`,
    `SELECT * FROM (${PAGE_ROWS} ${cursor} ${order} LIMIT ${MESSAGE_PAGE_MAX}) m ${order} LIMIT :limit`,
  );
export const PAGE_BEFORE_MESSAGE = pageOf<PageAt>(
  'page-before-message',
  `AND (m."created_at", m."id") < (:cursorAt, :cursorId)`,
);
export const PAGE_BEFORE_TIME = pageOf<Page & { cursorAt: Date }>('page-before-time', `AND m."created_at" < :cursorAt`);
export const PAGE_AFTER_MESSAGE = pageOf<PageAt>(
  'page-after-message',
  `AND (m."created_at", m."id") > (:cursorAt, :cursorId)`,
  OLDEST_FIRST,
);
/** Up to `:older` messages older than the cursor's, and that message with up to `:newer - 1` newer ones. */
export const PAGE_AROUND_MESSAGE = statement<
  { channelId: string; older: number; newer: number; cursorAt: Date; cursorId: string },
  RowWithReactions
>(
  'chat.message.page-around-message',
  `SELECT * FROM ((${PAGE_ROWS} AND (m."created_at", m."id") < (:cursorAt, :cursorId) ${NEWEST_FIRST} LIMIT :older)
                  UNION ALL
                  (${PAGE_ROWS} AND (m."created_at", m."id") >= (:cursorAt, :cursorId) ${OLDEST_FIRST} LIMIT :newer)) p
   ORDER BY p."created_at", p."id"`,
);

/** Changes of a workspace looked through to tell whether a channel's kept newest page is still as it was. */
const CHANGES_CHECKED = 200;

/**
 * The newest `:limit` messages of channel `:channelId` of workspace `:workspaceId`, unless none of them can have changed
 * since the workspace's change clock read `:keptClock` (the clock kept with a page read earlier; null: no page kept).
 * One row always comes back even with no page: `clock` (the workspace's clock as this statement saw it, null before
 * its first message) and `changed`; the page's columns follow, null on that row when there is no page to return.
 * Every insert or update of a message takes its `updated_at` from the clock (migration 1736000000600-change-clock),
 * writes to it commit in clock order, and a reaction moves its message's `updated_at`: so a page read in the same
 * snapshot as clock T is still the page as long as no message of the channel has an `updated_at` after T — whoever
 * wrote it (the service, another replica, a hand-made fix in SQL). The check walks the workspace's
 * `(workspace_id, updated_at)` index from T, at most CHANGES_CHECKED changes (more than that counts as changed); the
 * page itself is only read when it changed.
 */
export const NEWEST_PAGE_UNLESS_UNCHANGED = statement<
  { channelId: string; limit: number; workspaceId: string; keptClock: Date | null },
  { clock: Date | null; changed: boolean } & (RowWithReactions | { [K in keyof RowWithReactions]: null })
>(
  'chat.message.newest-page-unless-unchanged',
  `SELECT k."clock", k."changed", p.*
   FROM (SELECT (SELECT "last_change_at" FROM "chat"."workspace_clock" WHERE "workspace_id" = :workspaceId) AS "clock",
                (:keptClock::timestamptz IS NULL OR (
                   SELECT coalesce(bool_or(c."channel_id" = :channelId), false) OR count(*) >= ${CHANGES_CHECKED}
                   FROM (SELECT "channel_id" FROM "chat"."message"
                         WHERE "workspace_id" = :workspaceId AND "updated_at" > :keptClock
                         ORDER BY "updated_at" LIMIT ${CHANGES_CHECKED}) c)) AS "changed"
         OFFSET 0) k
   LEFT JOIN LATERAL (SELECT * FROM (${PAGE_ROWS} AND k."changed" ${NEWEST_FIRST} LIMIT ${MESSAGE_PAGE_MAX}) m
                      ${NEWEST_FIRST} LIMIT :limit) p ON true
   ORDER BY p."created_at" DESC, p."id" DESC`,
);

/**
 * What changed in workspace `:workspaceId` after `:since` in the channels user `:userId` may read, oldest change
 * first, one row past the most a replay returns. The parameters are read through sub-selects so that Postgres prices
 * every plan the same way whatever they are, and keeps its generic plan after the fifth execution: planned per call,
 * as a custom plan, it spent 0.4–0.6 ms planning a statement that then ran in 0.04–0.1 ms, and every socket that
 * joins with `since` asks for it (a reconnect storm is thousands at once). The generic plan walks the workspace's
 * `(workspace_id, updated_at)` index from the moment on and stops at the limit, for a gap of seconds or of hours.
 */
export const REPLAY = statement<{ workspaceId: string; since: Date; userId: string }, RowWithReactions>(
  'chat.message.replay',
  `SELECT ${WITH_REACTIONS}
   FROM "chat"."message" m JOIN "chat"."channel" c ON c."id" = m."channel_id"
   WHERE m."workspace_id" = (SELECT :workspaceId::uuid) AND m."updated_at" > (SELECT :since::timestamptz)
     AND ${readableBy('(SELECT :userId::uuid)')}
   ORDER BY m."updated_at", m."created_at", m."id" LIMIT ${REPLAY_MAX_MESSAGES + 1}`,
);

export const CURSOR = statement<{ id: string; channelId: string }, { created_at: Date; id: string }>(
  'chat.message.cursor',
  `SELECT "created_at", "id" FROM "chat"."message" WHERE "id" = :id AND "channel_id" = :channelId`,
);

/** The message a user stored under a clientMsgId (a repeated send answers it). */
export const BY_CLIENT_MSG_ID = statement<{ userId: string; clientMsgId: string | null }, MessageRow>(
  'chat.message.by-client-msg-id',
  `SELECT ${MESSAGE_COLUMNS} FROM "chat"."message" m WHERE m."user_id" = :userId AND m."client_msg_id" = :clientMsgId`,
);

/**
 * Every row of the arrays, in their order (the change clock stamps them in that order): one statement for one row or
 * two hundred, prepared once per connection. A row whose (user, clientMsgId) is already stored, by an earlier write
 * or an earlier row of the same batch, is skipped and not returned.
 */
export const INSERT_ROWS = statement<Record<(typeof INSERTED_FIELDS)[number], unknown[]>, MessageRow>(
  'chat.message.insert-rows',
  `INSERT INTO "chat"."message" (${INSERTED_COLUMNS})
   SELECT ${INSERTED_FIELDS.map((key) => `r."${columnOf(key)}"`).join(', ')}
   FROM unnest(${INSERTED_ARRAYS}) WITH ORDINALITY AS r(${INSERTED_COLUMNS}, "n")
   ORDER BY r."n"
   ON CONFLICT ("user_id", "client_msg_id") WHERE "client_msg_id" IS NOT NULL DO NOTHING
   RETURNING ${MESSAGE_RETURNING}`,
);

/** A message of the workspace that is not deleted (an edit or a delete looks it up first). */
export const LIVE_IN_WORKSPACE = statement<{ id: string; workspaceId: string }, MessageRow>(
  'chat.message.live-in-workspace',
  `SELECT ${MESSAGE_COLUMNS} FROM "chat"."message" m
   WHERE m."id" = :id AND m."workspace_id" = :workspaceId AND m."deleted_at" IS NULL`,
);

/** New content for a message not deleted meanwhile; it gains `edited_at`. */
export const EDIT = statement<{ id: string; content: string | null }, RowWithReactions>(
  'chat.message.edit',
  `UPDATE "chat"."message" m SET "content" = :content, "edited_at" = now(), "updated_at" = now()
   WHERE m."id" = :id AND m."deleted_at" IS NULL RETURNING ${WITH_REACTIONS}`,
);

/** A tombstone: no content, attachment or pin any more. */
export const DELETE = statement<{ id: string }, MessageRow>(
  'chat.message.delete',
  `UPDATE "chat"."message" m SET "deleted_at" = now(), "updated_at" = now(), "content" = NULL,
     "image_url" = NULL, "file_url" = NULL, "file_name" = NULL, "file_size" = NULL, "file_type" = NULL,
     "pinned_at" = NULL, "pinned_by" = NULL
   WHERE m."id" = :id AND m."deleted_at" IS NULL RETURNING ${MESSAGE_COLUMNS}`,
);

export const DELETE_REACTIONS = statement<{ messageId: string }, never>(
  'chat.message.delete-reactions',
  `DELETE FROM "chat"."message_reaction" WHERE "message_id" = :messageId`,
);

/**
 * The root of a thread once one of its replies is gone: one reply fewer, and the latest reply time and up to three
 * latest repliers (newest first) counted again from the replies that remain.
 */
export const RECOUNT_ROOT = statement<{ rootId: string }, MessageRow>(
  'chat.message.recount-root',
  `UPDATE "chat"."message" m SET
    "reply_count" = greatest(m."reply_count" - 1, 0),
    "last_reply_at" = (SELECT max(r."created_at") FROM "chat"."message" r
                       WHERE r."thread_id" = m."id" AND r."deleted_at" IS NULL),
    "reply_user_ids" = coalesce((SELECT array_agg(l."user_id" ORDER BY l."last" DESC)
                                 FROM (SELECT r."user_id", max(r."created_at") AS "last" FROM "chat"."message" r
                                       WHERE r."thread_id" = m."id" AND r."deleted_at" IS NULL
                                       GROUP BY r."user_id" ORDER BY "last" DESC LIMIT 3) l), '{}'),
    "updated_at" = now()
  WHERE m."id" = :rootId
  RETURNING ${MESSAGE_COLUMNS}`,
);
