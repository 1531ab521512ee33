import { CONTROL_CHARACTERS_MESSAGE, controlCharacterIssue, hasControlCharacters, wellFormedText } from './text.js';

describe('control characters in client text', () => {
  it('refuses NUL and the other C0 controls, but not tab, line feed or carriage return', () => {
    for (let code = 0; code < 0x20; code++) {
      const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
      expect([code, hasControlCharacters(`a${String.fromCharCode(code)}b`)]).toEqual([code, !allowed]);
    }
    expect(hasControlCharacters('plain text, émoji 🎉, DEL \u007f')).toBe(false);
  });

  it('names the path of the first offending string anywhere in a value', () => {
    expect(controlCharacterIssue({ name: 'ok', settings: { items: ['fine', 'bad\u0000'] } })).toEqual({
      path: 'settings.items.1',
      message: CONTROL_CHARACTERS_MESSAGE,
    });
    expect(controlCharacterIssue('\u0001')).toEqual({ path: '', message: CONTROL_CHARACTERS_MESSAGE });
    expect(controlCharacterIssue({ n: 1, b: true, z: null, s: 'line\n\ttab\r\n' })).toBeNull();
  });

  it('walks deeply nested input without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharacterIssue(deep)?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });
});

describe('lone surrogates in client text', () => {
  it('makes each lone surrogate U+FFFD anywhere in a value and leaves pairs and other values alone', () => {
    const input = { name: 'a\ud800b', tags: ['\udfff', 'party 🎉'], nested: { deep: ['x\ud83c'] }, n: 1, z: null };
    expect(wellFormedText(input)).toEqual({
      name: 'a\uFFFDb',
      tags: ['\uFFFD', 'party 🎉'],
      nested: { deep: ['x\uFFFD'] },
      n: 1,
      z: null,
    });
    expect(wellFormedText('\ud800\ud800')).toBe('\uFFFD\uFFFD');
    expect(wellFormedText('plain é 🎉')).toBe('plain é 🎉');
    expect(wellFormedText(undefined)).toBeUndefined();
  });

  it('walks deeply nested input without exhausting the stack', () => {
    const root: unknown[] = [];
    let at = root;
    for (let i = 0; i < 100_000; i++) {
      const next: unknown[] = [];
      at.push(next);
      at = next;
    }
    at.push('\ud800');
    wellFormedText(root);
    expect(at).toEqual(['\uFFFD']);
  });
});
