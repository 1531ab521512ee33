import type { NextFunction, Request, Response } from 'express';

/**
 * What /api answers is one person's data, current at the moment it is asked: browsers and proxies keep none of it
 * (`Cache-Control: no-store`, as for any authenticated JSON), so it needs no ETag either — Express otherwise hashes
 * every body it sends (SHA-1) and checks the request's If-None-Match against it. The SPA's files (hashed and
 * immutable, or `index.html` revalidated) and stored objects keep their own caching and validators.
 */
export const uncachedApiResponses = (_req: Request, res: Response, next: NextFunction): void => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
