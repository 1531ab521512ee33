import { contentSecurityPolicy } from './security-headers.js';

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
