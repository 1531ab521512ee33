import type { Request, Response } from 'express';
import { SESSION_COOKIE } from './session.js';
import { clearSignedInMarker } from './signed-in-marker.js';

/** Signs the user in on a fresh session id (no fixation: the pre-login id is discarded). */
export const establishSession = (req: Request, userId: string): Promise<void> =>
  new Promise((resolve, reject) => {
    req.session.regenerate((regenerateError) => {
      if (regenerateError) return reject(regenerateError as Error);
      req.session.userId = userId;
      req.session.save((saveError) => (saveError ? reject(saveError as Error) : resolve()));
    });
  });

/** Deletes the session server-side and clears the cookie. */
export const endSession = (req: Request, res: Response): Promise<void> =>
  new Promise((resolve) => {
    const clear = () => {
      res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
      clearSignedInMarker(res);
      resolve();
    };
    if (!req.session) return clear();
    req.session.destroy(() => clear());
  });
