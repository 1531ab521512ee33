import type { NextFunction, Request, Response } from 'express';
import { ErrorCodes } from '@teamchat/contracts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests whose Origin names another site (CSRF defence on top of SameSite=Lax).
 * Requests without an Origin header (API clients, webhooks, same-origin navigations) pass.
 */
export const originCheck =
  (publicUrl?: string) =>
  (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (SAFE.has(req.method) || !origin) return next();
    const allowed = new Set<string>();
    if (publicUrl) allowed.add(new URL(publicUrl).origin);
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    if (host) {
      allowed.add(`${req.protocol}://${String(host)}`);
      allowed.add(`http://${String(host)}`);
      allowed.add(`https://${String(host)}`);
    }
    if (allowed.has(origin)) return next();
    res.status(403).json({ error: 'Cross-site request refused', code: ErrorCodes.badOrigin });
  };
