import { parseSearchQuery, type ParsedSearch } from '@teamchat/contracts';
import { decodeCursor, encodeCursor, escapeLike, searchTerms } from './search-query.js';

const terms = (input: string) => searchTerms((parseSearchQuery(input) as { query: ParsedSearch }).query);

describe(searchTerms.name, () => {
  it('keeps hyphenated and dotted tokens whole for the substring arm, and has no prefix arm with a token', () => {
    const t = terms('PLT-3699 v2.1');
    expect(t.substrings).toEqual(['PLT-3699', 'v2.1']);
    expect(t.prefixQuery).toBeNull();
    expect(terms('rollo v2').prefixQuery).toBe('rollo:* & v2:*');
  });

  it('gives phrases to every arm and leaves exclusions, `or` and short terms out of the fallbacks', () => {
    const t = terms('"release notes" deploy or ship -draft -"big bang" ab');
    expect(t.words).toBe('deploy or ship ab "release notes"');
    expect(t.phrases).toBe('"release notes"');
    expect(t.prefixQuery).toBe('deploy:* & ship:* & ab:*');
    expect(t.substrings).toEqual(['deploy', 'ship', 'release notes']);
    expect(t.excluded).toBe('"draft" or "big bang"');
  });

  it('has no text arms for a query of filters alone', () => {
    expect(terms('from:@ada has:image')).toEqual({
      words: null,
      phrases: null,
      prefixQuery: null,
      substrings: [],
      excluded: null,
    });
  });

  it('escapes LIKE wildcards typed by the user', () => {
    expect(escapeLike('100%_do\\ne')).toBe('100\\%\\_do\\\\ne');
  });
});

describe('search cursor', () => {
  it('round-trips and refuses anything it did not write', () => {
    const cursor = { s: '2026-11-24T10:00:00.000Z', a: 1, w: ['2026-11-20T10:00:00.000Z', crypto.randomUUID()], o: 7 };
    expect(decodeCursor(encodeCursor(cursor as never))).toEqual(cursor);
    for (const bad of ['', 'nope', Buffer.from('[]').toString('base64url'), encodeCursor({ ...cursor, a: 9 } as never)])
      expect(decodeCursor(bad)).toBeNull();
  });
});
