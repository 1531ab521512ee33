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

/** Log lines are gathered into writes of about this many bytes (a dozen access lines) … */
export const LOG_BUFFER_BYTES = 4096;
/** … and written at the latest this long after they were logged. */
export const LOG_FLUSH_MS = 250;

let stdout: pino.DestinationStream | undefined;

/**
 * Standard output as every logger of the process writes it, in batches: one `write` per line had been about 7 % of
 * a busy gateway's CPU (its access lines, under bench/http's users mix). Lines wait at most {@link LOG_FLUSH_MS}; pino
 * writes what is left synchronously when the process exits, whatever the reason, so only a SIGKILL can lose the last
 * quarter second. One stream per process, whole lines per write, so loggers sharing it never split each other's lines.
 */
export const bufferedStdout = (): pino.DestinationStream => {
  if (stdout) return stdout;
  const stream = pino.destination({ dest: process.stdout.fd ?? 1, minLength: LOG_BUFFER_BYTES, sync: false });
  // one flush LOG_FLUSH_MS after the first line since the last one, armed by that line: a quiet process has no timer
  // to wake it (a fixed interval woke every idle process four times a second), and sonic-boom's flush, which writes
  // even an empty buffer through libuv's thread pool, only runs when something was logged
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const flushLater = () => {
    flushTimer = undefined;
    stream.flush();
  };
  const write = stream.write.bind(stream);
  stream.write = (data: string) => {
    flushTimer ??= setTimeout(flushLater, LOG_FLUSH_MS).unref();
    return write(data);
  };
  return (stdout = stream);
};

/** JSON logs; every line carries the request id and the trace context of the work in progress. */
export const createLogger = (
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination: pino.DestinationStream = bufferedStdout(),
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
