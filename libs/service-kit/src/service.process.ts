import { healthPing } from '@teamchat/contracts';
import { loadConfigOrExit } from '@teamchat/config';
import {
  createLogger,
  currentTracing,
  PinoNestLogger,
  startDefaultMetrics,
  startOpsServer,
} from '@teamchat/observability';
import { NestFactory } from '@nestjs/core';
import { Module } from '@nestjs/common';
import { BusClient, BusModule, busOptionsFromEnv } from '@teamchat/bus';
import { bootService, type ServiceDefinition } from './service.runtime.js';

/**
 * Entry point of one service process in cluster mode: NATS bus, `DATABASE_URL`, `/metrics` and health on
 * `METRICS_PORT`, and a clean stop on SIGTERM/SIGINT (stop taking messages, finish in-flight ones, exit).
 */
export const runServiceProcess = async (definition: ServiceDefinition): Promise<void> => {
  const env = loadConfigOrExit();
  const log = createLogger(definition.name, env.LOG_LEVEL);
  if (!env.DATABASE_URL) {
    process.stderr.write('Invalid environment: DATABASE_URL is required to run a service on its own\n');
    process.exit(78);
  }
  startDefaultMetrics();
  const bus = busOptionsFromEnv(env, 'nats');
  const nestLogger = new PinoNestLogger(log);
  const app = await bootService(definition, { env, databaseUrl: env.DATABASE_URL, bus, logger: nestLogger });

  @Module({ imports: [BusModule.forRoot(bus)] })
  class ProbeModule {}
  // the same logger, not `false`: Nest's logger is process-wide, and `false` would silence the service's own lines
  const probe = await NestFactory.createApplicationContext(ProbeModule, { logger: nestLogger });
  const client = probe.get(BusClient);
  const ops = await startOpsServer({
    port: env.METRICS_PORT,
    ready: async () => (await client.request(healthPing(definition.name), {}, { timeoutMs: 1000 })).status === 'ok',
  });
  log.info({ metricsPort: env.METRICS_PORT }, `${definition.name} service listening on the bus`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const timer = setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await probe.close();
    ops.close();
    // the spans still buffered for the collector
    await currentTracing()
      ?.shutdown()
      .catch(() => undefined);
    clearTimeout(timer);
    process.exit(0);
  };
  // `on`: a repeated signal (Ctrl-C reaches every process, then the runner passes SIGTERM) must not cut the stop short
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
};
