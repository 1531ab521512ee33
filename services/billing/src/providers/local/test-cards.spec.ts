import { CARD_DECLINED_MESSAGE, cardBrand, declineFor } from './test-cards.js';

describe('offline provider test cards', () => {
  it('accepts 4242424242424242 and other valid numbers', () => {
    expect(declineFor('4242424242424242')).toBeNull();
    expect(declineFor('5555555555554444')).toBeNull();
  });

  it('declines 4000000000000002 with "Your card was declined."', () => {
    expect(declineFor('4000000000000002')).toEqual({ code: 'generic_decline', message: CARD_DECLINED_MESSAGE });
    expect(CARD_DECLINED_MESSAGE).toBe('Your card was declined.');
  });

  it("answers Stripe's other decline cards with Stripe's messages", () => {
    expect(declineFor('4000000000009995')?.message).toBe('Your card has insufficient funds.');
    expect(declineFor('4000000000000069')?.message).toBe('Your card has expired.');
    expect(declineFor('4000000000000127')?.message).toBe("Your card's security code is incorrect.");
  });

  it('names the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });
});
