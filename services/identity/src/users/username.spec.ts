import { nextFreeUsername, usernameBase, usernameFamilyPattern } from './username.js';

describe('username derivation', () => {
  describe(usernameBase.name, () => {
    it('joins first and last name with a dot, lower-cased', () => {
      expect(usernameBase('Ada', 'Lovelace', 'ada@example.com')).toBe('ada.lovelace');
    });

    it('drops accents, spaces and punctuation', () => {
      expect(usernameBase('  José María ', "O'Brien-Núñez", 'x@example.com')).toBe('josemaria.obriennunez');
    });

    it('uses the one name part there is', () => {
      expect(usernameBase('Plato', '', 'p@example.com')).toBe('plato');
    });

    it('falls back to the email local part when the name has no usable letters', () => {
      expect(usernameBase('李', '雷', 'li.lei+chat@example.com')).toBe('lileichat');
    });

    it('falls back to "user" when nothing is usable', () => {
      expect(usernameBase('—', '…', '@example.com')).toBe('user');
    });

    it('keeps room for a numeric suffix within 40 characters', () => {
      const base = usernameBase('a'.repeat(60), 'b'.repeat(60), 'x@example.com');
      expect(base.length).toBeLessThanOrEqual(34);
      expect(base.endsWith('.')).toBe(false);
    });
  });

  describe(nextFreeUsername.name, () => {
    it('takes the base when it is free', () => {
      expect(nextFreeUsername('ada.lovelace', ['grace.hopper'])).toBe('ada.lovelace');
    });

    it('appends 2 for the second person with the same name', () => {
      expect(nextFreeUsername('ada.lovelace', ['ada.lovelace'])).toBe('ada.lovelace2');
    });

    it('fills the smallest free number', () => {
      expect(nextFreeUsername('ada.lovelace', ['ada.lovelace', 'ada.lovelace2', 'ada.lovelace4'])).toBe(
        'ada.lovelace3',
      );
    });
  });

  describe(usernameFamilyPattern.name, () => {
    it('matches the base and its numbered variants only', () => {
      const re = new RegExp(usernameFamilyPattern('ada.lovelace'));
      expect(re.test('ada.lovelace')).toBe(true);
      expect(re.test('ada.lovelace12')).toBe(true);
      expect(re.test('adaxlovelace')).toBe(false);
      expect(re.test('ada.lovelace.x')).toBe(false);
    });
  });
});
