import { parseSearchQuery, type ParsedSearch } from '@teamchat/contracts';
import { armMatch, conditions, type Arm, type Scope } from './search-conditions.js';
import { searchTerms } from './search-query.js';
import { SqlParams } from './search-sql.js';

const scopeOf = (q: string, channelIds = ['c1', 'c2'], authorIds: string[] | null = null): Scope => {
  const query = (parseSearchQuery(q) as { query: ParsedSearch }).query;
  const terms = searchTerms(query);
  return {
    sql: () => Promise.resolve([]),
    workspaceId: 'w1',
    channelIds,
    authorIds,
    query,
    terms,
    substrings: terms.substrings,
    tz: "Europe/Paris'; --",
    snapshot: '2026-11-24T10:00:00.000Z',
  };
};

describe(conditions.name, () => {
  it('states every value a request brings as a parameter, never in the statement text', () => {
    const typed = `o'hara" ; DROP -x'y before:2026-03-01 after:2026-01-01 on:2026-02-02 has:image`;
    const scope = scopeOf(typed, ['c1', 'c2'], ["a'1"]);
    const arms: Arm[] = ['words', 'prefixes', 'substrings'];
    for (const form of ['priced', 'indexed', 'walked'] as const) {
      const p = new SqlParams();
      const { base, excluded } = conditions(p, scope, arms, 2, ['2026-01-05T00:00:00.000Z', 'id-1']);
      const text = [...base, ...excluded, armMatch(p, scope, 'substrings', form).match].join(' AND ');
      for (const value of ["o'hara", 'DROP', "x'y", '2026-03-01', "Europe/Paris'", "a'1", 'c1', 'w1', 'id-1'])
        expect(text).not.toContain(value);
      expect(p.values).toEqual(
        expect.arrayContaining([['c1', 'c2'], 'w1', "Europe/Paris'; --", ["a'1"], '2026-03-01', 'id-1']),
      );
      const typedValues = p.values.filter((v): v is string => typeof v === 'string');
      for (const piece of ["o'hara", "x'y"]) expect(typedValues.some((v) => v.includes(piece))).toBe(true);
      // every placeholder has its value, in order
      const placeholders = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
      expect(Math.max(...placeholders)).toBe(p.values.length);
    }
  });

  it('reads one channel by its own index, without the workspace condition', () => {
    const p = new SqlParams();
    const { span } = conditions(p, scopeOf('deploy', ['c1']), ['words'], 0, null);
    expect(span[0]).toBe('m."channel_id" = $1::uuid');
    expect(span.join(' ')).not.toContain('workspace_id');
    expect(p.values[0]).toBe('c1');
  });

  it('leaves out what the arms before this one found', () => {
    const p = new SqlParams();
    const { excluded } = conditions(p, scopeOf('deploy'), ['words', 'prefixes', 'substrings'], 2, null);
    expect(excluded).toHaveLength(2);
    expect(excluded.every((c) => c.startsWith('NOT ('))).toBe(true);
  });
});
