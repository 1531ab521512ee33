import { isEmptySearch, isSearchDate, parseSearchQuery, tokenizeSearch, type ParsedSearch } from './search-syntax.js';

const parsed = (input: string): ParsedSearch => {
  const result = parseSearchQuery(input);
  if (!result.ok) throw new Error(result.message);
  return result.query;
};

describe(tokenizeSearch.name, () => {
  it('keeps each token’s position so the dialog can turn filters into chips', () => {
    const input = 'deploy  from:@ada "exact phrase" -draft in:#general';
    const tokens = tokenizeSearch(input);
    expect(tokens.map((t) => [t.kind, t.key ?? null, t.value, input.slice(t.start, t.end)])).toEqual([
      ['word', null, 'deploy', 'deploy'],
      ['filter', 'from', '@ada', 'from:@ada'],
      ['phrase', null, 'exact phrase', '"exact phrase"'],
      ['exclude', null, 'draft', '-draft'],
      ['filter', 'in', '#general', 'in:#general'],
    ]);
  });

  it('reads an unterminated quote to the end, an excluded phrase, and filter names in any case', () => {
    expect(tokenizeSearch('-"not this" "open ended').map((t) => [t.kind, t.value])).toEqual([
      ['exclude', 'not this'],
      ['phrase', 'open ended'],
    ]);
    expect(tokenizeSearch('FROM:Ada')[0]).toMatchObject({ kind: 'filter', key: 'from', value: 'Ada' });
  });

  it('treats unknown keys, URLs and a lone dash as words', () => {
    expect(tokenizeSearch('foo:bar https://x.io/a - -').map((t) => t.kind)).toEqual(['word', 'word', 'word', 'word']);
  });
});

describe(parseSearchQuery.name, () => {
  it('sorts words, phrases, exclusions and every filter', () => {
    expect(
      parsed(
        'deploy "release notes" -draft from:@Ada from:bob in:#General in:@carol in:random ' +
          'before:2026-11-01 after:2026-10-01 on:2026-10-15 has:image',
      ),
    ).toEqual({
      words: ['deploy'],
      phrases: ['release notes'],
      excluded: ['draft'],
      from: ['ada', 'bob'],
      in: [
        { kind: 'channel', name: 'general' },
        { kind: 'person', name: 'carol' },
        { kind: 'any', name: 'random' },
      ],
      before: '2026-11-01',
      after: '2026-10-01',
      on: '2026-10-15',
      hasImage: true,
    });
  });

  it('searches a has: value it does not know as text, and lets the last date of a kind count', () => {
    const q = parsed('has:link before:2026-01-01 before:2026-02-01');
    expect(q.words).toEqual(['has:link']);
    expect(q.before).toBe('2026-02-01');
  });

  it.each([
    ['from:', 'Filter from: needs a value'],
    ['from:@', 'Filter from: needs a value'],
    ['in:#', 'Filter in: needs a value'],
    ['has:', 'Filter has: needs a value'],
    ['before:notadate', 'Filter before: needs a date written as YYYY-MM-DD'],
    ['after:2026-13-01', 'Filter after: needs a date written as YYYY-MM-DD'],
    ['on:2026-02-30', 'Filter on: needs a date written as YYYY-MM-DD'],
  ])('refuses %p with "%s"', (input, message) => {
    expect(parseSearchQuery(input)).toEqual({ ok: false, message });
  });

  it('caps the terms and filter values it keeps', () => {
    const q = parsed(`${Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ')} ${'from:x '.repeat(15)}`);
    expect(q.words).toHaveLength(8);
    expect(q.from).toHaveLength(10);
  });

  it('calls a query without words or filters empty, exclusions alone included', () => {
    expect(isEmptySearch(parsed('   '))).toBe(true);
    expect(isEmptySearch(parsed('-draft'))).toBe(true);
    expect(isEmptySearch(parsed('has:image'))).toBe(false);
    expect(isEmptySearch(parsed('"x"'))).toBe(false);
  });
});

describe(isSearchDate.name, () => {
  it.each([
    ['2026-11-24', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['1969-12-31', false],
    ['26-11-24', false],
    ['2026-1-4', false],
  ])('%s → %p', (value, ok) => {
    expect(isSearchDate(value)).toBe(ok);
  });
});
