import { UNREAD_COUNT_CAP, type MentionItem } from '@teamchat/contracts';
import { readMark } from '../common/read-mark.js';
import { statement } from './named-statement.js';
import { memberOf, readableBy } from '../channels/channel-access.service.js';

/** The statements on read state that count messages: unread counts, read marks, the Mentions view. */

/** Reactions count for the messages of the last 90 days (bounds the scan of a prolific author's messages). */
const REACTIONS_DAYS = 90;

/**
 * Per channel of the workspace the user may read: messages from others after their last read (thread-only
 * replies count in their thread), counting no further than `:cap` (UNREAD_COUNT_CAP). Without the cap a member who never
 * opened a long-lived channel had its whole history counted on every call: 1.6 s for a workspace of a million messages.
 */
export const UNREAD = statement<
  { workspaceId: string; userId: string; cap: number },
  { channel_id: string; count: number }
>(
  'chat.unread.list',
  `SELECT c."id" AS channel_id, u."count"
   FROM "chat"."channel" c
   LEFT JOIN "chat"."channel_read" r ON r."channel_id" = c."id" AND r."user_id" = :userId
   CROSS JOIN LATERAL (
     SELECT count(*)::int AS "count" FROM (
       SELECT 1 FROM "chat"."message" m
       WHERE m."channel_id" = c."id" AND m."user_id" <> :userId
         AND m."created_at" > coalesce(r."last_read_at", '-infinity'::timestamptz)
         AND (m."thread_id" IS NULL OR m."also_in_channel")
       -- the order keeps the read on the channel's index, newest first: without it Postgres may scan the table
       -- from its oldest rows and filter every other channel out on the way
       ORDER BY m."created_at" DESC
       LIMIT :cap) capped) u
   WHERE c."workspace_id" = :workspaceId AND ${memberOf(':userId')} AND c."archived_at" IS NULL AND u."count" > 0
   ORDER BY c."id"`,
);
/**
 * Moves a user's read mark in a channel up to now, and answers it (`moved`: whether it was written). A mark that no message of
 * the channel has passed since it was set is left as it is and answered: moving it would change no count (only
 * messages after a mark are unread, and every message stored later is after the old mark as well as the new one), and
 * it would cost a row version and a commit that waits for the disk, on every visit to a quiet channel. The insert then
 * writes nothing, so the statement takes no transaction id and its commit no WAL flush.
 */
export const MARK_CHANNEL_READ = statement<
  { userId: string; channelId: string; workspaceId: string },
  { last_read_at: Date; moved: boolean }
>(
  'chat.unread.mark-read',
  `WITH "current" AS (
     SELECT r."last_read_at" FROM "chat"."channel_read" r WHERE r."user_id" = :userId AND r."channel_id" = :channelId),
   "moved" AS (
     INSERT INTO "chat"."channel_read" ("user_id", "channel_id", "workspace_id", "last_read_at")
     SELECT :userId::uuid, :channelId::uuid, :workspaceId::uuid, ${readMark(':workspaceId::uuid')}
     WHERE NOT EXISTS (SELECT 1 FROM "current" c WHERE NOT EXISTS (
       SELECT 1 FROM "chat"."message" m WHERE m."channel_id" = :channelId AND m."created_at" > c."last_read_at"))
     ON CONFLICT ("user_id", "channel_id")
     DO UPDATE SET "last_read_at" = greatest("channel_read"."last_read_at", EXCLUDED."last_read_at")
     RETURNING "last_read_at")
   SELECT "last_read_at", true AS "moved" FROM "moved"
   UNION ALL
   SELECT "last_read_at", false AS "moved" FROM "current" WHERE NOT EXISTS (SELECT 1 FROM "moved")`,
);

/** A page row: its entry (all null when the page is empty) and the unread count of the whole view. */
export type MentionsPageRow = { unread: number; read_at: Date | null } & (
  MentionRow | { [K in keyof MentionRow]: null }
);

export interface MentionRow {
  kind: MentionItem['kind'];
  at: Date;
  /** The user's read mark in the entry's channel: a mention before it was read there. */
  channel_read_at: Date | null;
  message_id: string;
  channel_id: string;
  channel_name: string;
  channel_type: 'regular' | 'direct';
  participant_ids: string[] | null;
  user_id: string;
  content: string | null;
  reaction_id: string | null;
}

/**
 * `:workspaceId` workspace, `:userId` user, `:patterns` ILIKE patterns (`%@name%`: the trigram index finds the candidates), `:namingUser` the
 * regular expression naming the user, `:namingChannel` the one naming the channel, `:before` before (or null), `:limit` limit.
 */
const ENTRIES = `
  WITH readable AS (
    SELECT c."id", c."name", c."type", c."participant_ids", ${memberOf(':userId')} AS "member",
           cr."last_read_at" AS "read_at"
      FROM "chat"."channel" c
      LEFT JOIN "chat"."channel_read" cr ON cr."channel_id" = c."id" AND cr."user_id" = :userId
     WHERE c."workspace_id" = :workspaceId AND ${readableBy(':userId')}
  ), entries AS (
    SELECT CASE WHEN m."content" ~* :namingUser THEN 'mention' ELSE 'channel' END AS kind, m."created_at" AS at,
           m."id" AS message_id, m."channel_id", m."user_id", m."content", NULL::varchar AS reaction_id
      FROM "chat"."message" m
     WHERE m."workspace_id" = :workspaceId AND m."channel_id" IN (SELECT "id" FROM readable) AND m."user_id" <> :userId
       AND m."deleted_at" IS NULL AND m."content" ILIKE ANY(:patterns::text[]) AND (m."content" ~* :namingUser
            OR (m."content" ~* :namingChannel AND m."channel_id" IN (SELECT "id" FROM readable WHERE "member")))
    UNION ALL
    SELECT 'reaction', r."created_at", m."id", m."channel_id", r."user_id", m."content", r."reaction_id"
      FROM "chat"."message" m JOIN "chat"."message_reaction" r ON r."message_id" = m."id"
     WHERE m."user_id" = :userId AND m."workspace_id" = :workspaceId AND m."deleted_at" IS NULL AND r."user_id" <> :userId
       AND m."created_at" > now() - interval '${REACTIONS_DAYS} days'
       AND m."channel_id" IN (SELECT "id" FROM readable)
  )`;

/**
 * One page (`:before` before, `:limit` rows) and, computed over the same entries, how many are unread: mentions (not
 * reactions) after both the last visit to the view and the user's read mark in their channel, so reading the channel
 * reads its mentions. One row per entry of the page, each carrying the count, or a single row with no entry when the
 * page is empty.
 */
export const MENTIONS_PAGE_ROWS = statement<
  {
    workspaceId: string;
    userId: string;
    patterns: string[];
    namingUser: string;
    namingChannel: string;
    before: string | null;
    limit: number;
  },
  MentionsPageRow
>(
  'chat.mentions.page',
  `${ENTRIES}, summary AS (
     SELECT (SELECT p."mentions_read_at" FROM "chat"."notification_pref" p
              WHERE p."user_id" = :userId AND p."workspace_id" = :workspaceId) AS read_at
   ), counted AS (
     SELECT (SELECT count(*)::int FROM (SELECT 1 FROM entries e JOIN readable c ON c."id" = e."channel_id", summary
                                         WHERE e."kind" <> 'reaction'
                                           AND (summary.read_at IS NULL OR e."at" > summary.read_at)
                                           AND e."at" > coalesce(c."read_at", '-infinity'::timestamptz)
                                         LIMIT ${UNREAD_COUNT_CAP}) u) AS unread,
            (SELECT read_at FROM summary) AS read_at
   ), page AS (
     SELECT e.*, c."name" AS channel_name, c."type" AS channel_type, c."participant_ids", c."read_at" AS channel_read_at
       FROM entries e JOIN readable c ON c."id" = e."channel_id"
      WHERE :before::timestamptz IS NULL OR e."at" < :before::timestamptz
      ORDER BY e."at" DESC, e."message_id" DESC
      LIMIT :limit
   )
   SELECT counted."unread", counted."read_at", page.* FROM counted LEFT JOIN page ON true
   ORDER BY page."at" DESC, page."message_id" DESC`,
);

export const MARK_MENTIONS_READ = statement<{ userId: string; workspaceId: string }, { mentions_read_at: Date }>(
  'chat.mentions.mark-read',
  // every mention and reaction stored so far is read, none stored later (reactions take now(), past the mark)
  `INSERT INTO "chat"."notification_pref" ("user_id", "workspace_id", "mentions_read_at")
   VALUES (:userId, :workspaceId, ${readMark(':workspaceId')})
   ON CONFLICT ("user_id", "workspace_id") DO UPDATE SET "mentions_read_at" = EXCLUDED."mentions_read_at"
   RETURNING "mentions_read_at"`,
);
