// Security headers for everything the gateway serves (helmet): a Content-Security-Policy the SPA runs under with no
// violation, no framing by other sites, nosniff, a strict referrer policy, and HSTS when the public address is https.
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { Env } from '@teamchat/config';

/** Stripe Elements' origins (stripe.com/docs/security/guide#content-security-policy), allowed only with Stripe. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

type SecuritySettings = Pick<
  Env,
  'PUBLIC_URL' | 'STRIPE_PUBLISHABLE_KEY' | 'STORAGE_DRIVER' | 'S3_ENDPOINT' | 'S3_PUBLIC_ENDPOINT'
>;

/** The CSP directives for this deployment: only the origins it actually uses. */
export const contentSecurityPolicy = (env: SecuritySettings): Record<string, string[]> => {
  const stripe = env.STRIPE_PUBLISHABLE_KEY ? STRIPE : { script: [], frame: [], connect: [], img: [] };
  // browsers PUT uploads to, and may read images from, the object store's public address
  const store =
    env.STORAGE_DRIVER === 's3'
      ? [env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT].filter(Boolean).map((u) => new URL(u!).origin)
      : [];
  const https = env.PUBLIC_URL?.startsWith('https:') ?? false;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...stripe.script],
    // React sets styles through the DOM (allowed); toasts and popovers add <style> elements at run time
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...store, ...stripe.img],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the live socket (ws: or wss: on this host) in current browsers
    'connect-src': ["'self'", ...store, ...stripe.connect],
    'frame-src': stripe.frame.length > 0 ? stripe.frame : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
};

export const securityHeaders = (env: SecuritySettings): RequestHandler => {
  const https = env.PUBLIC_URL?.startsWith('https:') ?? false;
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // images and uploads are served to this origin's pages only
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
};
