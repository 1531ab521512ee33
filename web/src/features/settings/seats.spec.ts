import { describe, expect, it } from '@jest/globals';
import { availableSeats, canGenerateInvite, parseSeatsToAdd, priceLabel } from './seats.js';

describe('seats', () => {
  it('available = seats minus users minus pending invites', () => {
    expect(availableSeats(10, 4, 3)).toBe(3);
    expect(availableSeats(5, 4, 1)).toBe(0);
    expect(availableSeats(5, 5, 2)).toBe(-2);
  });
  it('refuses to generate an invite at 0 or below', () => {
    expect(canGenerateInvite(1)).toBe(true);
    expect(canGenerateInvite(0)).toBe(false);
    expect(canGenerateInvite(-1)).toBe(false);
  });
  it('prices 5 dollars a seat under 50 and a flat 250 from 50', () => {
    expect(priceLabel(1)).toBe('$5/month ($5 per seat)');
    expect(priceLabel(49)).toBe('$245/month ($5 per seat)');
    expect(priceLabel(50)).toBe('$250/month flat rate');
    expect(priceLabel(51)).toBe('$250/month flat rate');
  });
  it('accepts 1 to 50 whole seats to add', () => {
    expect(parseSeatsToAdd('1')).toBe(1);
    expect(parseSeatsToAdd('50')).toBe(50);
    expect(parseSeatsToAdd('0')).toBeNull();
    expect(parseSeatsToAdd('51')).toBeNull();
    expect(parseSeatsToAdd('2.5')).toBeNull();
    expect(parseSeatsToAdd('')).toBeNull();
  });
});
