// What the search dialog makes of the text typed so far, with the one parser the service uses: the filters shown as
// chips, the query actually sent, the filter being typed (to suggest people and channels), and the words to mark.
import {
  parseSearchQuery,
  SEARCH_HAS_VALUES,
  tokenizeSearch,
  type SearchFilterKey,
  type SearchToken,
} from '@teamchat/contracts';

/** A token of the input and what it looks like as it was typed. */
export interface SearchChip {
  token: SearchToken;
  /** As typed: what the remove button names ("Remove filter from:@alice"). */
  typed: string;
  /** As shown: `from: @alice`, `"exact phrase"`, `-excluded`. */
  label: string;
}

/** `from:`, `in:#`, `in:@`: a filter with nothing after its key and sigil, still being typed. */
const isIncomplete = (token: SearchToken): boolean => token.kind === 'filter' && !token.value.replace(/^[@#]/, '');

/** `has:video` is searched as text, like any filter the service does not know. */
const isKnownFilter = (token: SearchToken): boolean =>
  token.kind === 'filter' &&
  (token.key !== 'has' || (SEARCH_HAS_VALUES as readonly string[]).includes(token.value.toLowerCase()));

/** One chip per filter, phrase and exclusion; plain words and unknown filters stay text. */
export const searchChips = (input: string): SearchChip[] =>
  tokenizeSearch(input)
    .filter((t) => !isIncomplete(t) && (t.kind === 'phrase' || t.kind === 'exclude' || isKnownFilter(t)))
    .map((token) => {
      const typed = input.slice(token.start, token.end);
      return { token, typed, label: token.kind === 'filter' ? `${token.key}: ${token.value}` : typed };
    });

/** Cuts `[start, end)` out of the input along with the spaces after it (or before it, at the end). */
const cut = (input: string, start: number, end: number, insert = ''): { text: string; caret: number } => {
  const head = input.slice(0, start);
  const tail = input.slice(end).replace(/^\s+/, '');
  if (insert) return { text: `${head}${insert} ${tail}`, caret: head.length + insert.length + 1 };
  const trimmedHead = tail ? head : head.replace(/\s+$/, '');
  return { text: trimmedHead + tail, caret: trimmedHead.length };
};

/** The input without one token; the caret goes where it was. */
export const removeToken = (input: string, token: SearchToken) => cut(input, token.start, token.end);

/** The query to send: the input without filters still lacking a value (empty when nothing else remains). */
export const queryToSend = (input: string): string => {
  let text = input;
  for (const token of tokenizeSearch(input).filter(isIncomplete).reverse())
    text = cut(text, token.start, token.end).text;
  return text.trim();
};

/** A `from:` or `in:` filter the caret is in, with what has been typed after its key. */
export interface SuggestionContext {
  token: SearchToken;
  key: Extract<SearchFilterKey, 'from' | 'in'>;
  /** `#` asks for channels, `@` for people; none (after `in:`) for either. */
  sigil: '@' | '#' | '';
  /** Lower case, without the sigil. */
  prefix: string;
}

export const suggestionContext = (input: string, caret: number): SuggestionContext | null => {
  const token = tokenizeSearch(input).find(
    (t) =>
      t.kind === 'filter' && (t.key === 'from' || t.key === 'in') && caret > t.start + t.key.length && caret <= t.end,
  );
  if (!token || (token.key !== 'from' && token.key !== 'in')) return null;
  const sigil = token.value.startsWith('@') ? '@' : token.value.startsWith('#') ? '#' : '';
  return { token, key: token.key, sigil, prefix: token.value.slice(sigil.length).toLowerCase() };
};

/** Replaces the filter being typed with a finished one (`from:@grace`) and a space; the caret goes after both. */
export const completeToken = (input: string, token: SearchToken, completion: string) =>
  cut(input, token.start, token.end, completion);

/** A search word and its likely stem, so `deployed` also marks `deploying` the way the service's stemming finds it. */
const stems = (word: string): string[] => {
  const stem = word.length > 4 ? word.replace(/(ing|ed|es|s)$/i, '') : word;
  return stem !== word && stem.length >= 3 ? [word, stem] : [word];
};

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What to mark in results: every word and phrase, matched from the start of a word to its end (a prefix search
 * finds `flaky` for `flak`). Null when there is nothing to mark.
 */
export const highlightPattern = (query: string): RegExp | null => {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) return null;
  const terms = [...parsed.query.words.flatMap(stems), ...parsed.query.phrases]
    .filter((t) => t.trim().length > 0)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  return terms.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.join('|')})[\\p{L}\\p{N}]*`, 'giu') : null;
};

/** The content cut into plain and marked parts, in order. */
export const markMatches = (content: string, pattern: RegExp | null): { text: string; marked: boolean }[] => {
  if (!pattern) return [{ text: content, marked: false }];
  const parts: { text: string; marked: boolean }[] = [];
  let last = 0;
  for (const match of content.matchAll(pattern)) {
    if (!match[0]) continue;
    if (match.index > last) parts.push({ text: content.slice(last, match.index), marked: false });
    parts.push({ text: match[0], marked: true });
    last = match.index + match[0].length;
  }
  if (last < content.length) parts.push({ text: content.slice(last), marked: false });
  return parts;
};
