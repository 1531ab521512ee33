import { Injectable } from '@nestjs/common';
import { UNREAD_COUNT_CAP } from '@teamchat/contracts';
import { ChatDatabase } from './chat-database.js';
import {
  MARK_CHANNEL_READ,
  MARK_MENTIONS_READ,
  MENTIONS_PAGE_ROWS,
  UNREAD,
  type MentionsPageRow,
} from './read-state.statements.js';

/** The store of read state that counts messages: unread counts, channel read marks, the Mentions view. */
@Injectable()
export class ReadStateStore {
  constructor(private readonly db: ChatDatabase) {}

  /** Per readable channel with any, messages from others after the user's mark, up to UNREAD_COUNT_CAP. */
  unread(workspaceId: string, userId: string): Promise<{ channel_id: string; count: number }[]> {
    return this.db.rows(UNREAD, { workspaceId, userId, cap: UNREAD_COUNT_CAP });
  }

  /** The user's mark in the channel after moving it up to now, and whether it moved. */
  async markChannelRead(
    userId: string,
    channelId: string,
    workspaceId: string,
  ): Promise<{ mark: Date; moved: boolean }> {
    const [row] = await this.db.rows(MARK_CHANNEL_READ, { userId, channelId, workspaceId });
    return { mark: row.last_read_at, moved: row.moved };
  }

  mentionsPage(params: (typeof MENTIONS_PAGE_ROWS)['params']): Promise<MentionsPageRow[]> {
    return this.db.rows(MENTIONS_PAGE_ROWS, params);
  }

  async markMentionsRead(userId: string, workspaceId: string): Promise<Date> {
    const [row] = await this.db.rows(MARK_MENTIONS_READ, { userId, workspaceId });
    return row.mentions_read_at;
  }
}
