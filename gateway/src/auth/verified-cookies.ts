// express-session checks the signature of the session cookie on every request: cookie-signature 1.0 (the version it
// pins) computes an HMAC-SHA256 of the value and compares two SHA-1 digests of it, three hashes for the same few
// dozen bytes each time a browser sends the same cookie. This remembers the cookies that verified, per secret.
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';

type Unsign = (value: string, secret: string) => string | false;

interface Signature {
  unsign: Unsign;
  [REMEMBERING]?: true;
}

const REMEMBERING = Symbol.for('teamchat.verifiedCookies');

/** The cookie-signature module express-session itself loads (its own pinned copy, not the application's). */
export const sessionCookieSignature = (): Signature => {
  const require = createRequire(import.meta.url);
  return createRequire(require.resolve('express-session'))('cookie-signature') as Signature;
};

/**
 * Makes express-session's signature check remember the signed values that verified (at most `max` per secret, least
 * recently used dropped first), so a session's cookie is hashed once per process rather than on every request. Only
 * a value that verified is remembered, keyed by the whole signed string: a forged or altered signature never matches
 * an entry and is checked in full every time, and a value signed with another secret is not taken for this one's.
 * Applying it again changes nothing.
 */
export const rememberVerifiedCookies = (max = 20_000): void => {
  const signature = sessionCookieSignature();
  // a cookie-signature of another shape is left as it is
  if (signature[REMEMBERING] || typeof signature.unsign !== 'function') return;
  const verify = signature.unsign.bind(signature);
  const bySecret = new Map<string, LRUCache<string, string>>();
  signature.unsign = (value, secret) => {
    let verified = bySecret.get(secret);
    const known = verified?.get(value);
    if (known !== undefined) return known;
    const result = verify(value, secret);
    if (result === false) return false;
    if (!verified) bySecret.set(secret, (verified = new LRUCache<string, string>({ max })));
    verified.set(value, result);
    return result;
  };
  signature[REMEMBERING] = true;
};
