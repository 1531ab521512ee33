// The first statement of every search: the plan statement, or the check statement when what it would read is kept.
import type { PoolClient } from 'pg';
import { PreparedStatement, preparedRows } from '@teamchat/database';
import type { ReadableChannel } from './message-search-engine.js';
import { channelsFingerprint, readableChannels, snapshotOf } from './search-sql.js';

export interface PlanRow {
  /** Nodes of the words' tsquery: 0 when the words are all stopwords (no words arm). */
  word_nodes: number;
  /** The terms the substring arm may look for (never a stopword alone). */
  substrings: string[];
  now: Date;
  channels: ReadableChannel[];
  fingerprint: string;
}

export type CheckRow = Pick<PlanRow, 'now' | 'fingerprint'>;

/**
 * What the arms need to know first, in one statement: whether the words leave anything after stopwords, which terms
 * the substring arm may look for (never a stopword alone), the snapshot's moment (never before the workspace's last
 * change) and the channels the searcher can read. The one statement of every search whose text never changes:
 * prepared, each connection parses it once and, after a few runs, reuses its plan (as an unnamed statement it cost
 * Postgres about 0.5 ms a search, most of it parsing and planning). Its answers are kept (`CachedSearchPlanner`), so a
 * search whose text and channels are known runs the smaller `CHECK` instead.
 */
const PLAN = new PreparedStatement<PlanRow>(
  'chat.search.plan',
  `SELECT numnode(websearch_to_tsquery('english', $3)) AS word_nodes,
          array(SELECT t FROM unnest($4::text[]) t
                WHERE t ~ '[^[:alnum:]]' OR numnode(plainto_tsquery('english', t)) > 0) AS substrings,
          ${snapshotOf('$1', 'clock_timestamp()')} AS now,
          (SELECT coalesce(json_agg(json_build_object(
                    'id', c."id", 'name', c."name", 'type', c."type",
                    -- only a DM's participants are read (in:@person); a channel's member list may be long
                    'participants', CASE WHEN c."type" = 'direct' THEN c."participant_ids" END)), '[]')
             ${readableChannels('$1', '$2')}) AS channels,
          ${channelsFingerprint('$1', '$2')} AS fingerprint`,
);

/**
 * What a search whose query text and channels are kept asks first instead: the pages' moment, as the plan statement
 * reads it, and the fingerprint of the member's readable channels, which tells whether the kept ones are still theirs.
 * A small statement whose text never changes: prepared, so each connection parses and plans it once.
 */
const CHECK = new PreparedStatement<CheckRow>(
  'chat.search.check',
  `SELECT ${snapshotOf('$1', 'clock_timestamp()')} AS now, ${channelsFingerprint('$1', '$2')} AS fingerprint`,
);

export interface Member {
  workspaceId: string;
  userId: string;
}

/** The two first statements, run on one search's connection. */
export interface PlanStatements {
  plan(member: Member, words: string | null, substrings: string[]): Promise<PlanRow>;
  check(member: Member): Promise<CheckRow>;
}

export const planStatements = (connection: PoolClient): PlanStatements => ({
  plan: async (member, words, substrings) =>
    (await preparedRows(connection, PLAN, [member.workspaceId, member.userId, words ?? '', substrings]))[0]!,
  check: async (member) => (await preparedRows(connection, CHECK, [member.workspaceId, member.userId]))[0]!,
});
