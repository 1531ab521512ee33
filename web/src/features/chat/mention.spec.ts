import { describe, expect, it } from '@jest/globals';
import { activeMention, insertMention, mentionCandidates, moveHighlight } from './mention.js';

const users = [
  { username: 'ada.lovelace', handle: 'ada' },
  { username: 'grace.hopper', handle: null },
  { username: 'alan.turing', handle: 'enigma' },
  { username: 'linus', handle: 'torvalds' },
];

describe('mention picker', () => {
  describe('opening', () => {
    it('opens on @ at the start of the text', () => {
      expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
      expect(activeMention('@ad', 3)).toEqual({ start: 0, query: 'ad' });
    });
    it('opens on @ after a space or a newline', () => {
      expect(activeMention('hi @gr', 6)).toEqual({ start: 3, query: 'gr' });
      expect(activeMention('hi\n@', 4)).toEqual({ start: 3, query: '' });
    });
    it('does not open inside a word such as an email address', () => {
      expect(activeMention('mail ada@example', 16)).toBeNull();
    });
    it('hides after a space', () => {
      expect(activeMention('@ada ', 5)).toBeNull();
      expect(activeMention('hello @ada there', 16)).toBeNull();
    });
    it('follows the caret, not the end of the text', () => {
      expect(activeMention('@al and more', 3)).toEqual({ start: 0, query: 'al' });
    });
  });

  describe('listing', () => {
    it('lists users matching the query, prefix matches first', () => {
      expect(mentionCandidates(users, 'a').map((u) => u.username)).toEqual([
        'ada.lovelace',
        'alan.turing',
        'grace.hopper',
        'linus',
      ]);
      expect(mentionCandidates(users, 'tor').map((u) => u.username)).toEqual(['linus']);
      expect(mentionCandidates(users, 'zzz')).toEqual([]);
    });
  });

  describe('keys', () => {
    it('arrows move and wrap', () => {
      expect(moveHighlight(0, 3, 'ArrowDown')).toBe(1);
      expect(moveHighlight(2, 3, 'ArrowDown')).toBe(0);
      expect(moveHighlight(0, 3, 'ArrowUp')).toBe(2);
    });
  });

  describe('picking', () => {
    it('inserts the username plus a space in place of the typed query', () => {
      const text = 'hey @gr how are you';
      expect(insertMention(text, { start: 4, query: 'gr' }, 'grace.hopper')).toEqual({
        text: 'hey @grace.hopper  how are you',
        caret: 18,
      });
      expect(insertMention('@', { start: 0, query: '' }, 'linus')).toEqual({ text: '@linus ', caret: 7 });
    });
  });
});
