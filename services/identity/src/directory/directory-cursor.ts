// The directory's cursor: which group the last member shown was in (a channel's members, then everyone else) and
// their username, the order's unique key. Opaque to callers (base64url JSON); anything else is refused.

export interface DirectoryCursor {
  /** 0: the channel's members (or everyone without a channel); 1: the other members. */
  group: 0 | 1;
  /** The last username shown: the next page starts after it. */
  after: string;
}

export const encodeCursor = (cursor: DirectoryCursor): string =>
  Buffer.from(JSON.stringify([cursor.group, cursor.after])).toString('base64url');

/** The cursor, or null when it is not one this service wrote. */
export const decodeCursor = (text: string): DirectoryCursor | null => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [group, after] = parsed as unknown[];
  if ((group !== 0 && group !== 1) || typeof after !== 'string' || after.length === 0 || after.length > 64) return null;
  return { group, after };
};
