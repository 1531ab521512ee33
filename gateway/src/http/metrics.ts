import type { Request, Response } from 'express';
import { metricsContentType, metricsText } from '@teamchat/observability';

export const metricsEndpoint = (_req: Request, res: Response): void => {
  void metricsText().then((text) => res.type(metricsContentType).send(text));
};
