import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { requestContext } from './request-context.js';

/** JSON logs; every line carries the request id of the work in progress. */
export const createLogger = (name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger =>
  pino({
    name,
    level,
    base: { service: name },
    mixin: () => {
      const requestId = requestContext.getStore()?.requestId;
      return requestId ? { requestId } : {};
    },
  });

/** Adapts pino to Nest's LoggerService so framework logs share the format. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, typeof message === 'string' ? message : JSON.stringify(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
