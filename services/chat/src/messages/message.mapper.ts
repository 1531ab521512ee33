import type { Message, ReactionSummary } from '@teamchat/contracts';
import type { Author } from '../common/user-directory.service.js';

/** A message row as the raw queries of this folder select it. */
export interface MessageRow {
  id: string;
  channel_id: string;
  user_id: string;
  content: string | null;
  image_url: string | null;
  client_msg_id: string | null;
  created_at: Date;
  updated_at: Date;
  edited_at: Date | null;
  deleted_at: Date | null;
  thread_id: string | null;
  also_in_channel: boolean;
  reply_count: number;
  last_reply_at: Date | null;
  reply_user_ids: string[];
  pinned_at: Date | null;
  pinned_by: string | null;
  file_url: string | null;
  file_name: string | null;
  /** bigint: pg hands it over as a string */
  file_size: string | number | null;
  file_type: string | null;
}

/** Every column `toMessage` reads, of a message aliased `m`. */
export const MESSAGE_COLUMNS = `m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id",
  m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count",
  m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size",
  m."file_type"`;

/** The same columns unqualified, for `RETURNING`. */
export const MESSAGE_RETURNING = MESSAGE_COLUMNS.replace(/m\./g, '');

/** The reactions of message `m`, grouped per reaction in the order each was first applied (a JSON array). */
export const REACTIONS_OF_M = `(SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r)`;

/** What a channel page shows: top-level messages and replies also sent to the channel; a deleted one only as a thread root. */
export const VISIBLE_IN_CHANNEL = `(m."thread_id" IS NULL OR m."also_in_channel") AND (m."deleted_at" IS NULL OR m."reply_count" > 0)`;

export const toMessage = (row: MessageRow, author: Author, reactions?: ReactionSummary[]): Message => ({
  id: row.id,
  channelId: row.channel_id,
  userId: row.user_id,
  username: author.username,
  content: row.deleted_at ? null : row.content,
  imageUrl: row.deleted_at ? null : row.image_url,
  createdAt: row.created_at.toISOString(),
  ...(author.agentId ? { agentId: author.agentId } : {}),
  ...(row.client_msg_id ? { clientMsgId: row.client_msg_id } : {}),
  ...(reactions ? { reactions } : {}),
  updatedAt: (row.updated_at ?? row.created_at).toISOString(),
  // the rest only when set, so an ordinary message stays as small on the wire as before
  ...(row.edited_at ? { editedAt: row.edited_at.toISOString() } : {}),
  ...(row.deleted_at ? { deleted: true } : {}),
  ...(row.thread_id ? { threadId: row.thread_id, alsoInChannel: row.also_in_channel } : {}),
  ...(row.reply_count > 0
    ? {
        thread: {
          replyCount: row.reply_count,
          lastReplyAt: row.last_reply_at ? row.last_reply_at.toISOString() : null,
          replierIds: row.reply_user_ids ?? [],
        },
      }
    : {}),
  ...(row.pinned_at ? { pinnedAt: row.pinned_at.toISOString(), pinnedBy: row.pinned_by } : {}),
  ...(row.file_url && !row.deleted_at
    ? {
        file: {
          url: row.file_url,
          name: row.file_name ?? 'file',
          size: Number(row.file_size ?? 0),
          type: row.file_type ?? 'application/octet-stream',
        },
      }
    : {}),
});
