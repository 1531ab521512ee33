import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
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

/** How a process writes its log lines: JSON (every cluster process, and `npm start` when piped) or for a person. */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT's `auto`: pretty when standard output is a terminal, JSON when it is a pipe or a file. */
export const resolveLogFormat = (setting: 'auto' | LogFormat, stdoutIsTerminal: boolean): LogFormat =>
  setting === 'auto' ? (stdoutIsTerminal ? 'pretty' : 'json') : setting;

let format: LogFormat = 'json';

/** Chooses the process's log format; called once, before its first logger (`npm start` does; a cluster process never). */
export const useLogFormat = (chosen: LogFormat): void => {
  if (stdout && chosen !== format) throw new Error('the log format is chosen before the first logger writes');
  format = chosen;
};

/**
 * Lines for a person at a terminal: the time, the level, the component in brackets and the message, on one line with
 * whatever fields it has. The process, host and service fields every JSON line repeats are left out. Written as they
 * come (a terminal's reader wants them now, and `npm start` logs a few lines a minute at info).
 */
const prettyStdout = (): pino.DestinationStream =>
  PinoPretty({
    destination: 1,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service,name,context',
    messageFormat: '{if context}[{context}] {end}{msg}',
    singleLine: true,
  });

/**
 * Standard output as every logger of the process writes it, in batches: one `write` per line had been about 7 % of
 * a busy gateway's CPU (its access lines, under bench/http's users mix). Lines wait at most {@link LOG_FLUSH_MS}; pino
 * writes what is left synchronously when the process exits, whatever the reason, so only a SIGKILL can lose the last
 * quarter second. One stream per process, whole lines per write, so loggers sharing it never split each other's lines.
 */
export const bufferedStdout = (): pino.DestinationStream => {
  if (stdout) return stdout;
  if (format === 'pretty') return (stdout = prettyStdout());
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

/** Logs in the process's format (JSON unless {@link useLogFormat} said otherwise); every line carries the request id and the trace context of the work in progress. */
export const createLogger = (
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination: pino.DestinationStream = bufferedStdout(),
): Logger => pino({ name, level, base: { service: name }, mixin: logContextFields }, destination);

/**
 * Nest's own start-up lines: a module's dependencies loaded, a route or socket gateway mapped, the application
 * started. About 190 of them at every start; kept at debug, so what info shows is the product's own.
 */
const NEST_STARTUP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'WebSocketsController',
  'NestFactory',
  'NestApplication',
  'NestMicroservice',
]);

/** Whether a line Nest logs with this context is one of its start-up lines (logged at debug). */
export const isNestStartupLine = (context: unknown): boolean =>
  typeof context === 'string' && NEST_STARTUP_CONTEXTS.has(context);

/** `logger` with Nest's start-up lines at debug (for a LoggerService that is not a PinoNestLogger, as nestjs-pino's). */
export const withNestStartupAtDebug = <T extends LoggerService>(logger: T): T => {
  const quiet = Object.create(logger) as T;
  quiet.log = (message: unknown, ...params: unknown[]) =>
    isNestStartupLine(params.at(-1)) && logger.debug
      ? logger.debug(message, ...params)
      : logger.log(message, ...params);
  return quiet;
};

/** Adapts pino to Nest's LoggerService so framework logs share the format; Nest's start-up lines at debug. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    if (isNestStartupLine(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
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
