import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from '@teamchat/config';
import {
  createLogger,
  currentTracing,
  PinoNestLogger,
  resolveLogFormat,
  startDefaultMetrics,
  startTracing,
  useLogFormat,
} from '@teamchat/observability';
import { startupSummary } from './summary.js';

/** `npm start`: the whole product in one process with embedded defaults. */
const started = performance.now();
const env = loadConfigOrExit({}, { servesSite: true });
// readable lines on a terminal, JSON through a pipe (LOG_FORMAT); chosen before anything logs
useLogFormat(resolveLogFormat(env.LOG_FORMAT, process.stdout.isTTY === true));
// tracing starts before the product's code is imported, so the libraries it loads (http, Express, pg, ioredis) are
// patched as they load
await startTracing({ serviceName: 'teamchat', otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, env, esmHook: true });
const { EmbeddedPostgresError, startStack } = await import('./standalone.js');
const log = createLogger('standalone', env.LOG_LEVEL);
startDefaultMetrics();
const webDist = env.WEB_DIST ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));
const starting = startStack({
  env,
  webDist: existsSync(webDist) ? webDist : undefined,
  logger: new PinoNestLogger(log),
  // /metrics answers on its own port, as a cluster service's does: the site's port is the public's
  metricsPort: env.METRICS_PORT,
  // a line per request only at LOG_LEVEL=debug: at info the terminal shows the summary and what needs attention
  accessLogLevel: 'debug',
});

// SIGINT/SIGTERM (also a repeated one, as a terminal's Ctrl-C plus `npm start` passing it on) stop the stack in order:
// the gateway and the services close their pools, then the embedded Postgres stops; a signal during start waits for it
let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping');
  setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS).unref();
  const stack = await starting.catch(() => undefined); // a failed start is reported where it is awaited below
  await stack?.close({ drainMs: env.SHUTDOWN_DRAIN_MS });
  await currentTracing()
    ?.shutdown()
    .catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

const stack = await starting.catch((err: unknown) => {
  // one line that says what to change, not a stack trace (the embedded Postgres explains itself)
  const message = `could not start: ${err instanceof Error ? err.message : String(err)}`;
  if (err instanceof EmbeddedPostgresError) log.fatal(message);
  else log.fatal({ err }, message);
  process.exit(1);
});
const ms = Math.round(performance.now() - started);
const dataDir = resolve(env.DATA_DIR);
log.info({ ms, url: stack.url, dataDir, metricsUrl: stack.metricsUrl }, 'started');
process.stdout.write(startupSummary({ env, url: stack.url, metricsUrl: stack.metricsUrl, dataDir, ms }));
