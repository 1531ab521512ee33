import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listenOrigin, loadConfigOrExit, secretFromEnvOrDataDir } from '@teamchat/config';
import {
  createLogger,
  currentTracing,
  PinoNestLogger,
  startDefaultMetrics,
  startOpsServer,
  startTracing,
} from '@teamchat/observability';

/** One gateway replica in cluster mode: NATS bus, Redis fan-out, shared Postgres for sessions. */
const env = loadConfigOrExit({}, { servesSite: true });
if (!env.DATABASE_URL) {
  process.stderr.write('Invalid environment: DATABASE_URL is required to run the gateway on its own\n');
  process.exit(78);
}
// tracing starts before the gateway's code is imported, so the libraries it loads (http, Express, pg, ioredis) are
// patched as they load
await startTracing({ serviceName: 'gateway', otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, env, esmHook: true });
const [{ busOptionsFromEnv }, { closeGateway, createGatewayApp, listenGateway }] = await Promise.all([
  import('@teamchat/bus'),
  import('./create-gateway.js'),
]);
const log = createLogger('gateway', env.LOG_LEVEL);
startDefaultMetrics();
const defaultWeb = fileURLToPath(new URL('../../web/dist', import.meta.url));
// with a port of its own, /metrics is not on the site's port at all, so no public route (Ingress, HTTPRoute) can reach
// it whatever its controller; before the site, so a port in use leaves nothing listening
let siteUrl = '';
const ops =
  env.GATEWAY_METRICS_PORT === undefined
    ? undefined
    : await startOpsServer({
        port: env.GATEWAY_METRICS_PORT,
        host: env.HOST,
        ready: async () => siteUrl !== '' && (await fetch(`${siteUrl}/api/health/ready`)).ok,
      });
const app = await createGatewayApp({
  env,
  databaseUrl: env.DATABASE_URL,
  bus: busOptionsFromEnv(env, 'nats'),
  sessionSecret: secretFromEnvOrDataDir(
    env.SESSION_SECRET,
    env.DATA_DIR,
    'SESSION_SECRET',
    env.NODE_ENV === 'production',
  ),
  webDist: env.WEB_DIST ?? (existsSync(defaultWeb) ? defaultWeb : undefined),
  logger: new PinoNestLogger(log),
  metricsOnSitePort: ops === undefined,
});
await listenGateway(app, { port: env.PORT, host: env.HOST, backlog: env.LISTEN_BACKLOG });
siteUrl = listenOrigin(env.HOST, (app.getHttpServer().address() as { port: number }).port);
log.info(
  { port: env.PORT, metricsPort: env.GATEWAY_METRICS_PORT },
  `gateway listening on http://localhost:${env.PORT}`,
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping');
  setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS).unref();
  await closeGateway(app, { drainMs: env.SHUTDOWN_DRAIN_MS });
  ops?.close();
  await currentTracing()
    ?.shutdown()
    .catch(() => undefined);
  process.exit(0);
};
// `on`: a repeated signal (Ctrl-C reaches every process, then the runner passes SIGTERM) must not cut the stop short
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
