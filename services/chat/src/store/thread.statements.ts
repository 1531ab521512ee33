import { FOLLOWED_THREADS_MAX } from '@teamchat/contracts';
import { readMark } from '../common/read-mark.js';
import { MESSAGE_COLUMNS, MESSAGE_RETURNING, type MessageInsert, type MessageRow } from './message-fields.js';
import { INSERTED_COLUMNS, INSERTED_VALUES, WITH_REACTIONS, type RowWithReactions } from './message-sql.js';
import { statement } from './named-statement.js';
import { readableBy } from '../channels/channel-access.service.js';

/** The statements on threads: a reply with everything it changes, a thread's messages, its followers. */

/** A thread answers at most this many replies (oldest first). */
export const THREAD_REPLIES_MAX = 1000;

export type ReplyRow = MessageRow & { kind: 'reply' | 'root' };
export type ReplyParams = MessageInsert & {
  id: string;
  threadId: string;
  alsoInChannel: boolean;
  mentionedIds: string[];
};

/**
 * A reply and everything it changes, in one statement (one transaction): the root must be a top-level, non-deleted
 * message of the reply's channel (locked, so concurrent replies count one after the other); the reply is stored
 * (deduplicated by clientMsgId like any message); the root's summary moves (count, last reply time, the replier first
 * among up to three repliers, updated_at for replay); the replier, the root's author and the mentioned users follow the
 * thread, the replier having read it up to their reply. Answers the reply and the root as they are now, or nothing
 * when the root does not qualify or the clientMsgId was used before.
 */
export const REPLY = statement<ReplyParams, ReplyRow>(
  'chat.thread.reply',
  `WITH root AS (
     SELECT "id", "user_id" FROM "chat"."message"
     WHERE "id" = :threadId AND "channel_id" = :channelId::uuid AND "thread_id" IS NULL AND "deleted_at" IS NULL
     FOR UPDATE
   ), reply AS (
     INSERT INTO "chat"."message" (${INSERTED_COLUMNS}, "thread_id", "also_in_channel")
     SELECT ${INSERTED_VALUES}, root."id", :alsoInChannel FROM root
     ON CONFLICT ("user_id", "client_msg_id") WHERE "client_msg_id" IS NOT NULL DO NOTHING
     RETURNING ${MESSAGE_RETURNING}
   ), summary AS (
     UPDATE "chat"."message" m SET
       "reply_count" = m."reply_count" + 1,
       "last_reply_at" = greatest(m."last_reply_at", reply."created_at"),
       "reply_user_ids" = (ARRAY[reply."user_id"] || array_remove(m."reply_user_ids", reply."user_id"))[1:3],
       "updated_at" = now()
     FROM reply WHERE m."id" = reply."thread_id"
     RETURNING ${MESSAGE_COLUMNS}
   ), followers AS (
     INSERT INTO "chat"."thread_follower" ("message_id", "user_id", "last_read_at")
     SELECT reply."thread_id", f."user_id", CASE WHEN f."user_id" = reply."user_id" THEN reply."created_at" END
     FROM reply, root,
          LATERAL (SELECT DISTINCT unnest(ARRAY[reply."user_id", root."user_id"] || :mentionedIds::uuid[]) AS "user_id") f
     ON CONFLICT ("message_id", "user_id") DO UPDATE
       SET "last_read_at" = greatest("thread_follower"."last_read_at", EXCLUDED."last_read_at")
       WHERE EXCLUDED."last_read_at" IS NOT NULL
   )
   SELECT 'reply' AS "kind", r.* FROM reply r
   UNION ALL
   SELECT 'root' AS "kind", s.* FROM summary s`,
);

/** Message `:id` of the workspace, or the root of its thread when it is a reply. */
export const ROOT_OF = statement<{ id: string; workspaceId: string }, RowWithReactions>(
  'chat.thread.root-of',
  `SELECT ${WITH_REACTIONS} FROM "chat"."message" m
   WHERE m."id" = (SELECT coalesce(x."thread_id", x."id") FROM "chat"."message" x
                   WHERE x."id" = :id AND x."workspace_id" = :workspaceId)`,
);

/** The replies of a thread still there, oldest first, with their reactions. */
export const REPLIES = statement<{ rootId: string }, RowWithReactions>(
  'chat.thread.replies',
  `SELECT ${WITH_REACTIONS} FROM "chat"."message" m
   WHERE m."thread_id" = :rootId AND m."deleted_at" IS NULL
   ORDER BY m."created_at", m."id" LIMIT ${THREAD_REPLIES_MAX}`,
);

/** A message as it is now (a repeated reply hands its root back too). */
export const BY_ID = statement<{ id: string }, MessageRow>(
  'chat.thread.root',
  `SELECT ${MESSAGE_COLUMNS} FROM "chat"."message" m WHERE m."id" = :id`,
);

export type FollowedRow = MessageRow & { follower_last_read_at: Date | null; unread_count: number };

/**
 * The threads a user follows in a workspace in channels they may read, latest reply first, each with the replies of
 * others after their last read.
 */
export const FOLLOWED = statement<{ workspaceId: string; userId: string }, FollowedRow>(
  'chat.thread.followed',
  `SELECT ${MESSAGE_COLUMNS}, f."last_read_at" AS "follower_last_read_at",
          (SELECT count(*)::int FROM "chat"."message" r
           WHERE r."thread_id" = m."id" AND r."user_id" <> :userId AND r."deleted_at" IS NULL
             AND r."created_at" > coalesce(f."last_read_at", '-infinity'::timestamptz)) AS "unread_count"
   FROM "chat"."thread_follower" f
   JOIN "chat"."message" m ON m."id" = f."message_id"
   JOIN "chat"."channel" c ON c."id" = m."channel_id"
   WHERE f."user_id" = :userId AND m."workspace_id" = :workspaceId
     AND ${readableBy(':userId')}
     AND (m."deleted_at" IS NULL OR m."reply_count" > 0)
   ORDER BY m."last_reply_at" DESC NULLS LAST, m."id"
   LIMIT ${FOLLOWED_THREADS_MAX}`,
);

/**
 * Never moves the mark backwards; covers every reply stored so far and none stored later. A mark no reply has passed
 * is left as it is and answered, as a channel's is (see UnreadService): the update then matches no row, and writes
 * nothing and waits for no flush when a follower opens a quiet thread again.
 */
export const MARK_THREAD_READ = statement<
  { rootId: string; userId: string; workspaceId: string },
  { last_read_at: Date | null }
>(
  'chat.thread.mark-read',
  `WITH "current" AS (
     SELECT f."last_read_at" FROM "chat"."thread_follower" f WHERE f."message_id" = :rootId AND f."user_id" = :userId),
   "moved" AS (
     UPDATE "chat"."thread_follower" f SET "last_read_at" = greatest(f."last_read_at", ${readMark(':workspaceId::uuid')})
     WHERE f."message_id" = :rootId AND f."user_id" = :userId
       AND (f."last_read_at" IS NULL OR EXISTS (
         SELECT 1 FROM "chat"."message" m WHERE m."thread_id" = :rootId AND m."created_at" > f."last_read_at"))
     RETURNING f."last_read_at")
   SELECT "last_read_at" FROM "moved"
   UNION ALL
   SELECT "last_read_at" FROM "current" WHERE NOT EXISTS (SELECT 1 FROM "moved")`,
);
