import { parseSearch } from './search-query.js';

describe(parseSearch.name, () => {
  it('finds nothing to search in a blank query', () => {
    expect(parseSearch('   ')).toBeNull();
  });

  it('keeps hyphenated and dotted tokens whole for the substring fallback', () => {
    const q = parseSearch('PLT-3699 v2.1')!;
    expect(q.patterns).toEqual(['%PLT-3699%', '%v2.1%']);
    expect(q.prefixQuery).toBe('plt:* & 3699:* & v2:* & 1:*');
  });

  it('escapes LIKE wildcards typed by the user', () => {
    expect(parseSearch('100%_done')!.patterns).toEqual(['%100\\%\\_done%']);
  });

  it('keeps the raw text for the web-style full-text query, and leaves excluded words out of the fallbacks', () => {
    const q = parseSearch(' "release notes" -draft ')!;
    expect(q.text).toBe('"release notes" -draft');
    expect(q.patterns).toEqual(['%release%', '%notes%']);
  });
});
