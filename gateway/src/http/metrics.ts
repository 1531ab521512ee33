import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration, metricsContentType, metricsText } from '@teamchat/observability';

/** Records latency by route pattern (never the raw path, to keep label cardinality bounded). */
export const httpMetrics = (req: Request, res: Response, next: NextFunction): void => {
  const stop = httpRequestDuration.startTimer();
  res.on('finish', () => {
    const route = (req.route as { path?: string } | undefined)?.path;
    const label = route ? `${req.baseUrl}${route}` : req.path.startsWith('/api') ? 'unmatched' : 'static';
    stop({ method: req.method, route: label, status: String(res.statusCode) });
  });
  next();
};

export const metricsEndpoint = (_req: Request, res: Response): void => {
  void metricsText().then((text) => res.type(metricsContentType).send(text));
};
