import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** Serves the built SPA and falls back to index.html for client routes (not /api, /ws, /metrics, uploads). */
export const mountSpa = (app: Express, webDist: string | undefined): void => {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return;
  app.use(express.static(webDist, { index: false, maxAge: '1h', setHeaders: (res, path) => path.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache') }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (/^\/(api|ws|metrics|attachments|uploads|objects)(\/|$)/.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(webDist, 'index.html'));
  });
};
