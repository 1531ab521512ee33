// The prefix and substring arms read together, in one index scan, when that read is exactly their two windows.
import { SEARCH_LIMIT } from '@teamchat/contracts';
import type { Arm, Scope } from './search-conditions.js';
import { measured, substringRead } from './measured-substring.read.js';
import { RANK_WINDOW } from './search-tuning.js';
import type { HitRow } from './window-reads.js';

/** The first windows of both fallback arms; `substrings` null when the read held only the prefix arm's. */
export type JointFallbacks = { prefixes: HitRow[]; substrings: HitRow[] | null } | null;

/**
 * Whether every prefix match is also a substring match, so one read can serve both fallback arms: true when the
 * query has no phrase (the prefix arm matches it stemmed, the substring arm literally) and has a prefix query, which
 * `searchTerms` makes only when every word is plain — the substring terms are then those very words — and those
 * terms are ASCII (a lexeme starting with `depl` then means the text holds `depl` in some case, which ILIKE finds).
 */
export const fallbacksTogether = ({ terms, substrings }: Scope): boolean =>
  !terms.phrases &&
  terms.prefixQuery !== null &&
  substrings.length > 0 &&
  substrings.every((t) => /^[\x21-\x7e]+$/.test(t));

/**
 * The first windows of the prefix arm and of the substring arm after it in one read: the newest substring matches
 * the earlier arms did not find, each flagged when it is a prefix match. Both fallback arms then cost one index
 * scan instead of two (the prefix arm's GIN scan of `deploy:*` alone was 9 ms at a million messages). The read is
 * exactly the two arms' windows when it holds a whole prefix window (`RANK_WINDOW` prefix matches) or everything
 * there is (fewer rows than asked); otherwise null, and the arms are read one by one as usual.
 */
export const jointFallbacks = async (
  scope: Scope,
  arms: Arm[],
  index: number,
  substringWalk: number,
): Promise<JointFallbacks> => {
  const limit = RANK_WINDOW + SEARCH_LIMIT + 1;
  const rows = await measured(scope.sql, substringRead(scope, arms, index, null, true), limit, substringWalk, true);
  const prefixes = rows.filter((r) => r.flag);
  if (prefixes.length >= RANK_WINDOW) return { prefixes: prefixes.slice(0, RANK_WINDOW), substrings: null };
  if (rows.length === limit) return null;
  return { prefixes, substrings: rows.filter((r) => !r.flag) };
};
