import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { logContextFields } from '@teamchat/observability';

/** Probes and scrapes, every few seconds on every pod: not logged. */
const UNLOGGED = new Set(['/api/health', '/api/health/ready', '/health', '/health/ready', '/metrics']);

/**
 * One access line per request when its response ends (or its connection closes first): the request's id, method and
 * path, the status, the time taken, and the request id and trace ids of the work it ran in — what pino-http logged,
 * without its two child loggers per request, which cost a sixth of a gateway's CPU on a cached GET. Lines logged while
 * the request runs get its request id and trace ids from the logger's mixin (logContextFields), so nothing needs a
 * logger of its own per request. Mounted after requestIdMiddleware, whose context it reads.
 */
export const accessLog =
  (logger: Logger) =>
  (req: Request, res: Response, next: NextFunction): void => {
    if (!logger.isLevelEnabled('info') || UNLOGGED.has(req.path)) return next();
    const started = performance.now();
    const context = logContextFields();
    const done = (): void => {
      res.off('finish', done);
      res.off('close', done);
      const line = {
        ...context,
        req: { id: (req as Request & { id?: string }).id, method: req.method, url: req.originalUrl },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      const msg = !res.writableEnded
        ? 'request aborted'
        : res.statusCode >= 500
          ? 'request errored'
          : 'request completed';
      logger.info(line, msg);
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
