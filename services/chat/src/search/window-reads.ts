// The reads every arm is made of: a window of the newest matches, ranked after the LIMIT, and the read below a walk.
import { NEWEST_FIRST, WINDOW_COLUMNS, isoMilliseconds, type Sql, type SqlParams } from './search-sql.js';

export interface HitRow {
  id: string;
  channel_id: string;
  user_id: string;
  content: string | null;
  /** ISO, to the millisecond (see `isoMilliseconds`). */
  created_at: string;
  score: number;
}

/** A row of a read that may serve two arms: `flag` tells a match of `rankBy` from the rest. */
export type FlaggedRow = HitRow & { flag: boolean };

/** The lengths of the walks of the newest messages (`PHRASE_WALK`, `SUBSTRING_WALK`); tests make them small. */
export interface Walks {
  phraseWalk: number;
  substringWalk: number;
}

/**
 * The newest `limit` messages meeting `where`, ranked by `rankBy` (0 when null) — after the LIMIT: Postgres computes
 * a select-list function before a top-N sort, so ranking in the same query level would run ts_rank_cd over every
 * match a bitmap scan found (7,400 rows for "code review") to keep 100. With `flagged`, only the rows matching
 * `rankBy` are ranked and `flag` tells them apart.
 */
export const newest = (
  sql: Sql,
  p: SqlParams,
  where: string[],
  rankBy: string | null,
  limit: number,
  flagged = false,
  from = `"chat"."message" m`,
): Promise<FlaggedRow[]> => {
  const window = `SELECT ${WINDOW_COLUMNS} FROM ${from} WHERE ${where.join(' AND ')} ${NEWEST_FIRST} LIMIT ${p.add(limit)}`;
  return ranked(sql, p, window, rankBy, flagged);
};

/** Ranks a window of messages (see `newest`), newest first. */
export const ranked = async (
  sql: Sql,
  p: SqlParams,
  window: string,
  rankBy: string | null,
  flagged: boolean,
): Promise<FlaggedRow[]> => {
  const flag = flagged && rankBy ? `w."search_vector" @@ ${rankBy}` : 'true';
  const score = rankBy ? `CASE WHEN ${flag} THEN ts_rank_cd(w."search_vector", ${rankBy}) ELSE 0 END` : '0::real';
  return (await sql(
    `SELECT w."id", w."channel_id", w."user_id", w."content", ${isoMilliseconds('w."created_at"')} AS created_at,
            ${flag} AS flag, ${score} AS score
       FROM (${window}) w
      ORDER BY w."created_at" DESC, w."id" DESC`,
    p.values,
  )) as FlaggedRow[];
};

/**
 * The newest `limit` messages meeting `walkedOver` and `matches` that are older than the first `walk` messages
 * meeting `walkedOver` (a walk already read those), the planner's way.
 */
export const belowWalk = (
  sql: Sql,
  q: SqlParams,
  walkedOver: string[],
  walk: number,
  matches: string[],
  rankBy: string | null,
  { limit, flagged = false }: { limit: number; flagged?: boolean },
): Promise<FlaggedRow[]> => {
  const edge = `(SELECT e."created_at", e."id" FROM (SELECT m."created_at", m."id" FROM "chat"."message" m
                   WHERE ${walkedOver.join(' AND ')} ${NEWEST_FIRST}
                   OFFSET ${q.add(walk - 1)} LIMIT 1) e)`;
  // EXISTS first: when the walk held every message there is, no edge exists and Postgres skips the index read
  // (a one-time filter) instead of reading every match only to compare it with NULL
  const where = [`EXISTS ${edge}`, ...walkedOver, `(m."created_at", m."id") < ${edge}`, ...matches];
  return newest(sql, q, where, rankBy, limit, flagged);
};
