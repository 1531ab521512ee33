import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { siteOrigin, type Env } from '@teamchat/config';
import { ErrorCodes } from '@teamchat/contracts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/**
 * A Host (or X-Forwarded-Host) value that is a host and nothing more: a name or IPv4 address, or an [IPv6] address,
 * with an optional port. Anything else (`x/y`, `a@b`, spaces) would otherwise be read by URL as some other host.
 */
const HOST = /^(?:[\w.-]+|\[[\d:a-f.]+\])(?::\d+)?$/i;
const isHost = (value: unknown): value is string => typeof value === 'string' && HOST.test(value);

/**
 * The origins a browser page of this product can have: `PUBLIC_URL`'s, and the request's own host (over http or
 * https, so a TLS-terminating proxy changes nothing). `onlyPublic`: `PUBLIC_URL`'s alone when it is set.
 */
export const allowedOrigins = (req: IncomingMessage, publicUrl?: string, onlyPublic = false): Set<string> => {
  const allowed = new Set<string>();
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  if (onlyPublic && publicUrl) return allowed;
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  if (isHost(host)) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return allowed;
};

/**
 * The origin the absolute URLs this gateway hands out are built on (reset links, upload URLs, the image addresses it
 * recognises): the configured `siteOrigin`, on the port this request arrived at (the one listened on, which a test's
 * port 0 makes real). Never the request's Host or X-Forwarded-Host, which the client chooses.
 */
export const linkOrigin = (req: IncomingMessage, env: Pick<Env, 'PUBLIC_URL' | 'HOST'>): string =>
  siteOrigin(env, req.socket.localPort ?? 0);

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
