import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { requestContext } from './request-context.js';
import { traceLogFields } from './trace-context.js';

/** The fields every log line gets from the work in progress: its request id, and its trace and span ids. */
export const logContextFields = (): Record<string, string> => {
  const requestId = requestContext.getStore()?.requestId;
  const fields: Record<string, string> = traceLogFields();
  if (requestId) fields.requestId = requestId;
  return fields;
};

/** JSON logs; every line carries the request id and the trace context of the work in progress. */
export const createLogger = (
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger => pino({ name, level, base: { service: name }, mixin: logContextFields }, destination);

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
