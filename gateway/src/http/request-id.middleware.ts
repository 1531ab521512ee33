import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { ErrorCodes } from '@teamchat/contracts';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN } from '@teamchat/bus';
import { inRequestSpan, REQUEST_ID_HEADER, requestContext } from '@teamchat/observability';

/**
 * Every request runs inside its request id (taken from the proxy or made here) and its trace span (made here when no
 * HTTP instrumentation does: see inRequestSpan); bus calls and logs carry both. A POST (the only method that is not
 * idempotent by itself) may carry an `Idempotency-Key`: its bus calls carry it too, and the services answer a repeat
 * with the first answer (see libs/bus/src/idempotency.ts). A malformed key is refused before anything runs.
 */
export const requestIdMiddleware = (req: Request, res: Response, next: NextFunction): void => {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const requestId = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  (req as Request & { id: string }).id = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
  if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))) {
    res.status(400).json({
      error: IDEMPOTENCY_KEY_MESSAGE,
      code: ErrorCodes.validation,
      issues: [{ path: 'Idempotency-Key', message: IDEMPOTENCY_KEY_MESSAGE }],
    });
    return;
  }
  requestContext.run({ requestId, ...(key ? { idempotencyKey: key } : {}) }, () => inRequestSpan(req, res, next));
};
