import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { ErrorCodes, SEARCH_CURSOR_INVALID, SEARCH_LIMIT } from '@teamchat/contracts';
import { armWindow } from './arm-window.read.js';
import { CachedSearchPlanner, type SearchPlan } from './cached-search-planner.js';
import { jointFallbacks, type JointFallbacks } from './joint-fallback.read.js';
import type { MessageSearchEngine, MessageSearchPage, MessageSearchRequest } from './message-search-engine.js';
import type { Arm, Below, Scope } from './search-conditions.js';
import { collect, type ArmReads, type Hit } from './search-collector.js';
import { planStatements } from './search-plan.statements.js';
import { decodeCursor, encodeCursor, searchTerms, type SearchCursor, type SearchTerms } from './search-query.js';
import type { Sql } from './search-sql.js';
import { PHRASE_WALK, SUBSTRING_WALK } from './search-tuning.js';
import type { HitRow, Walks } from './window-reads.js';

/**
 * Message search on chat's own tables (issue 15). The query is answered arm by arm, each arm doing bounded work:
 * 1. whole words through the stemmed tsvector (`websearch_to_tsquery`), ranked by `ts_rank_cd`;
 * 2. word prefixes (`depl` finds deploy), ranked the same, for messages arm 1 did not find;
 * 3. substrings (`PLT-36`, `v2.1`, partial words), newest first, for what neither found — never for stopwords or
 *    terms under three characters; walked or read through the trigram index by how common the newest messages show
 *    the term to be (`measured`).
 * A query of filters alone is answered newest first. The word arms read their matches newest first through the
 * (workspace, created_at) index or a bitmap of the GIN index, whichever the planner finds cheaper for these terms,
 * and rank only a window of `RANK_WINDOW` of them; the next arm runs only when a page is not full yet, so a common word
 * never pays for the prefix and substring arms. Pages are keyed by a cursor (see `SearchCursor`).
 */
@Injectable()
export class PostgresSearchEngine implements MessageSearchEngine, ArmReads, Walks {
  /** `PHRASE_WALK`; tests make it small to reach the read after the walk with a few messages. */
  phraseWalk = PHRASE_WALK;
  /** `SUBSTRING_WALK`, for the same reason. */
  substringWalk = SUBSTRING_WALK;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly planner: CachedSearchPlanner,
  ) {}

  isCursor(text: string): boolean {
    return decodeCursor(text) !== null;
  }

  async search(request: MessageSearchRequest): Promise<MessageSearchPage> {
    const cursor = request.cursor ? decodeCursor(request.cursor) : null;
    if (request.cursor && !cursor) throw new DomainError(ErrorCodes.validation, SEARCH_CURSOR_INVALID);
    const terms = searchTerms(request.query);
    // One connection for the whole search: its statements run one after another (up to five), and under load each
    // would otherwise queue for a free connection of the pool again (bench/http's users ramp: search's p95 2–2.7× the
    // message page's, and 1.1–1.3× with one connection per search)
    const runner = this.db.createQueryRunner();
    let plan: SearchPlan;
    let found: Found | null;
    try {
      const connection = (await runner.connect()) as PoolClient;
      const sql: Sql = (text, params) => runner.query(text, params);
      const member = { workspaceId: request.workspaceId, userId: request.userId };
      plan = await this.planner.plan(planStatements(connection), member, terms);
      found = await this.find(sql, request, terms, plan, cursor);
    } finally {
      await runner.release();
    }
    if (!found) return { hits: [], channels: plan.channels, nextCursor: null };
    const page = found.hits.slice(0, SEARCH_LIMIT);
    return {
      hits: page.map(({ row }) => toHit(row)),
      channels: plan.channels,
      nextCursor:
        found.hits.length > SEARCH_LIMIT ? encodeCursor({ ...page[page.length - 1]!.resume, s: found.snapshot }) : null,
    };
  }

  /** One arm's window (see `armWindow`). */
  window(scope: Scope, arms: Arm[], index: number, below: Below, limit: number): Promise<HitRow[]> {
    return armWindow(scope, arms, index, below, limit, this);
  }

  /** Both fallback arms' first windows in one read, when it holds them (see `jointFallbacks`). */
  fallbacks(scope: Scope, arms: Arm[], index: number): Promise<JointFallbacks> {
    return jointFallbacks(scope, arms, index, this.substringWalk);
  }

  /** Up to a page and one more hit (see `Found`); null when nothing can match. */
  private async find(
    sql: Sql,
    request: MessageSearchRequest,
    terms: SearchTerms,
    plan: SearchPlan,
    cursor: SearchCursor | null,
  ): Promise<Found | null> {
    const narrowed = await request.scope(plan.channels);
    if (!narrowed) return null;
    const arms: Arm[] = [];
    if (terms.words && plan.word_nodes > 0) arms.push('words');
    if (terms.prefixQuery) arms.push('prefixes');
    if (plan.substrings.length) arms.push('substrings');
    if (!terms.words) arms.push('filters');
    if (arms.length === 0) return null;
    const scope: Scope = {
      sql,
      workspaceId: request.workspaceId,
      channelIds: narrowed.channelIds,
      authorIds: narrowed.authorIds,
      query: request.query,
      terms,
      substrings: plan.substrings,
      tz: request.timeZone,
      snapshot: cursor?.s ?? plan.now.toISOString(),
    };
    const hits = await collect(this, scope, arms, cursor ?? { s: scope.snapshot, a: 0, w: null, o: 0 });
    return { hits, snapshot: scope.snapshot };
  }
}

/** Up to a page and one more hit, each resuming with the pages' bound `snapshot`. */
interface Found {
  hits: Hit[];
  snapshot: string;
}

const toHit = (row: HitRow) => ({
  id: row.id,
  channelId: row.channel_id,
  userId: row.user_id,
  content: row.content,
  createdAt: row.created_at,
});
