import type { IncomingMessage } from 'node:http';
import { resetPageUrl } from './reset-link.js';

/** A request that arrived on `port`, naming `host` (and a proxy's `x-forwarded-host`) as the client pleases. */
const req = (host: string, port = 3000) =>
  ({ headers: { host, 'x-forwarded-host': host }, socket: { localPort: port } }) as unknown as IncomingMessage;

describe('where password reset links point', () => {
  it('uses PUBLIC_URL when it is set, whatever Host the request claims', () => {
    for (const PUBLIC_URL of ['https://chat.example.com', 'https://chat.example.com/'])
      expect(resetPageUrl(req('evil.example'), { PUBLIC_URL, HOST: '0.0.0.0' })).toBe(
        'https://chat.example.com/reset-password',
      );
  });

  it('uses where the gateway listens without PUBLIC_URL, never the Host the request claims', () => {
    expect(resetPageUrl(req('evil.example', 3000), { HOST: '0.0.0.0' })).toBe('http://localhost:3000/reset-password');
    expect(resetPageUrl(req('evil.example', 8080), { HOST: '127.0.0.1' })).toBe('http://localhost:8080/reset-password');
    expect(resetPageUrl(req('evil.example', 3000), { HOST: 'chat.internal' })).toBe(
      'http://chat.internal:3000/reset-password',
    );
    expect(resetPageUrl(req('x/y', 3000), { HOST: 'fd00::5' })).toBe('http://[fd00::5]:3000/reset-password');
  });
});
