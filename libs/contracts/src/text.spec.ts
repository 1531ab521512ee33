import { CONTROL_CHARACTERS_MESSAGE, controlCharacterIssue, hasControlCharacters } from './text.js';

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
