/** What the search SQL needs from the user's text (parsed here so the SQL stays free of string building). */
export interface SearchTerms {
  /** The text as typed, for `websearch_to_tsquery` (quotes, `or`, `-word` work as on the web). */
  text: string;
  /** Every word piece as a prefix (`deplo:* & plt:*`), or null when there is none. */
  prefixQuery: string | null;
  /** One ILIKE pattern per whitespace-separated term; all must match (partial words, `PLT-36`, `v2.1`). */
  patterns: string[];
}

const MAX_TERMS = 8;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const parseSearch = (raw: string): SearchTerms | null => {
  const text = raw.trim();
  if (!text) return null;
  const terms = text
    .split(/\s+/)
    .map((t) => t.replace(/^"+|"+$/g, ''))
    // `or` and `-excluded` words only steer the full-text query; the fallbacks look for what must be there
    .filter((t) => t.length > 0 && !/^(or|and)$/i.test(t) && !/^-./.test(t))
    .slice(0, MAX_TERMS);
  const pieces = terms.flatMap((t) => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS * 2);
  return {
    text,
    prefixQuery: pieces.length ? pieces.map((p) => `${p}:*`).join(' & ') : null,
    patterns: terms.map((t) => `%${escapeLike(t)}%`),
  };
};
