import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ReactionSummary } from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';

const SUMMARIES = new PreparedStatement<{ message_id: string; reaction_id: string; user_ids: string[] }>(
  'chat.reaction.summaries',
  `SELECT "message_id", "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS user_ids
   FROM "chat"."message_reaction" WHERE "message_id" = ANY($1::uuid[])
   GROUP BY "message_id", "reaction_id" ORDER BY min("created_at"), "reaction_id"`,
);

/** Reactions of messages grouped per reaction, in the order each was first applied. */
@Injectable()
export class ReactionSummaryReader {
  constructor(private readonly statements: PreparedStatements) {}

  /** Inside a transaction pass its entity manager (the answer then sees its writes); else a prepared statement runs. */
  async forMessages(messageIds: string[], m?: EntityManager): Promise<Map<string, ReactionSummary[]>> {
    const result = new Map<string, ReactionSummary[]>(messageIds.map((id) => [id, []]));
    if (messageIds.length === 0) return result;
    const rows = m
      ? ((await m.query(SUMMARIES.text, [messageIds])) as (typeof SUMMARIES)['row'][])
      : await this.statements.rows(SUMMARIES, [messageIds]);
    for (const r of rows) {
      result.get(r.message_id)?.push({ reactionId: r.reaction_id, count: r.user_ids.length, userIds: r.user_ids });
    }
    return result;
  }
}
