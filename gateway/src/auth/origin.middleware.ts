import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { ErrorCodes } from '@teamchat/contracts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/**
 * The origins a browser page of this product can have: `PUBLIC_URL`'s, and the request's own host (over http or
 * https, so a TLS-terminating proxy changes nothing). `onlyPublic`: `PUBLIC_URL`'s alone when it is set.
 */
export const allowedOrigins = (req: IncomingMessage, publicUrl?: string, onlyPublic = false): Set<string> => {
  const allowed = new Set<string>();
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  if (onlyPublic && publicUrl) return allowed;
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  if (host) {
    allowed.add(`http://${String(host)}`);
    allowed.add(`https://${String(host)}`);
  }
  return allowed;
};

/**
 * Whether a request came from another site: the browser says so (`Sec-Fetch-Site: cross-site`), or its Origin or
 * Referer names a foreign origin. A request that carries none of these (a typed URL, an API client) is not.
 */
export const isCrossSite = (req: IncomingMessage, publicUrl?: string): boolean => {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const allowed = allowedOrigins(req, publicUrl);
  const origin = req.headers.origin;
  if (origin) return !allowed.has(origin); // an opaque origin ('null') is never allowed
  const referer = req.headers.referer;
  if (!referer) return false;
  try {
    return !allowed.has(new URL(referer).origin);
  } catch {
    return true;
  }
};

/**
 * Refuses state-changing requests whose Origin names another site (CSRF defence on top of SameSite=Lax).
 * Requests without an Origin header (API clients, webhooks, same-origin navigations) pass.
 */
export const originCheck =
  (publicUrl?: string) =>
  (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (SAFE.has(req.method) || !origin) return next();
    if (allowedOrigins(req, publicUrl).has(origin)) return next();
    res.status(403).json({ error: CROSS_SITE_MESSAGE, code: ErrorCodes.badOrigin });
  };
