import { Injectable } from '@nestjs/common';
import { ChatDatabase } from './chat-database.js';
import type { MessageRow } from './message-fields.js';
import type { RowWithReactions } from './message-sql.js';
import {
  BY_ID,
  FOLLOWED,
  MARK_THREAD_READ,
  REPLIES,
  REPLY,
  ROOT_OF,
  type FollowedRow,
  type ReplyParams,
  type ReplyRow,
} from './thread.statements.js';

/** The store of threads: replies, the root's summary, followers and their read marks. */
@Injectable()
export class ThreadStore {
  constructor(private readonly db: ChatDatabase) {}

  /** The reply and its root as they are now; empty when the root does not qualify or the clientMsgId was used. */
  reply(params: ReplyParams): Promise<ReplyRow[]> {
    return this.db.rows(REPLY, params);
  }

  /** The message, or the root of its thread when it is a reply, with its reactions. */
  async rootOf(workspaceId: string, id: string): Promise<RowWithReactions | undefined> {
    const [row] = await this.db.rows(ROOT_OF, { id, workspaceId });
    return row;
  }

  replies(rootId: string): Promise<RowWithReactions[]> {
    return this.db.rows(REPLIES, { rootId });
  }

  async byId(id: string): Promise<MessageRow | undefined> {
    const [row] = await this.db.rows(BY_ID, { id });
    return row;
  }

  followed(workspaceId: string, userId: string): Promise<FollowedRow[]> {
    return this.db.rows(FOLLOWED, { workspaceId, userId });
  }

  /** The follower's mark after moving it up to now (null when they do not follow the thread). */
  async markRead(rootId: string, userId: string, workspaceId: string): Promise<Date | null | undefined> {
    const [row] = await this.db.rows(MARK_THREAD_READ, { rootId, userId, workspaceId });
    return row?.last_read_at;
  }
}
