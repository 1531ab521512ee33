import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { inRequestSpan, REQUEST_ID_HEADER, requestContext } from '@teamchat/observability';

/**
 * Every request runs inside its request id (taken from the proxy or made here) and its trace span (made here when no
 * HTTP instrumentation does: see inRequestSpan); bus calls and logs carry both.
 */
export const requestIdMiddleware = (req: Request, res: Response, next: NextFunction): void => {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const requestId = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  (req as Request & { id: string }).id = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  requestContext.run({ requestId }, () => inRequestSpan(req, res, next));
};
