import type { IncomingMessage } from 'node:http';
import type { Env } from '@teamchat/config';
import { linkOrigin } from '../auth/origin.middleware.js';

/** The SPA page a password reset link opens (`?token=` is appended by identity). */
export const RESET_PASSWORD_PATH = '/reset-password';

/** Where reset links point: the site's configured origin (see linkOrigin), whatever Host the request names. */
export const resetPageUrl = (req: IncomingMessage, env: Pick<Env, 'PUBLIC_URL' | 'HOST'>): string =>
  new URL(RESET_PASSWORD_PATH, linkOrigin(req, env)).toString();
