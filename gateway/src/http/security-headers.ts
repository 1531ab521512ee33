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

/** helmet, configured for this deployment. */
export const helmetFor = (env: SecuritySettings): RequestHandler => {
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

/** The headers helmet sets and removes for this deployment, worked out once: none of them depends on the request. */
export const securityHeaderSet = (env: SecuritySettings): { set: [string, string][]; removed: string[] } => {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.set(name, String(value)),
    removeHeader: (name: string) => {
      set.delete(name);
      removed.push(name);
    },
  };
  let answered = false;
  helmetFor(env)({} as never, recorder as never, () => (answered = true));
  if (!answered) throw new Error('helmet did not answer synchronously: its headers cannot be worked out once');
  return { set: [...set], removed };
};

/**
 * helmet's headers on every response. helmet builds them afresh for each request (thirteen middlewares, the CSP
 * string joined from its directives each time), which cost a gateway about 5 % of its CPU on a cached GET; they are
 * the same for every request of a deployment, so they are worked out once and set as they are.
 */
export const securityHeaders = (env: SecuritySettings): RequestHandler => {
  const { set, removed } = securityHeaderSet(env);
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
};
