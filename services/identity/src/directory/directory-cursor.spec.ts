import { decodeCursor, encodeCursor } from './directory-cursor.js';

describe('directory cursor', () => {
  it('reads back what it wrote', () => {
    expect(decodeCursor(encodeCursor({ group: 1, after: 'ada.lovelace2' }))).toEqual({
      group: 1,
      after: 'ada.lovelace2',
    });
  });

  it.each([
    ['not base64 JSON', 'abc'],
    ['a JSON object', Buffer.from('{"a":1}').toString('base64url')],
    ['an unknown group', Buffer.from('[2,"ada"]').toString('base64url')],
    ['an empty username', Buffer.from('[0,""]').toString('base64url')],
    ['a username over 64 characters', Buffer.from(JSON.stringify([0, 'a'.repeat(65)])).toString('base64url')],
  ])('refuses %s', (_what, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});
