// The search box's language, as Slack and Mattermost users type it, parsed in one place for the service (which
// turns it into SQL) and the search dialog (which shows filters as chips and suggests channels and people):
//   deploy failed          words (stemmed, all must be there)
//   "exact phrase"         words in this order
//   -staging               leave out messages with this word
//   from:@handle           from:alice (a username or handle)
//   in:#channel            in:@alice (a direct message with that person), in:general (channel, else person)
//   before:2026-11-01      after:  on:   (dates, in the searcher's time zone)
//   has:image
// Anything else with a colon (`foo:bar`, `http://x`) is searched as text.

export const SEARCH_FILTER_KEYS = ['from', 'in', 'before', 'after', 'on', 'has'] as const;
export type SearchFilterKey = (typeof SEARCH_FILTER_KEYS)[number];
export const SEARCH_HAS_VALUES = ['image'] as const;

/** At most this many words, phrases or exclusions count; more are ignored (the query is capped at 200 characters). */
export const SEARCH_MAX_TERMS = 8;
/** At most this many `from:` / `in:` values each. */
export const SEARCH_MAX_FILTER_VALUES = 10;

export interface SearchToken {
  kind: 'word' | 'phrase' | 'exclude' | 'filter';
  /** The filter, for `kind: 'filter'`. */
  key?: SearchFilterKey;
  /** The word, the phrase without quotes, the excluded word without `-`, or the filter's value as typed. */
  value: string;
  /** Where the token sits in the input (`input.slice(start, end)` is what was typed). */
  start: number;
  end: number;
}

export type InTarget = { kind: 'channel' | 'person' | 'any'; name: string };

export interface ParsedSearch {
  words: string[];
  phrases: string[];
  excluded: string[];
  /** Usernames or handles, lower case, without `@`. */
  from: string[];
  in: InTarget[];
  /** `YYYY-MM-DD`; `on:` sets both ends of one day. */
  before: string | null;
  after: string | null;
  on: string | null;
  hasImage: boolean;
}

export type SearchParseResult = { ok: true; query: ParsedSearch } | { ok: false; message: string };

const FILTER = new RegExp(`^(${SEARCH_FILTER_KEYS.join('|')}):(.*)$`, 'i');
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const searchFilterNeedsValue = (key: SearchFilterKey): string => `Filter ${key}: needs a value`;
export const searchDateInvalid = (key: SearchFilterKey): string => `Filter ${key}: needs a date written as YYYY-MM-DD`;

/** A calendar date that exists (`2026-02-30` does not). */
export const isSearchDate = (value: string): boolean => {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

/** Splits the input into words, `"phrases"`, `-exclusions` and `key:value` filters, keeping their positions. */
export const tokenizeSearch = (input: string): SearchToken[] => {
  const tokens: SearchToken[] = [];
  let i = 0;
  while (i < input.length) {
    if (/\s/.test(input[i]!)) {
      i++;
      continue;
    }
    const start = i;
    if (input[i] === '"' || (input[i] === '-' && input[i + 1] === '"')) {
      const open = input.indexOf('"', start);
      const close = input.indexOf('"', open + 1);
      const end = close === -1 ? input.length : close + 1;
      const value = input.slice(open + 1, close === -1 ? input.length : close).trim();
      i = end;
      if (value) tokens.push({ kind: input[start] === '-' ? 'exclude' : 'phrase', value, start, end });
      continue;
    }
    while (i < input.length && !/\s/.test(input[i]!)) i++;
    const raw = input.slice(start, i);
    const filter = FILTER.exec(raw);
    if (filter) {
      tokens.push({
        kind: 'filter',
        key: filter[1]!.toLowerCase() as SearchFilterKey,
        value: filter[2]!,
        start,
        end: i,
      });
    } else if (raw.length > 1 && raw.startsWith('-')) {
      tokens.push({ kind: 'exclude', value: raw.slice(1), start, end: i });
    } else {
      tokens.push({ kind: 'word', value: raw, start, end: i });
    }
  }
  return tokens;
};

const stripSigil = (value: string, sigil: '@' | '#'): string => (value.startsWith(sigil) ? value.slice(1) : value);

/**
 * The query as the service runs it, or the message a 400 carries: a filter without a value, or a date that is not
 * `YYYY-MM-DD`. A `has:` value other than `image` is searched as text, like any unknown filter.
 */
export const parseSearchQuery = (input: string): SearchParseResult => {
  const query: ParsedSearch = {
    words: [],
    phrases: [],
    excluded: [],
    from: [],
    in: [],
    before: null,
    after: null,
    on: null,
    hasImage: false,
  };
  const pushCapped = <T>(list: T[], value: T, cap: number) => {
    if (list.length < cap) list.push(value);
  };
  for (const token of tokenizeSearch(input)) {
    if (token.kind === 'word') pushCapped(query.words, token.value, SEARCH_MAX_TERMS);
    else if (token.kind === 'phrase') pushCapped(query.phrases, token.value, SEARCH_MAX_TERMS);
    else if (token.kind === 'exclude') pushCapped(query.excluded, token.value, SEARCH_MAX_TERMS);
    else {
      const key = token.key!;
      const value = token.value.trim();
      const bare = stripSigil(stripSigil(value, '@'), '#');
      if (!bare) return { ok: false, message: searchFilterNeedsValue(key) };
      switch (key) {
        case 'from':
          pushCapped(query.from, stripSigil(value, '@').toLowerCase(), SEARCH_MAX_FILTER_VALUES);
          break;
        case 'in': {
          const kind = value.startsWith('#') ? 'channel' : value.startsWith('@') ? 'person' : 'any';
          pushCapped(query.in, { kind, name: bare.toLowerCase() }, SEARCH_MAX_FILTER_VALUES);
          break;
        }
        case 'has':
          if ((SEARCH_HAS_VALUES as readonly string[]).includes(value.toLowerCase())) query.hasImage = true;
          else pushCapped(query.words, input.slice(token.start, token.end), SEARCH_MAX_TERMS);
          break;
        case 'before':
        case 'after':
        case 'on':
          if (!isSearchDate(value)) return { ok: false, message: searchDateInvalid(key) };
          // the last one typed counts
          query[key] = value;
      }
    }
  }
  return { ok: true, query };
};

/** True when the query asks for nothing at all (no text and no filter): the answer is empty, not everything. */
export const isEmptySearch = (q: ParsedSearch): boolean =>
  q.words.length + q.phrases.length + q.from.length + q.in.length === 0 &&
  !q.before &&
  !q.after &&
  !q.on &&
  !q.hasImage;
