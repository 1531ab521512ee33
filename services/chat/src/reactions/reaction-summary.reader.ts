import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ReactionSummary } from '@teamchat/contracts';

/** Reactions of messages grouped per reaction, in the order each was first applied. */
@Injectable()
export class ReactionSummaryReader {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async forMessages(messageIds: string[], m: EntityManager = this.db.manager): Promise<Map<string, ReactionSummary[]>> {
    const result = new Map<string, ReactionSummary[]>(messageIds.map((id) => [id, []]));
    if (messageIds.length === 0) return result;
    const rows = (await m.query(
      `SELECT "message_id", "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS user_ids
       FROM "chat"."message_reaction" WHERE "message_id" = ANY($1::uuid[])
       GROUP BY "message_id", "reaction_id" ORDER BY min("created_at"), "reaction_id"`,
      [messageIds],
    )) as { message_id: string; reaction_id: string; user_ids: string[] }[];
    for (const r of rows) {
      result.get(r.message_id)?.push({ reactionId: r.reaction_id, count: r.user_ids.length, userIds: r.user_ids });
    }
    return result;
  }
}
