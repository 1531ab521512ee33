import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { contentSecurityPolicy, helmetFor, securityHeaders } from './security-headers.js';

describe(contentSecurityPolicy.name, () => {
  const base = { STORAGE_DRIVER: 'local' as const };

  it('allows Stripe Elements only when Stripe is set up', () => {
    expect(contentSecurityPolicy(base)['frame-src']).toEqual(["'none'"]);
    const stripe = contentSecurityPolicy({ ...base, STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    expect(stripe['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(stripe['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe['connect-src']).toContain('https://api.stripe.com');
  });

  it('lets browsers reach the object store’s public address with S3 storage', () => {
    const s3 = contentSecurityPolicy({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'https://files.example.com/',
    });
    expect(s3['connect-src']).toEqual(["'self'", 'https://files.example.com']);
    expect(s3['img-src']).toContain('https://files.example.com');
    expect(contentSecurityPolicy(base)['connect-src']).toEqual(["'self'"]);
  });
});

describe(securityHeaders.name, () => {
  const settings = [
    { STORAGE_DRIVER: 'local' as const },
    {
      STORAGE_DRIVER: 's3' as const,
      S3_ENDPOINT: 'http://minio:9000',
      PUBLIC_URL: 'https://chat.example.com',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    },
  ];

  /** The response headers a middleware gives a plain request, without Node's own (date, connection …). */
  const headersFrom = async (middleware: express.RequestHandler) => {
    const app = express();
    app.disable('x-powered-by');
    app.use(middleware);
    app.get('/api/things', (_req, res) => res.json([]));
    const server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/things`);
      const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'etag']);
      return Object.fromEntries([...res.headers].filter(([name]) => !own.has(name)));
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  };

  it.each(settings)('sets exactly what helmet sets, worked out once (%o)', async (env) => {
    const once = await headersFrom(securityHeaders(env));
    expect(once).toEqual(await headersFrom(helmetFor(env)));
    expect(once['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(once['x-content-type-options']).toBe('nosniff');
    expect(once['x-frame-options']).toBe('DENY');
    expect(once['strict-transport-security'] !== undefined).toBe(env.PUBLIC_URL?.startsWith('https:') ?? false);
  });
});
