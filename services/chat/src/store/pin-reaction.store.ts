import { Injectable } from '@nestjs/common';
import { MAX_REACTIONS_PER_MESSAGE, type ReactionSummary } from '@teamchat/contracts';
import { ChatDatabase } from './chat-database.js';
import type { RowWithReactions } from './message-sql.js';
import type { StatementRunner } from './named-statement.js';
import {
  ADD_REACTION,
  CREATE_CUSTOM_REACTION,
  CURRENT,
  CUSTOM_REACTION_EXISTS,
  CUSTOM_REACTIONS,
  LOCK_MESSAGE,
  PIN,
  PINNED,
  REACTION_COUNTS,
  REACTION_SUMMARIES,
  REMOVE_REACTION,
  TARGET,
  UNPIN,
  type CustomReactionRow,
} from './pin-reaction.statements.js';

type Runner = Pick<StatementRunner, 'rows'>;

/** The store of a message's pin and reactions, and of a workspace's custom reactions. */
@Injectable()
export class PinReactionStore {
  constructor(private readonly db: ChatDatabase) {}

  /** A message of the workspace with its channel's kind and participants. */
  async target(workspaceId: string, id: string) {
    const [row] = await this.db.rows(TARGET, { id, workspaceId });
    return row;
  }

  /** Pinned by `userId` now; nothing when pinned already or deleted. */
  async pin(id: string, userId: string): Promise<RowWithReactions | undefined> {
    const [row] = await this.db.rows(PIN, { id, userId });
    return row;
  }

  async unpin(id: string): Promise<RowWithReactions | undefined> {
    const [row] = await this.db.rows(UNPIN, { id });
    return row;
  }

  async current(id: string): Promise<RowWithReactions | undefined> {
    const [row] = await this.db.rows(CURRENT, { id });
    return row;
  }

  pinned(channelId: string, limit: number): Promise<RowWithReactions[]> {
    return this.db.rows(PINNED, { channelId, limit });
  }

  /**
   * Adds the user's reaction (idempotent) unless the message has the most distinct reactions already and this one is
   * new ('too-many'); answers the message's reactions as the same transaction sees them.
   */
  addReaction(messageId: string, userId: string, reactionId: string): Promise<ReactionSummary[] | 'too-many'> {
    return this.db.transaction(async (tx) => {
      // the message row lock makes the distinct-count check and the insert one step for concurrent reactors
      await tx.rows(LOCK_MESSAGE, { id: messageId });
      const [{ distinct, present }] = await tx.rows(REACTION_COUNTS, { messageId, reactionId });
      if (!present && distinct >= MAX_REACTIONS_PER_MESSAGE) return 'too-many';
      await tx.rows(ADD_REACTION, { messageId, userId, reactionId });
      return (await this.summaries([messageId], tx)).get(messageId) ?? [];
    });
  }

  /** Removes the user's reaction (nothing when it is not there) and answers the message's reactions. */
  async removeReaction(messageId: string, userId: string, reactionId: string): Promise<ReactionSummary[]> {
    await this.db.rows(REMOVE_REACTION, { messageId, userId, reactionId });
    return (await this.summaries([messageId])).get(messageId) ?? [];
  }

  /** Reactions of messages grouped per reaction, in the order each was first applied. */
  async summaries(messageIds: string[], on: Runner = this.db): Promise<Map<string, ReactionSummary[]>> {
    const result = new Map<string, ReactionSummary[]>(messageIds.map((id) => [id, []]));
    if (messageIds.length === 0) return result;
    for (const r of await on.rows(REACTION_SUMMARIES, { messageIds })) {
      result.get(r.message_id)?.push({ reactionId: r.reaction_id, count: r.user_ids.length, userIds: r.user_ids });
    }
    return result;
  }

  customReactions(workspaceId: string): Promise<CustomReactionRow[]> {
    return this.db.rows(CUSTOM_REACTIONS, { workspaceId });
  }

  async customReactionExists(workspaceId: string, id: string): Promise<boolean> {
    return (await this.db.rows(CUSTOM_REACTION_EXISTS, { id, workspaceId })).length > 0;
  }

  /** Throws Postgres' unique violation (UQ_CUSTOM_REACTION_NAME) on a name the workspace has. */
  async createCustomReaction(input: {
    workspaceId: string;
    name: string;
    imageUrl: string;
    createdBy: string;
  }): Promise<CustomReactionRow> {
    const [row] = await this.db.rows(CREATE_CUSTOM_REACTION, input);
    return row;
  }
}
