import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { WorkspaceMembership } from '@teamchat/bus';
import { SEARCH_LIMIT, type Actor, type SearchResult } from '@teamchat/contracts';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import { parseSearch } from './search-query.js';

interface HitRow {
  id: string;
  channel_id: string;
  user_id: string;
  content: string | null;
  created_at: Date;
  channel_name: string;
  channel_type: 'regular' | 'direct';
  participant_ids: string[] | null;
}

/**
 * Full-text search over the messages the actor may read in their current workspace: whole words through the
 * generated tsvector (stemmed, ranked), then word prefixes, then plain substrings (trigram index) so partial words,
 * hyphens and dotted tokens (`PLT-3699`, `v2.1`) are found too. Best first, at most 50.
 */
@Injectable()
export class SearchService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly workspace: WorkspaceMembership,
    private readonly directory: UserDirectory,
  ) {}

  async search(actor: Actor, q: string): Promise<SearchResult[]> {
    const member = await this.workspace.member(actor);
    const terms = parseSearch(q);
    if (!terms) return [];
    const params: unknown[] = [member.workspaceId, member.userId, terms.text, terms.prefixQuery, SEARCH_LIMIT];
    const substring = terms.patterns.length
      ? terms.patterns.map((p) => `m."content" ILIKE $${params.push(p)}`).join(' AND ')
      : 'false';
    const rows = (await this.db.query(
      `WITH q AS (SELECT websearch_to_tsquery('english', $3) AS words, to_tsquery('simple', $4) AS prefixes)
       SELECT m."id", m."channel_id", m."user_id", m."content", m."created_at",
              c."name" AS channel_name, c."type" AS channel_type, c."participant_ids",
              CASE WHEN m."search_vector" @@ q.words THEN 2 + ts_rank_cd(m."search_vector", q.words)
                   WHEN m."search_vector" @@ q.prefixes THEN 1 + ts_rank_cd(m."search_vector", q.prefixes)
                   ELSE 0 END AS score
       FROM "chat"."message" m
       JOIN "chat"."channel" c ON c."id" = m."channel_id"
       CROSS JOIN q
       WHERE m."workspace_id" = $1
         AND c."workspace_id" = $1
         AND (c."type" = 'regular' OR $2 = ANY(c."participant_ids"))
         AND (m."search_vector" @@ q.words OR m."search_vector" @@ q.prefixes OR (${substring}))
       ORDER BY score DESC, m."created_at" DESC, m."id"
       LIMIT $5`,
      params,
    )) as HitRow[];
    const others = rows.flatMap((r) => (r.channel_type === 'direct' ? (r.participant_ids ?? []) : []));
    const authors = await this.directory.authors([...rows.map((r) => r.user_id), ...others]);
    const nameOf = (id: string) => (authors.get(id) ?? UNKNOWN_AUTHOR).username;
    return rows.map((r) => ({
      id: r.id,
      channelId: r.channel_id,
      // a DM has no name of its own: each side sees it under the other person's name
      channelName:
        r.channel_type === 'direct'
          ? nameOf((r.participant_ids ?? []).find((p) => p !== member.userId) ?? member.userId)
          : r.channel_name,
      username: nameOf(r.user_id),
      content: r.content,
      createdAt: r.created_at.toISOString(),
    }));
  }
}
