// One window of one arm: the newest matches below the window start, read the way the arm's terms read best.
import { armMatch, conditions, type Arm, type Below, type Scope } from './search-conditions.js';
import { measured, substringRead } from './measured-substring.read.js';
import { NEWEST_FIRST, SqlParams } from './search-sql.js';
import { belowWalk, newest, type HitRow, type Walks } from './window-reads.js';

/**
 * The newest `limit` matches of arm `index` below the window start (`below`), filters applied, with their rank. The
 * substring arm measures its term first (`measured`); the others are read newest first, the planner choosing between
 * walking the (workspace or channel, created_at) index and a bitmap of the GIN index — except a phrase or a day.
 */
export const armWindow = async (
  scope: Scope,
  arms: Arm[],
  index: number,
  below: Below,
  limit: number,
  walks: Walks,
): Promise<HitRow[]> => {
  const armConditions = (p: SqlParams) => {
    const { base, excluded } = conditions(p, scope, arms, index, below);
    const { match, rankBy } = armMatch(p, scope, arms[index]!);
    return { base, matches: [...excluded, match], rankBy };
  };
  if (!scope.terms.phrases && !scope.query.on && arms[index] === 'substrings')
    return measured(scope.sql, substringRead(scope, arms, index, below, false), limit, walks.substringWalk);
  const p = new SqlParams();
  const { base, matches, rankBy } = armConditions(p);
  if (!scope.terms.phrases && !scope.query.on) return newest(scope.sql, p, [...base, ...matches], rankBy, limit);
  // A phrase: Postgres prices it as if its words came independently (7-20× too rare), so it reads every match
  // through the GIN index when walking the newest messages would find a window sooner. A day (`on:`): Postgres ANDs
  // the day's few thousand messages with a bitmap of every match of a common word in the GIN index (12 ms for the
  // 55,000 of `deploy` at a million messages, against 2 ms to check the day's messages one by one). Walk a bounded
  // stretch first (`PHRASE_WALK`); only when that holds too few matches, read the older rest the planner's way.
  const walked = `(SELECT m.* FROM "chat"."message" m WHERE ${base.join(' AND ')}
                    ${NEWEST_FIRST} LIMIT ${p.add(walks.phraseWalk)}) m`;
  const recent = await newest(scope.sql, p, matches, rankBy, limit, false, walked);
  if (recent.length === limit) return recent;
  const q = new SqlParams();
  const rest = armConditions(q);
  const older = await belowWalk(scope.sql, q, rest.base, walks.phraseWalk, rest.matches, rest.rankBy, {
    limit: limit - recent.length,
  });
  return [...recent, ...older];
};
