// A page of results from the cursor on: arm by arm, window by window, each hit with the cursor that resumes after it.
import { SEARCH_LIMIT } from '@teamchat/contracts';
import type { Arm, Below, Scope } from './search-conditions.js';
import { fallbacksTogether, type JointFallbacks } from './joint-fallback.read.js';
import type { SearchCursor } from './search-query.js';
import { byRank } from './search-ranking.js';
import { RANK_WINDOW } from './search-tuning.js';
import type { HitRow } from './window-reads.js';

/** One result with the cursor that resumes right after it. */
export interface Hit {
  row: HitRow;
  resume: SearchCursor;
}

/** The reads a page is collected from (`PostgresSearchEngine`). */
export interface ArmReads {
  window(scope: Scope, arms: Arm[], index: number, below: Below, limit: number): Promise<HitRow[]>;
  fallbacks(scope: Scope, arms: Arm[], index: number): Promise<JointFallbacks>;
}

/** Up to one page and one more result, from the cursor on, arm by arm and window by window. */
export const collect = async (reads: ArmReads, scope: Scope, arms: Arm[], from: SearchCursor): Promise<Hit[]> => {
  const hits: Hit[] = [];
  const keyset = (row: HitRow): [string, string] => [row.created_at, row.id];
  let at = from;
  // the substring arm's first window when the prefix arm's read already held all of it (see `jointFallbacks`)
  let substringsRead: HitRow[] | null = null;
  // whether the words arm found anything in this request: then the terms are whole words, whose prefix matches are
  // mostly the words arm's own, so the page is likely to need the substring arm too (`jointFallbacks`); a partial
  // word (`depl`) finds nothing as a word and its prefix arm alone fills the page
  let wordsFound = false;
  while (hits.length <= SEARCH_LIMIT && at.a < arms.length) {
    const arm = arms[at.a]!;
    const isRanked = arm === 'words' || arm === 'prefixes';
    const need = SEARCH_LIMIT + 1 - hits.length;
    const limit = isRanked ? RANK_WINDOW : need;
    let rows: HitRow[] | null = null;
    if (at.w === null && arm === 'substrings' && substringsRead) rows = substringsRead.slice(0, limit);
    if (
      at.w === null &&
      arm === 'prefixes' &&
      wordsFound &&
      arms[at.a + 1] === 'substrings' &&
      fallbacksTogether(scope)
    ) {
      const read = await reads.fallbacks(scope, arms, at.a);
      if (read) {
        rows = read.prefixes;
        substringsRead = read.substrings;
      }
    }
    rows ??= await reads.window(scope, arms, at.a, at.w, limit);
    if (arm === 'words' && rows.length > 0) wordsFound = true;
    const nextArm: SearchCursor = { s: at.s, a: at.a + 1, w: null, o: 0 };
    const exhausted = rows.length < limit;
    if (!isRanked) {
      // newest first: each result resumes right below itself
      for (const row of rows) hits.push({ row, resume: { ...at, w: keyset(row), o: 0 } });
      at = exhausted ? nextArm : { ...at, w: keyset(rows[rows.length - 1]!), o: 0 };
      continue;
    }
    // ranked within the window; the next window starts below its oldest message
    const nextWindow = exhausted ? nextArm : { ...at, w: keyset(rows[rows.length - 1]!), o: 0 };
    const ordered = [...rows].sort(byRank);
    const taken = ordered.slice(at.o, at.o + need);
    taken.forEach((row, i) => {
      const shown = at.o + i + 1;
      hits.push({ row, resume: shown < ordered.length ? { ...at, o: shown } : nextWindow });
    });
    at = at.o + taken.length < ordered.length ? { ...at, o: at.o + taken.length } : nextWindow;
  }
  return hits;
};
