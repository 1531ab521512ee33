import { Injectable } from '@nestjs/common';
import { ChatDatabase } from './chat-database.js';
import { INSERTED_FIELDS, type MessageInsert, type MessageRow } from './message-fields.js';
import type { RowWithReactions } from './message-sql.js';
import {
  BY_CLIENT_MSG_ID,
  CURSOR,
  DELETE,
  DELETE_REACTIONS,
  EDIT,
  INSERT_ROWS,
  LIVE_IN_WORKSPACE,
  NEWEST_PAGE_UNLESS_UNCHANGED,
  PAGE_AFTER_MESSAGE,
  PAGE_AROUND_MESSAGE,
  PAGE_BEFORE_MESSAGE,
  PAGE_BEFORE_TIME,
  RECOUNT_ROOT,
  REPLAY,
} from './message.statements.js';

/** Where a page starts: a message of the channel. */
export interface PageCursor {
  created_at: Date;
  id: string;
}

/** A channel's newest page as one statement read it, with the workspace's change clock it saw. */
export interface NewestPage {
  clock: Date | null;
  changed: boolean;
  /** Oldest first; empty when unchanged since the kept clock. */
  rows: RowWithReactions[];
}

/** The store of messages: every statement on `chat.message` rows (and their reactions as pages show them). */
@Injectable()
export class MessageStore {
  constructor(private readonly db: ChatDatabase) {}

  /** Up to `limit` messages of the channel before the cursor, newest first. */
  pageBeforeMessage(channelId: string, limit: number, cursor: PageCursor): Promise<RowWithReactions[]> {
    return this.db.rows(PAGE_BEFORE_MESSAGE, { channelId, limit, cursorAt: cursor.created_at, cursorId: cursor.id });
  }

  /** Up to `limit` messages of the channel before a time, newest first. */
  pageBeforeTime(channelId: string, limit: number, at: Date): Promise<RowWithReactions[]> {
    return this.db.rows(PAGE_BEFORE_TIME, { channelId, limit, cursorAt: at });
  }

  /** Up to `limit` messages of the channel after the cursor, oldest first. */
  pageAfterMessage(channelId: string, limit: number, cursor: PageCursor): Promise<RowWithReactions[]> {
    return this.db.rows(PAGE_AFTER_MESSAGE, { channelId, limit, cursorAt: cursor.created_at, cursorId: cursor.id });
  }

  /** `older` messages before the cursor's and `newer` from it on, oldest first. */
  pageAroundMessage(channelId: string, cursor: PageCursor, older: number, newer: number): Promise<RowWithReactions[]> {
    return this.db.rows(PAGE_AROUND_MESSAGE, {
      channelId,
      older,
      newer,
      cursorAt: cursor.created_at,
      cursorId: cursor.id,
    });
  }

  /** The channel's newest page unless nothing in it changed after `keptClock` (see NEWEST_PAGE_UNLESS_UNCHANGED). */
  async newestPage(channelId: string, workspaceId: string, limit: number, keptClock: Date | null): Promise<NewestPage> {
    const rows = await this.db.rows(NEWEST_PAGE_UNLESS_UNCHANGED, { channelId, limit, workspaceId, keptClock });
    const [{ clock, changed }] = rows;
    const page = rows.filter((r): r is (typeof rows)[number] & RowWithReactions => r.id !== null).reverse();
    return { clock, changed, rows: page };
  }

  /** Changes after `since` in the channels the user may read, oldest first, one past the most a replay returns. */
  replay(workspaceId: string, since: Date, userId: string): Promise<RowWithReactions[]> {
    return this.db.rows(REPLAY, { workspaceId, since, userId });
  }

  async cursor(channelId: string, id: string): Promise<PageCursor | undefined> {
    const [ref] = await this.db.rows(CURSOR, { id, channelId });
    return ref;
  }

  async byClientMsgId(userId: string, clientMsgId: string | null): Promise<MessageRow | undefined> {
    const [row] = await this.db.rows(BY_CLIENT_MSG_ID, { userId, clientMsgId });
    return row;
  }

  /** Every row in one statement, in order; a row whose clientMsgId its author used before is skipped. */
  insertRows(rows: (MessageInsert & { id: string })[]): Promise<MessageRow[]> {
    const columns = Object.fromEntries(
      INSERTED_FIELDS.map((key) => [key, rows.map((row) => (row as Record<string, unknown>)[key] ?? null)]),
    ) as Record<(typeof INSERTED_FIELDS)[number], unknown[]>;
    return this.db.rows(INSERT_ROWS, columns);
  }

  /** A message of the workspace that is not deleted. */
  async live(workspaceId: string, id: string): Promise<MessageRow | undefined> {
    const [row] = await this.db.rows(LIVE_IN_WORKSPACE, { id, workspaceId });
    return row;
  }

  /** New content (edited now); nothing when the message was deleted meanwhile. */
  async edit(id: string, content: string | null): Promise<RowWithReactions | undefined> {
    const [row] = await this.db.rows(EDIT, { id, content });
    return row;
  }

  /**
   * The message becomes a tombstone and loses its reactions; a reply's root is recounted. One transaction; null when
   * it was deleted meanwhile.
   */
  delete(id: string, rootId: string | null): Promise<{ deleted: MessageRow; root: MessageRow | null } | null> {
    return this.db.transaction(async (tx) => {
      const [deleted] = await tx.rows(DELETE, { id });
      if (!deleted) return null;
      await tx.rows(DELETE_REACTIONS, { messageId: id });
      const [root] = rootId ? await tx.rows(RECOUNT_ROOT, { rootId }) : [];
      return { deleted, root: root ?? null };
    });
  }
}
