import { SEARCH_LIMIT } from '@teamchat/contracts';
import type { Arm, Below, Scope } from './search-conditions.js';
import { collect, type ArmReads } from './search-collector.js';
import type { SearchCursor } from './search-query.js';
import { RANK_WINDOW } from './search-tuning.js';
import type { HitRow } from './window-reads.js';

/** Rows of one arm, newest first: the i-th is i minutes before noon, scored by `score(i)`. */
const rows = (arm: string, count: number, score: (i: number) => number): HitRow[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${arm}-${String(i).padStart(4, '0')}`,
    channel_id: 'c',
    user_id: 'u',
    content: arm,
    created_at: new Date(Date.UTC(2026, 0, 1, 12) - i * 60_000).toISOString(),
    score: score(i),
  }));

/** Reads each arm's rows below the window start, as many as asked, newest first (no joint read). */
const readsOf = (byArm: Record<string, HitRow[]>): ArmReads & { windows: number } => {
  const reads = {
    windows: 0,
    window: (_scope: Scope, arms: Arm[], index: number, below: Below, limit: number) => {
      reads.windows++;
      const all = byArm[arms[index]!] ?? [];
      const older = below
        ? all.filter((r) => r.created_at < below[0] || (r.created_at === below[0] && r.id < below[1]))
        : all;
      return Promise.resolve(older.slice(0, limit));
    },
    fallbacks: () => Promise.resolve(null),
  };
  return reads;
};

const scope = { terms: { phrases: null, prefixQuery: null }, substrings: [] } as unknown as Scope;

/** Every page from the first on, each resumed from the cursor after the previous page's last hit. */
const allPages = async (reads: ArmReads, arms: Arm[]) => {
  const pages: string[][] = [];
  let from: SearchCursor | null = { s: '2026-01-02T00:00:00.000Z', a: 0, w: null, o: 0 };
  while (from && pages.length < 20) {
    const hits = await collect(reads, scope, arms, from);
    const page = hits.slice(0, SEARCH_LIMIT);
    pages.push(page.map((h) => h.row.id));
    from = hits.length > SEARCH_LIMIT ? page[page.length - 1]!.resume : null;
  }
  return pages;
};

describe(collect.name, () => {
  it('pages a ranked arm window by window, best first in each, then the next arm newest first', async () => {
    // more than one ranking window of words, every third denser; then substring-only hits
    const words = rows('words', RANK_WINDOW + 30, (i) => (i % 3 === 0 ? 0.2 : 0.1));
    const substrings = rows('substrings', 20, () => 0);
    const pages = await allPages(readsOf({ words, substrings }), ['words', 'substrings']);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(words.length + substrings.length);
    const firstWindow = words.slice(0, RANK_WINDOW);
    const dense = firstWindow.filter((_, i) => i % 3 === 0).map((r) => r.id);
    // the first window ranked: its denser hits first, newest first among equals
    expect(seen.slice(0, dense.length)).toEqual(dense);
    expect(new Set(seen.slice(0, RANK_WINDOW))).toEqual(new Set(firstWindow.map((r) => r.id)));
    // the substring arm after every word, newest first
    expect(seen.slice(-substrings.length)).toEqual(substrings.map((r) => r.id));
    expect(pages.slice(0, -1).every((p) => p.length === SEARCH_LIMIT)).toBe(true);
  });

  it('stops reading once it holds a page and one more, and gives no next page when an arm ran out', async () => {
    const reads = readsOf({ words: rows('words', RANK_WINDOW, () => 0.1), substrings: rows('substrings', 5, () => 0) });
    const hits = await collect(reads, scope, ['words', 'substrings'], { s: 'x', a: 0, w: null, o: 0 });
    expect(hits).toHaveLength(SEARCH_LIMIT + 1);
    expect(reads.windows).toBe(1);
    const few = readsOf({ filters: rows('filters', 3, () => 0) });
    const last = await collect(few, scope, ['filters'], { s: 'x', a: 0, w: null, o: 0 });
    expect(last.map((h) => h.row.id)).toEqual(['filters-0000', 'filters-0001', 'filters-0002']);
  });
});
