import { BadRequestException } from '@nestjs/common';
import type { Request } from 'express';
import { resetPageUrl } from './reset-link.js';

const req = (host: string, protocol = 'http') => ({ host, protocol }) as unknown as Request;

describe('where password reset links point', () => {
  it('uses PUBLIC_URL when it is set, whatever Host the request claims', () => {
    expect(resetPageUrl(req('evil.example'), 'https://chat.example.com')).toBe(
      'https://chat.example.com/reset-password',
    );
    expect(resetPageUrl(req('evil.example'), 'https://chat.example.com/')).toBe(
      'https://chat.example.com/reset-password',
    );
  });

  it("uses the request's own origin in a run without PUBLIC_URL", () => {
    expect(resetPageUrl(req('localhost:3000'), undefined)).toBe('http://localhost:3000/reset-password');
    expect(resetPageUrl(req('chat.internal', 'https'), undefined)).toBe('https://chat.internal/reset-password');
  });

  it.each(['x/y', 'a@evil.example', 'exa mple', 'a:99999', '[::', ''])(
    'refuses Host %j without PUBLIC_URL rather than point a link at it',
    (host) => {
      expect(() => resetPageUrl(req(host), undefined)).toThrow(BadRequestException);
    },
  );
});
