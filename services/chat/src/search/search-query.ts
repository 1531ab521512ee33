// From the parsed search box (libs/contracts search-syntax) to what the SQL needs, and the opaque page cursor.
import { SEARCH_MAX_TERMS, storableTimestamp, type ParsedSearch } from '@teamchat/contracts';
import { z } from 'zod';

/** What the search SQL needs from the user's text (built here so the SQL stays free of string building). */
export interface SearchTerms {
  /** Words and `"phrases"` for `websearch_to_tsquery` (stemmed whole words; `or` works as on the web), or null. */
  words: string | null;
  /** The phrases alone, which every match must hold, whichever arm found it; null when there are none. */
  phrases: string | null;
  /** Every word as a prefix (`deplo:* & rollo:*`), or null when there is none or the query holds a token. */
  prefixQuery: string | null;
  /** Candidates for the substring arm, one per word or phrase, all required (`PLT-36`, `v2.1`, partial words). */
  substrings: string[];
  /** `-excluded` words as one `a or b` query that no match may hold; null when there are none. */
  excluded: string | null;
}

/** The substring arm needs three characters: a trigram index cannot narrow anything shorter. */
export const SUBSTRING_MIN_LENGTH = 3;

const OPERATOR_WORD = /^(or|and)$/i;
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const quote = (phrase: string): string => `"${phrase.replace(/"/g, ' ')}"`;

export const searchTerms = (q: ParsedSearch): SearchTerms => {
  const words = [...q.words, ...q.phrases.map(quote)].join(' ').trim();
  // `or` only steers the word query; the other arms look for what must be there
  const plain = q.words.filter((w) => !OPERATOR_WORD.test(w));
  // prefixes only for plain words: Postgres splits a token such as PLT-3699 into lexemes (`plt`, `-3699`) that
  // prefix pieces would not meet, so tokens are left to the substring arm, which finds `PLT-36` in `PLT-3699`
  const tokens = plain.some((t) => !PLAIN_WORD.test(t));
  const pieces = tokens ? [] : plain.map((t) => t.toLowerCase()).slice(0, SEARCH_MAX_TERMS);
  return {
    words: words || null,
    phrases: q.phrases.length ? q.phrases.map(quote).join(' ') : null,
    prefixQuery: pieces.length ? pieces.map((p) => `${p}:*`).join(' & ') : null,
    substrings: [...plain, ...q.phrases].filter((t) => [...t].length >= SUBSTRING_MIN_LENGTH),
    excluded: q.excluded.length ? q.excluded.map((w) => quote(w)).join(' or ') : null,
  };
};

/**
 * Where the next page starts. Results come arm by arm (whole words, then prefixes, then substrings; or, for a query
 * of filters alone, newest first); a ranked arm is read in windows of its newest matches, each ranked on its own, and
 * `o` counts what of the current window was already shown. Everything is bounded by `s`, the moment of the first page,
 * so messages posted while paging neither shift nor repeat the results.
 */
export interface SearchCursor {
  /** Snapshot: the first page's time (ISO). */
  s: string;
  /** Index of the arm in the query's list of arms. */
  a: number;
  /** The window starts below this message (created_at ISO, id), or at the snapshot when null. */
  w: [string, string] | null;
  /** Results of the current window already shown. */
  o: number;
}

const CursorSchema = z.object({
  s: storableTimestamp(),
  a: z.number().int().min(0).max(3),
  w: z.tuple([storableTimestamp(), z.uuid()]).nullable(),
  o: z.number().int().min(0).max(10_000),
});

export const encodeCursor = (c: SearchCursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');

/** The cursor, or null when it is not one this service wrote (the caller answers 400 `SEARCH_CURSOR_INVALID`). */
export const decodeCursor = (raw: string): SearchCursor | null => {
  try {
    const parsed = CursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
