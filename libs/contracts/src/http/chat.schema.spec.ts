import { KNOWN_TIME_ZONES_MAX, SEARCH_TZ_INVALID, SearchQuerySchema } from './chat.schema.js';

const zoneError = (tz: string) => {
  const parsed = SearchQuerySchema.safeParse({ q: 'deploy', tz });
  return parsed.success ? null : parsed.error.issues.map((i) => i.message).join('; ');
};

/** Spellings of `zone` that differ only in case, `count` of them. */
const caseSpellings = (zone: string, count: number) =>
  Array.from({ length: count }, (_, n) =>
    [...zone].map((c, i) => (i < 20 && (n >> i) & 1 ? c.toUpperCase() : c.toLowerCase())).join(''),
  );

/** Counts the formatters built while it is on (a zone is tried by building one). */
const countFormatters = () => {
  const original = Intl.DateTimeFormat;
  let built = 0;
  Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof original>) {
    built++;
    return new original(...args);
  } as unknown as typeof original;
  return {
    built: () => built,
    restore: () => {
      Intl.DateTimeFormat = original;
    },
  };
};

describe('search query time zones', () => {
  let counting: ReturnType<typeof countFormatters> | null = null;
  afterEach(() => counting?.restore());

  it('accepts the zones Intl knows, in any case, and refuses the rest with "Unknown time zone"', () => {
    expect(zoneError('Pacific/Chatham')).toBeNull();
    expect(zoneError('asia/TOKYO')).toBeNull();
    expect(zoneError('Mars/Olympus_Mons')).toBe(SEARCH_TZ_INVALID);
    expect(zoneError('')).toBe(SEARCH_TZ_INVALID);
  });

  it('tries a valid zone with Intl once, and an unknown one every time it comes', () => {
    counting = countFormatters();
    for (let i = 0; i < 3; i++) expect(zoneError('America/Argentina/Ushuaia')).toBeNull();
    expect(counting.built()).toBe(1);
    for (let i = 0; i < 2; i++) expect(zoneError('Mars/Olympus_Mons')).toBe(SEARCH_TZ_INVALID);
    expect(counting.built()).toBe(3);
  });

  it('keeps at most KNOWN_TIME_ZONES_MAX zones, whatever spellings a client sends', () => {
    const spellings = caseSpellings('Antarctica/Troll', KNOWN_TIME_ZONES_MAX + 1);
    expect(new Set(spellings).size).toBe(KNOWN_TIME_ZONES_MAX + 1);
    for (const tz of spellings) expect(zoneError(tz)).toBeNull();
    // the last one filled it past the bound: it was emptied, so the first is tried again
    counting = countFormatters();
    expect(zoneError(spellings[0]!)).toBeNull();
    expect(counting.built()).toBe(1);
    expect(zoneError(spellings.at(-1)!)).toBeNull();
    expect(counting.built()).toBe(1);
  });
});
