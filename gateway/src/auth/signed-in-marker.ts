import { parse as parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import { SIGNED_IN_COOKIE } from '@teamchat/contracts';
import { SESSION_COOKIE } from './session.js';

/**
 * A cookie the page can read that says "this browser holds a session cookie" (the session cookie itself is httpOnly).
 * The web app asks `GET /api/auth/user` only when it is there, so a signed-out visit makes no request that answers 401
 * (which the browser reports as a console error). It proves nothing: every API call still checks the session.
 * The page load sets it (or clears it) after whether the browser sent a session cookie; the web app sets it itself
 * when it signs in without a page load, and logging out clears it with the session cookie.
 */
const MARKER_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;

export const setSignedInMarker = (req: Request, res: Response): void => {
  res.cookie(SIGNED_IN_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    secure: req.secure,
    httpOnly: false,
    maxAge: MARKER_MAX_AGE_MS,
  });
};

export const clearSignedInMarker = (res: Response): void => {
  res.clearCookie(SIGNED_IN_COOKIE, { path: '/', sameSite: 'lax' });
};

/** On a page load: the marker follows whether the browser sent a session cookie (sessions from before it existed too). */
export const syncSignedInMarker = (req: Request, res: Response): void => {
  const cookies = req.headers.cookie ? parseCookie(req.headers.cookie) : {};
  const session = SESSION_COOKIE in cookies;
  const marked = SIGNED_IN_COOKIE in cookies;
  if (session && !marked) setSignedInMarker(req, res);
  else if (!session && marked) clearSignedInMarker(res);
};
