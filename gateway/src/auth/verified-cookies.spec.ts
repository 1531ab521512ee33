import { createHmac } from 'node:crypto';
import { rememberVerifiedCookies, sessionCookieSignature } from './verified-cookies.js';

const sign = (value: string, secret: string) =>
  `${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;

describe(rememberVerifiedCookies.name, () => {
  const signature = sessionCookieSignature();
  const original = signature.unsign;
  afterAll(() => {
    // the module is Node's own, shared with the other tests of this worker: leave it as it was found
    signature.unsign = original;
    delete (signature as unknown as Record<symbol, unknown>)[Symbol.for('teamchat.verifiedCookies')];
  });

  it("answers express-session's signature check as before, from memory once a cookie has verified", () => {
    const checked: string[] = [];
    // count the full checks made underneath
    signature.unsign = (value, secret) => {
      checked.push(value);
      return original(value, secret);
    };
    rememberVerifiedCookies();
    const cookie = sign('session-id-1', 'secret-a');
    expect(signature.unsign(cookie, 'secret-a')).toBe('session-id-1');
    expect(signature.unsign(cookie, 'secret-a')).toBe('session-id-1');
    expect(checked).toEqual([cookie]);

    // a forged or altered signature is never remembered: checked in full, refused every time
    const forged = `${cookie.slice(0, -2)}xx`;
    expect(signature.unsign(forged, 'secret-a')).toBe(false);
    expect(signature.unsign(forged, 'secret-a')).toBe(false);
    expect(signature.unsign('session-id-1.', 'secret-a')).toBe(false);
    // a cookie that verified under one secret is not taken for another
    expect(signature.unsign(cookie, 'secret-b')).toBe(false);
    expect(checked).toEqual([cookie, forged, forged, 'session-id-1.', cookie]);

    // applying it again does not stack another layer
    const applied = signature.unsign;
    rememberVerifiedCookies();
    expect(signature.unsign).toBe(applied);
  });
});
