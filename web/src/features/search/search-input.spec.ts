// The search box's text as the dialog reads it: chips, the query sent, the filter being typed, the words marked.
import { tokenizeSearch } from '@teamchat/contracts';
import {
  completeToken,
  highlightPattern,
  markMatches,
  queryToSend,
  removeToken,
  searchChips,
  suggestionContext,
} from './search-input.js';

const tokenAt = (input: string, typed: string) =>
  tokenizeSearch(input).find((t) => input.slice(t.start, t.end) === typed)!;
const marked = (content: string, query: string) =>
  markMatches(content, highlightPattern(query))
    .filter((p) => p.marked)
    .map((p) => p.text);

describe('search input', () => {
  describe(queryToSend.name, () => {
    it.each([
      ['deploy from:', 'deploy'],
      ['from: deploy', 'deploy'],
      ['in:# deploy in:@ now', 'deploy now'],
      ['from:@', ''],
      ['  "exact  phrase"  from:@ada ', '"exact  phrase"  from:@ada'],
      ['foo:bar', 'foo:bar'],
    ])('sends %p as %p', (input, sent) => expect(queryToSend(input)).toBe(sent));
  });

  describe(searchChips.name, () => {
    it('labels filters as key: value and keeps phrases and exclusions as typed', () => {
      expect(searchChips('a -"not this" in:@grace on:2026-01-02 has:IMAGE').map((c) => [c.label, c.typed])).toEqual([
        ['-"not this"', '-"not this"'],
        ['in: @grace', 'in:@grace'],
        ['on: 2026-01-02', 'on:2026-01-02'],
        ['has: IMAGE', 'has:IMAGE'],
      ]);
    });
  });

  describe(removeToken.name, () => {
    it.each([
      ['deploy from:@ada now', 'from:@ada', 'deploy now', 7],
      ['from:@ada deploy', 'from:@ada', 'deploy', 0],
      ['deploy from:@ada', 'from:@ada', 'deploy', 6],
      ['-x', '-x', '', 0],
    ])('takes %p without %p', (input, typed, text, caret) =>
      expect(removeToken(input, tokenAt(input, typed))).toEqual({ text, caret }),
    );
  });

  describe(suggestionContext.name, () => {
    it('is the from: or in: filter the caret is in, after its colon', () => {
      const input = 'deploy in:#ge from:';
      expect(suggestionContext(input, 13)).toMatchObject({ key: 'in', sigil: '#', prefix: 'ge' });
      expect(suggestionContext(input, input.length)).toMatchObject({ key: 'from', sigil: '', prefix: '' });
      expect(suggestionContext(input, 9)).toBeNull();
      expect(suggestionContext(input, 3)).toBeNull();
      expect(suggestionContext('before:20', 9)).toBeNull();
    });
  });

  describe(completeToken.name, () => {
    it('replaces the filter and one following space, leaving the caret after the space', () => {
      const input = 'in:#g   deploy';
      expect(completeToken(input, tokenAt(input, 'in:#g'), 'in:#general')).toEqual({
        text: 'in:#general deploy',
        caret: 12,
      });
    });
  });

  describe(highlightPattern.name, () => {
    it('marks whole words from the start of a word, stems, phrases and tokens, never filters or exclusions', () => {
      expect(marked('Deploying PLT-3699 today; redeploy later', 'deployed plt-36')).toEqual(['Deploying', 'PLT-3699']);
      expect(marked('the release notes are out', '"release notes" from:@ada -out')).toEqual(['release notes']);
      // searched literally, not as a pattern: b*c does not match bbbc
      expect(marked('bbbc a.b*c (x)', 'b*c (x)')).toEqual(['b*c', '(x)']);
      expect(highlightPattern('before:bad')).toBeNull();
    });
  });
});
