import { beforeEach, describe, expect, it } from '@jest/globals';
import { FORTUNES, dayKey, loadFortune, revealFortune } from './fortune.js';

describe('daily fortune', () => {
  beforeEach(() => localStorage.clear());

  it('has 20 messages', () => {
    expect(FORTUNES).toHaveLength(20);
    expect(new Set(FORTUNES).size).toBe(20);
  });

  it('is unclaimed before the first reveal', () => {
    expect(loadFortune(new Date(2025, 2, 1, 9))).toEqual({ message: null, claimed: false });
  });

  it('reveal picks one of the messages and keeps it claimed for the rest of the day', () => {
    const morning = new Date(2025, 2, 1, 9);
    const revealed = revealFortune(morning, () => 0.999);
    expect(revealed).toEqual({ message: FORTUNES[19], claimed: true });
    expect(loadFortune(new Date(2025, 2, 1, 23, 59, 59))).toEqual({ message: FORTUNES[19], claimed: true });
  });

  it('resets on the next day', () => {
    revealFortune(new Date(2025, 2, 1, 23, 59), () => 0);
    expect(loadFortune(new Date(2025, 2, 2, 0, 0, 1))).toEqual({ message: null, claimed: false });
  });

  it('keys days by the local calendar date', () => {
    expect(dayKey(new Date(2025, 0, 9, 23, 30))).toBe('2025-01-09');
  });
});
