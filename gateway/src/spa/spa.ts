import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { syncSignedInMarker } from '../auth/signed-in-marker.js';

/** Paths the gateway itself answers: they never reach the SPA's file lookup nor its history fallback. */
export const SERVER_PATHS = /^\/(api|ws|metrics|attachments|uploads|objects)(\/|$)/;

/** Vite's content-hashed output: a changed file gets a new name, so a copy never needs checking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files, so the browser revalidates it on every load. */
export const REVALIDATE = 'no-cache';
/** Anything else copied from web/public (favicon and the like): unhashed, so cached briefly. */
const SHORT = 'public, max-age=3600';

/**
 * Serves the built SPA and falls back to index.html for client routes. Server paths (/api, /ws, /metrics, stored
 * objects) skip it before any disk lookup, so an API call costs no failed `stat`.
 */
export const mountSpa = (app: Express, webDist: string | undefined): void => {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return;
  const index = join(webDist, 'index.html');
  const assets = join(webDist, 'assets') + sep;
  const files = express.static(webDist, {
    index: false,
    cacheControl: false,
    setHeaders: (res, path) =>
      res.setHeader('Cache-Control', path.startsWith(assets) ? IMMUTABLE : path.endsWith('.html') ? REVALIDATE : SHORT),
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || SERVER_PATHS.test(req.path)) return next();
    files(req, res, (err?: unknown) => {
      if (err) return next(err);
      res.setHeader('Cache-Control', REVALIDATE);
      syncSignedInMarker(req, res);
      res.sendFile(index, (sendErr?: Error) => {
        if (sendErr && !res.headersSent) next(sendErr);
      });
    });
  });
};
