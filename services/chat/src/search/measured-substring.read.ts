// The substring arm's read: measures how common its term is in the newest messages before it chooses how to read on.
import { armMatch, conditions, type Arm, type Below, type Scope, type SubstringForm } from './search-conditions.js';
import { NEWEST_FIRST, SqlParams, WINDOW_COLUMNS, type Sql } from './search-sql.js';
import { SUBSTRING_DENSE } from './search-tuning.js';
import { belowWalk, ranked, type FlaggedRow } from './window-reads.js';

/** A measured read's conditions, stated with one statement's parameters (see `measured`). */
export type MeasuredRead = (
  p: SqlParams,
  forms: SubstringForm[],
) => { span: string[]; holding: string[][]; rankBy: string | null };

/**
 * The substring arm's read (after the arms before `index`, below `below`) stated for a measured read, with `rankBy`
 * when it is the joint read of the prefix and substring arms.
 */
export const substringRead =
  (scope: Scope, arms: Arm[], index: number, below: Below, rankedByPrefix: boolean): MeasuredRead =>
  (p, forms) => {
    const { span, narrowing, excluded } = conditions(p, scope, arms, index, below);
    return {
      span,
      // only the forms the statement uses: Postgres refuses a parameter it is given but cannot place
      holding: forms.map((form) => [...narrowing, ...excluded, armMatch(p, scope, 'substrings', form).match]),
      rankBy: rankedByPrefix ? armMatch(p, scope, 'prefixes').rankBy : null,
    };
  };

/**
 * The newest `limit` messages of a span (see `filters`) holding a substring, when nothing tells how common the
 * substring is. Postgres guesses it from a sample of texts: after one ANALYZE of a million messages it took the
 * ticket `PLT-36` (0.04 % of them) for common and walked 135,000 messages newest first for a page (110 ms), where
 * the trigram index reads its 415 matches in 1.5 ms; and reading every match through the index instead is as wrong
 * for an infix of a common word (`taging`: 3 % of the messages, 200 ms). So the read measures it first: one
 * statement checks the newest `substringWalk` messages of the span one by one (`walked`: the term and whatever else
 * the read asks, such as an author) and, when they hold fewer than `SUBSTRING_DENSE` matches, reads all the older
 * matches through the trigram index (`indexed`, a MATERIALIZED CTE: no order for Postgres to walk an index in) and
 * keeps the newest — a branch Postgres never runs otherwise (it sits behind a one-time filter). A term common
 * enough in the stretch that it still falls short of a window is read further by a second statement, the
 * planner's way (`priced`): walking on wins for a term that is common throughout, and a term that is only common
 * lately (a new project's name) is priced rare by the statistics and read through the index.
 *
 * The stretch is counted in messages of the span, not in messages an author or image filter keeps: the newest 250
 * of Priya's image messages in one channel took reading 10,000 of her messages, twice (28 ms for the combined query
 * of bench/search). And its end is applied to the read through the index only afterwards: inside, Postgres cannot
 * know where it lies and ANDed the trigram bitmap with a bitmap of the channel index up to it, which held every
 * message (55 ms of 58).
 */
export const measured = async (
  sql: Sql,
  read: MeasuredRead,
  limit: number,
  substringWalk: number,
  flagged = false,
): Promise<FlaggedRow[]> => {
  const p = new SqlParams();
  const {
    span,
    holding: [walked, indexed],
    rankBy,
  } = read(p, ['walked', 'indexed']);
  const scope = span.join(' AND ');
  const found = `(SELECT count(*) FROM walked)`;
  const window = `
    WITH walked AS MATERIALIZED (
           SELECT ${WINDOW_COLUMNS}
             FROM (SELECT m.* FROM "chat"."message" m WHERE ${scope} ${NEWEST_FIRST} LIMIT ${p.add(substringWalk)}) m
            WHERE ${walked!.join(' AND ')} ${NEWEST_FIRST} LIMIT ${p.add(limit)}),
         edge AS MATERIALIZED (
           SELECT m."created_at", m."id" FROM "chat"."message" m WHERE ${scope}
            ${NEWEST_FIRST} OFFSET ${p.add(substringWalk - 1)} LIMIT 1),
         matches AS MATERIALIZED (
           SELECT ${WINDOW_COLUMNS} FROM "chat"."message" m WHERE ${scope} AND ${indexed!.join(' AND ')})
    SELECT * FROM walked
    UNION ALL
    (SELECT m.* FROM matches m
      WHERE ${found} < ${SUBSTRING_DENSE} AND EXISTS (SELECT 1 FROM edge)
        AND (m."created_at", m."id") < (SELECT "created_at", "id" FROM edge)
      ${NEWEST_FIRST} LIMIT ${p.add(limit)})`;
  const recent = (await ranked(sql, p, window, rankBy, flagged)).slice(0, limit);
  // rare in the stretch: read through the index above (or nothing older); a window found in it: done
  if (recent.length < SUBSTRING_DENSE || recent.length === limit) return recent;
  // common in the stretch: the older rest the planner's way, which prices the term from the statistics
  const q = new SqlParams();
  const rest = read(q, ['priced']);
  const older = await belowWalk(sql, q, rest.span, substringWalk, rest.holding[0]!, rest.rankBy, {
    limit: limit - recent.length,
    flagged,
  });
  return [...recent, ...older];
};
