import { Injectable } from '@nestjs/common';
import { WorkspaceMembership } from '@teamchat/service-kit';
import { UNREAD_COUNT_CAP, type Actor, type ReadState, type UnreadCount } from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { ChannelAccessService } from '../channels/channel-access.service.js';
import { readMark } from '../common/read-mark.js';

/**
 * Per channel of workspace `$1` that user `$2` may read: messages from others after their last read (thread-only
 * replies count in their thread), counting no further than `$3` (UNREAD_COUNT_CAP). Without the cap a member who never
 * opened a long-lived channel had its whole history counted on every call: 1.6 s for a workspace of a million messages.
 */
const UNREAD = new PreparedStatement<{ channel_id: string; count: number }>(
  'chat.unread.list',
  `SELECT c."id" AS channel_id, u."count"
   FROM "chat"."channel" c
   LEFT JOIN "chat"."channel_read" r ON r."channel_id" = c."id" AND r."user_id" = $2
   CROSS JOIN LATERAL (
     SELECT count(*)::int AS "count" FROM (
       SELECT 1 FROM "chat"."message" m
       WHERE m."channel_id" = c."id" AND m."user_id" <> $2
         AND m."created_at" > coalesce(r."last_read_at", '-infinity'::timestamptz)
         AND (m."thread_id" IS NULL OR m."also_in_channel")
       -- the order keeps the read on the channel's index, newest first: without it Postgres may scan the table
       -- from its oldest rows and filter every other channel out on the way
       ORDER BY m."created_at" DESC
       LIMIT $3) capped) u
   WHERE c."workspace_id" = $1 AND (c."type" = 'regular' OR $2 = ANY(c."participant_ids")) AND u."count" > 0
   ORDER BY c."id"`,
);
/**
 * Moves user `$1`'s read mark in channel `$2` (of workspace `$3`) up to now, and answers it. A mark that no message of
 * the channel has passed since it was set is left as it is and answered: moving it would change no count (only
 * messages after a mark are unread, and every message stored later is after the old mark as well as the new one), and
 * it would cost a row version and a commit that waits for the disk, on every visit to a quiet channel. The insert then
 * writes nothing, so the statement takes no transaction id and its commit no WAL flush.
 */
const MARK_READ = new PreparedStatement<{ last_read_at: Date }>(
  'chat.unread.mark-read',
  `WITH "current" AS (
     SELECT r."last_read_at" FROM "chat"."channel_read" r WHERE r."user_id" = $1 AND r."channel_id" = $2),
   "moved" AS (
     INSERT INTO "chat"."channel_read" ("user_id", "channel_id", "workspace_id", "last_read_at")
     SELECT $1::uuid, $2::uuid, $3::uuid, ${readMark('$3::uuid')}
     WHERE NOT EXISTS (SELECT 1 FROM "current" c WHERE NOT EXISTS (
       SELECT 1 FROM "chat"."message" m WHERE m."channel_id" = $2 AND m."created_at" > c."last_read_at"))
     ON CONFLICT ("user_id", "channel_id")
     DO UPDATE SET "last_read_at" = greatest("channel_read"."last_read_at", EXCLUDED."last_read_at")
     RETURNING "last_read_at")
   SELECT "last_read_at" FROM "moved"
   UNION ALL
   SELECT "last_read_at" FROM "current" WHERE NOT EXISTS (SELECT 1 FROM "moved")`,
);

/** Read state kept on the server, so every device of a user shows the same unread counts. */
@Injectable()
export class UnreadService {
  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly statements: PreparedStatements,
  ) {}

  /**
   * Per readable channel with any: messages from others after the user's last read (all of them if never read), up to
   * UNREAD_COUNT_CAP.
   */
  async list(actor: Actor): Promise<UnreadCount[]> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    const rows = await this.statements.rows(UNREAD, [workspaceId, userId, UNREAD_COUNT_CAP]);
    return rows.map((r) => ({ channelId: r.channel_id, count: r.count }));
  }

  /** Marks everything in the channel up to now as read; never moves the mark backwards (see MARK_READ). */
  async markRead(actor: Actor, channelId: string): Promise<ReadState> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readableRef(member, channelId);
    const [row] = await this.statements.rows(MARK_READ, [member.userId, channel.id, member.workspaceId]);
    return { channelId: channel.id, lastReadAt: row.last_read_at.toISOString() };
  }
}
