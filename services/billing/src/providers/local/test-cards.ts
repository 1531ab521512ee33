// How the offline provider answers a card number: Stripe's documented test cards, so both providers behave alike.

export interface CardDecline {
  code: string;
  message: string;
}

export const CARD_DECLINED_MESSAGE = 'Your card was declined.';

/** Numbers Stripe's test mode declines, with the message Stripe gives for each. */
const DECLINES: Record<string, CardDecline> = {
  '4000000000000002': { code: 'generic_decline', message: CARD_DECLINED_MESSAGE },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: CARD_DECLINED_MESSAGE },
  '4000000000009979': { code: 'stolen_card', message: CARD_DECLINED_MESSAGE },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/** The decline for a (well-formed, Luhn-valid) card number, or null when the card is accepted. */
export const declineFor = (digits: string): CardDecline | null => DECLINES[digits] ?? null;

export const cardBrand = (digits: string): string => {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
};
