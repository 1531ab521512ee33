import type { Request } from 'express';
import { requestOrigin } from '../auth/origin.middleware.js';

/** The SPA page a password reset link opens (`?token=` is appended by identity). */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Where reset links point. `PUBLIC_URL` when set, as every deployment manifest sets it: the Host header is the
 * client's to choose, and a link built from a forged one would carry the token to someone else's site. Without it
 * (a standalone run) the request's own origin, as the browser reached this gateway; a malformed Host is refused.
 */
export const resetPageUrl = (req: Request, publicUrl: string | undefined): string =>
  new URL(RESET_PASSWORD_PATH, requestOrigin(req, publicUrl)).toString();
