import type { ReadableChannel } from './message-search-engine.js';
import { ReadableChannelsCache, SearchTextPlanCache } from './search-plan.caches.js';
import type { SearchTerms } from './search-query.js';
import { CHANNELS_KEPT, TEXT_PLAN_CHARACTERS } from './search-tuning.js';

const terms = (words: string | null, substrings: string[]): SearchTerms => ({
  words,
  phrases: null,
  prefixQuery: null,
  substrings,
  excluded: null,
});

const channels = (count: number): ReadableChannel[] =>
  Array.from({ length: count }, (_, i) => ({ id: `c${i}`, name: `c${i}`, type: 'regular', participants: null }));

describe(SearchTextPlanCache.name, () => {
  it('keys a plan by the words and the substring terms together', () => {
    const cache = new SearchTextPlanCache();
    cache.set(terms('deploy', ['deploy']), { word_nodes: 1, substrings: ['deploy'] });
    expect(cache.get(terms('deploy', ['deploy']))).toEqual({ word_nodes: 1, substrings: ['deploy'] });
    expect(cache.get(terms('deploy', []))).toBeUndefined();
    expect(cache.get(terms(null, ['deploy']))).toBeUndefined();
  });

  it('holds texts up to its bound in characters, least recently used out first', () => {
    const cache = new SearchTextPlanCache();
    // each key counts twice its length: four of these fill the bound, a fifth pushes the least recently used out
    const long = (c: string) => terms(c.repeat(TEXT_PLAN_CHARACTERS / 8 - 12), []);
    for (const c of 'abcd') cache.set(long(c), { word_nodes: 1, substrings: [] });
    expect(cache.get(long('a'))).toBeDefined();
    cache.set(long('e'), { word_nodes: 1, substrings: [] });
    expect(cache.get(long('b'))).toBeUndefined();
    for (const c of 'acde') expect(cache.get(long(c))).toBeDefined();
  });
});

describe(ReadableChannelsCache.name, () => {
  it('keeps each member’s channels by workspace and user, and drops them on request', () => {
    const cache = new ReadableChannelsCache();
    const bob = { workspaceId: 'w1', userId: 'bob' };
    cache.set(bob, { channels: channels(2), fingerprint: 'f1' });
    expect(cache.get(bob)?.fingerprint).toBe('f1');
    expect(cache.get({ workspaceId: 'w2', userId: 'bob' })).toBeUndefined();
    expect(cache.get({ workspaceId: 'w1', userId: 'carol' })).toBeUndefined();
    cache.delete(bob);
    expect(cache.get(bob)).toBeUndefined();
  });

  it('holds channel rows up to its bound over all members, least recently used out first', () => {
    const cache = new ReadableChannelsCache();
    const member = (i: number) => ({ workspaceId: 'w', userId: `u${i}` });
    // each member counts its channels and one: four of these fill the bound
    const each = CHANNELS_KEPT / 4 - 1;
    for (let i = 0; i < 4; i++) cache.set(member(i), { channels: channels(each), fingerprint: `f${i}` });
    expect(cache.get(member(0))).toBeDefined();
    cache.set(member(4), { channels: channels(1), fingerprint: 'f4' });
    expect(cache.get(member(1))).toBeUndefined();
    for (const i of [0, 2, 3, 4]) expect(cache.get(member(i))).toBeDefined();
  });
});
