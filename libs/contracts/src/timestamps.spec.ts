import { isStorableTime, storableTimestamp } from './timestamps.js';

describe(isStorableTime.name, () => {
  it('holds instants from 4714-11-24 BC at midnight UTC to the last JavaScript date', () => {
    expect(isStorableTime(new Date('-004713-11-24T00:00:00Z'))).toBe(true);
    expect(isStorableTime(new Date('+275760-09-13T00:00:00Z'))).toBe(true);
    expect(isStorableTime(new Date('2024-01-01'))).toBe(true);
  });

  it.each(['-004713-11-23T23:59:59.999Z', '-004714-11-23T00:00:00Z', '-271821-04-20T00:00:00Z', 'not a date'])(
    'refuses %s',
    (text) => {
      expect(isStorableTime(new Date(text))).toBe(false);
    },
  );
});

describe(storableTimestamp.name, () => {
  const schema = storableTimestamp('before must be an ISO timestamp');

  it.each([
    '2024-01-01T00:00:00Z',
    '2024-01-01T00:00:00.123456789Z',
    '0001-01-01T00:00:00Z',
    '0001-01-01T00:00:00+15:59',
    '9999-12-31T23:59:59.999-15:59',
  ])('takes %s, which Postgres reads', (iso) => {
    expect(schema.parse(iso)).toBe(iso);
  });

  it.each([
    ['the year 0000', '0000-01-01T00:00:00Z'],
    ['the year 0000 behind UTC', '0000-12-31T23:00:00-02:00'],
    ['an offset past +15:59', '2024-01-01T00:00:00+16:00'],
    ['an offset of +23:59', '2024-01-01T00:00:00+23:59'],
    ['an offset past -15:59', '2024-01-01T00:00:00-23:00'],
    ['no offset', '2024-01-01T00:00:00'],
    ['no timestamp', 'yesterday'],
  ])('refuses %s with its message', (_label, iso) => {
    expect(schema.safeParse(iso).error?.issues.map((i) => i.message)).toEqual(['before must be an ISO timestamp']);
  });
});
