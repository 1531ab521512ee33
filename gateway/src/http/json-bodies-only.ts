import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ErrorCodes } from '@teamchat/contracts';

export const BODY_LIMIT = '1mb';

/**
 * JSON bodies up to {@link BODY_LIMIT}, parsed into `req.body`; the bytes stay in `req.rawBody` as Nest's `rawBody`
 * option keeps them (Stripe's webhook verifies its signature over them).
 */
export const parseJsonBodies = express.json({
  limit: BODY_LIMIT,
  verify: (req: IncomingMessage & { rawBody?: Buffer }, _res, buffer) => {
    req.rawBody = buffer;
  },
});

export const JSON_ONLY_MESSAGE = 'Request bodies must be JSON (Content-Type: application/json)';

/** Whether a request carries a body (a length above zero, or chunks). */
export const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Routes under /api that take a body as it comes: Stripe's webhook verifies its signature over the raw bytes. */
const RAW_BODY_ROUTES = new Set(['/stripe/webhook']);

/** Under /api a request body is JSON or nothing (415): uploads go to /objects and /attachments, not here. */
export const jsonBodiesOnly = (req: Request, res: Response, next: NextFunction): void => {
  if (!hasBody(req) || req.is('application/json') || RAW_BODY_ROUTES.has(req.path)) return next();
  res.status(415).json({ error: JSON_ONLY_MESSAGE, code: ErrorCodes.unsupportedMediaType });
};
