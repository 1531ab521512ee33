import { SystemEventSchema, type Message, type ReactionSummary, type SystemEventInfo } from '@teamchat/contracts';
import type { Author } from '../common/user-directory.service.js';
import { PLAIN_API_FIELDS, type MessageRow } from './message-fields.js';

const apiValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** A stored system event, or undefined when it cannot be read (it is then shown by its content alone). */
const systemEventOf = (text: string | null): SystemEventInfo | undefined => {
  if (!text) return undefined;
  try {
    const parsed = SystemEventSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A stored row as members see it. The fields the field table shows under their own key are copied from it; the ones
 * shown together (a tombstone's empty body, the thread summary, the pin, the file) are composed here.
 */
export const toMessage = (row: MessageRow, author: Author, reactions?: ReactionSummary[]): Message => {
  const message: Record<string, unknown> = {};
  for (const { key, column, always } of PLAIN_API_FIELDS) {
    const value = row[column];
    if (always || (value !== null && value !== undefined)) message[key] = apiValue(value);
  }
  return {
    ...(message as Pick<Message, 'id' | 'channelId' | 'userId' | 'createdAt'>),
    username: author.username,
    content: row.deleted_at ? null : row.content,
    imageUrl: row.deleted_at ? null : row.image_url,
    ...(author.agentId ? { agentId: author.agentId } : {}),
    ...(reactions ? { reactions } : {}),
    updatedAt: (row.updated_at ?? row.created_at).toISOString(),
    // the rest only when set, so an ordinary message stays as small on the wire as before
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
    ...(row.system_event ? { kind: 'system' as const, system: systemEventOf(row.system_event) } : {}),
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
  };
};
