import {
  CARD_NUMBER_INVALID_MESSAGE,
  CardNumberSchema,
  CreateSignupSubscriptionSchema,
  monthlyPrice,
  passesLuhn,
  PurchaseSeatsSchema,
  SEATS_TO_ADD_MESSAGE,
  seatsAddedMessage,
  seatsForCompanySize,
} from '@teamchat/contracts';

describe('seats and price (spec 1 §9, spec 2 §9)', () => {
  it('charges 5 dollars a seat a month under 50 seats', () => {
    expect(monthlyPrice(1)).toBe(5);
    expect(monthlyPrice(10)).toBe(50);
    expect(monthlyPrice(49)).toBe(245);
  });

  it('charges a flat 250 from 50 seats on', () => {
    expect(monthlyPrice(50)).toBe(250);
    expect(monthlyPrice(51)).toBe(250);
    expect(monthlyPrice(1000)).toBe(250);
  });

  it('requests 5, 10 or 30 seats by company size', () => {
    expect(['2-5', '6-15', '16-50', '51-200', '201-500', '1000+'].map((s) => seatsForCompanySize(s as never))).toEqual([
      5, 10, 30, 30, 30, 30,
    ]);
  });

  it('takes 1 to 1000 signup seats', () => {
    expect(CreateSignupSubscriptionSchema.safeParse({ seats: 1 }).success).toBe(true);
    expect(CreateSignupSubscriptionSchema.safeParse({ seats: 1000 }).success).toBe(true);
    expect(CreateSignupSubscriptionSchema.safeParse({ seats: 1001 }).success).toBe(false);
  });

  it('adds 1 to 50 seats per purchase, whole numbers only', () => {
    for (const ok of [1, 50]) expect(PurchaseSeatsSchema.safeParse({ additionalSeats: ok }).success).toBe(true);
    for (const bad of [0, 51, 2.5, '3', null]) {
      const result = PurchaseSeatsSchema.safeParse({ additionalSeats: bad });
      expect(result.error?.issues[0].message).toBe(SEATS_TO_ADD_MESSAGE);
    }
    expect(seatsAddedMessage(5)).toBe('Added 5 seats');
  });
});

describe('card number of the offline form', () => {
  it('accepts Luhn-valid numbers, ignoring spaces and dashes', () => {
    expect(CardNumberSchema.parse('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(CardNumberSchema.parse('4000-0000-0000-0002')).toBe('4000000000000002');
    expect(passesLuhn('378282246310005')).toBe(true);
  });

  it(`refuses a malformed number with "${CARD_NUMBER_INVALID_MESSAGE}"`, () => {
    for (const bad of ['4242424242424241', '1234', 'abcd efgh ijkl', '42424242424242424242', '', 42]) {
      expect(CardNumberSchema.safeParse(bad).error?.issues[0].message).toBe(CARD_NUMBER_INVALID_MESSAGE);
    }
  });
});
