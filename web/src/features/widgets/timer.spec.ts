import { describe, expect, it } from '@jest/globals';
import { formatHms } from './timer.js';

describe(formatHms.name, () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [61, '00:01:01'],
    [3600, '01:00:00'],
    [3 * 3600 + 25 * 60 + 7, '03:25:07'],
    [100 * 3600, '100:00:00'],
  ])('shows %i seconds as %s', (seconds, shown) => {
    expect(formatHms(seconds)).toBe(shown);
  });
});
