import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { httpRequestDuration, logContextFields } from '@teamchat/observability';

/** Probes and scrapes, every few seconds on every pod: measured, not logged. */
const UNLOGGED = new Set(['/api/health', '/api/health/ready', '/health', '/health/ready', '/metrics']);

/** The latency histogram's route label: the route's pattern, never the raw path (label cardinality stays bounded). */
const routeLabel = (req: Request): string => {
  const route = (req.route as { path?: string } | undefined)?.path;
  return route ? `${req.baseUrl}${route}` : req.path.startsWith('/api') ? 'unmatched' : 'static';
};

const messageOf = (res: Response): string =>
  !res.writableEnded ? 'request aborted' : res.statusCode >= 500 ? 'request errored' : 'request completed';

/**
 * What the gateway records of every request, once, when its response ends (or its connection closes first):
 * - its latency in `http_request_duration_seconds`, by method, route pattern and status (answered requests only);
 * - one access line: the request's id, method and path, the status, the time taken, and the request id and trace
 *   ids of the work it ran in (captured here, in the request's context).
 *
 * Lines logged while the request runs get its request id and trace ids from the logger's mixin (logContextFields),
 * so no request needs a logger of its own: pino-http's two child loggers per request cost a sixth of a gateway's CPU
 * on a cached GET. Mounted right after requestIdMiddleware, whose context it reads.
 *
 * Access lines are logged at `level`: info in a cluster, debug under `npm start`, where a person reads the terminal.
 * A request that errored (5xx) is logged at info or above either way.
 */
export const observeRequests =
  (logger: Logger, level: 'info' | 'debug' = 'info') =>
  (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    const context = logger.isLevelEnabled('info') && !UNLOGGED.has(req.path) ? logContextFields() : undefined;
    const done = (): void => {
      res.off('finish', done);
      res.off('close', done);
      const ms = performance.now() - started;
      if (res.writableEnded)
        httpRequestDuration.observe(
          { method: req.method, route: routeLabel(req), status: String(res.statusCode) },
          ms / 1000,
        );
      if (!context) return;
      const lineLevel = res.writableEnded && res.statusCode >= 500 ? 'info' : level;
      if (!logger.isLevelEnabled(lineLevel)) return;
      const line = {
        ...context,
        req: { id: (req as Request & { id?: string }).id, method: req.method, url: req.originalUrl },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(ms),
      };
      logger[lineLevel](line, messageOf(res));
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
