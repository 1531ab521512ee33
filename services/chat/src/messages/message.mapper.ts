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
}

export const MESSAGE_COLUMNS = `m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at"`;

export const toMessage = (row: MessageRow, author: Author, reactions?: ReactionSummary[]): Message => ({
  id: row.id,
  channelId: row.channel_id,
  userId: row.user_id,
  username: author.username,
  content: row.content,
  imageUrl: row.image_url,
  createdAt: row.created_at.toISOString(),
  ...(author.agentId ? { agentId: author.agentId } : {}),
  ...(row.client_msg_id ? { clientMsgId: row.client_msg_id } : {}),
  ...(reactions ? { reactions } : {}),
});
