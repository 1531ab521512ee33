import 'reflect-metadata';
import type { INestMicroservice, LoggerService } from '@nestjs/common';
import type { Server } from 'node:http';
import { busOptionsFromEnv, InProcessBroker, type BusOptions } from '@teamchat/bus';
import { bootService, startEventRelay } from '@teamchat/service-kit';
import { listenOrigin, secretFromEnvOrDataDir, type Env } from '@teamchat/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@teamchat/database';
import { closeGateway, createGatewayApp, listenGateway } from '@teamchat/gateway';
import { startOpsServer } from '@teamchat/observability';
import { ALL_SERVICES } from './services.js';

/** For `main.ts`, which loads this module only after tracing has started. */
export { EmbeddedPostgresError } from '@teamchat/database';

export interface StackOptions {
  env: Env;
  /** `inprocess` for the standalone product; `nats` lets tests run the same stack over a real NATS server. */
  transport?: BusOptions['transport'];
  webDist?: string;
  logger?: LoggerService | false;
  /** Start only the gateway and these services (tests of one service); default all. */
  services?: string[];
  /**
   * Serve `/metrics` and health on this port (`npm start`: METRICS_PORT), as a cluster service process does, and not
   * on the site's port, which the public reaches. Without it the gateway answers `/metrics` itself, as in a cluster.
   */
  metricsPort?: number;
  /** The level of the gateway's per-request lines (`npm start`: debug); info by default, as a cluster gateway's. */
  accessLogLevel?: 'info' | 'debug';
}

export interface RunningStack {
  url: string;
  /** Where `/metrics` and health are served when `metricsPort` was given. */
  metricsUrl?: string;
  port: number;
  databaseUrl: string;
  /** How the stack's processes reach each other (tests call services through it). */
  bus: BusOptions;
  broker: InProcessBroker;
  /** Stops one service of the stack (its durable consumer keeps its place; tests of missed events). */
  stopService(name: string): Promise<void>;
  /** Starts a service that is not running (stopped, or left out by `services`). */
  startService(name: string): Promise<void>;
  /** Stops the stack; `drainMs` as the gateway's (see closeGateway), 0 by default. */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** The context of @nestjs/typeorm's warning that a data source name is registered a second time. */
const DATA_SOURCE_NAMES = 'DataSourceNameRegistry';

/**
 * `logger` without a warning that only several applications in one process get: @nestjs/typeorm keeps the data
 * source names it has seen process-wide (to catch two data sources of one application under one name, where the
 * second would replace the first), and each service here is an application of its own, with one data source named
 * "default" — so every `npm start` warned that data sources "will override each other", which they do not.
 */
const withoutDataSourceNameWarning = (logger: LoggerService): LoggerService => {
  const quiet = Object.create(logger) as LoggerService;
  quiet.warn = (message: unknown, ...params: unknown[]) => {
    if (params.at(-1) !== DATA_SOURCE_NAMES) logger.warn(message, ...params);
  };
  return quiet;
};

/**
 * The gateway and the six services in one process. Postgres is DATABASE_URL or an embedded server under DATA_DIR;
 * the bus is in-process unless told otherwise; fan-out is in memory unless REDIS_URL is set.
 */
export const startStack = async (options: StackOptions): Promise<RunningStack> => {
  const { env } = options;
  let embedded: EmbeddedDatabase | undefined;
  // a server a killed run left behind is stopped before this one starts: said once, as a warning
  const leftover = (message: string) => (options.logger ? options.logger.warn(message, 'EmbeddedPostgres') : undefined);
  const databaseUrl =
    env.DATABASE_URL ??
    (embedded = await startEmbeddedPostgres(env.DATA_DIR, env.EMBEDDED_PG_PORT, () => {}, leftover)).url;
  const broker = new InProcessBroker();
  const bus = busOptionsFromEnv(env, options.transport ?? 'inprocess');
  // in process, an event relayed before its consumers listen would reach nobody: relays start once all are up
  const deferEventRelay = bus.transport === 'inprocess';
  const logger = options.logger ? withoutDataSourceNameWarning(options.logger) : options.logger;
  const runtime = { env, databaseUrl, bus, broker, logger, deferEventRelay };
  const running = new Map<string, INestMicroservice>();
  const services: INestMicroservice[] = [];
  let ops: Server | undefined;
  const definitionOf = (name: string) => {
    const definition = ALL_SERVICES.find((d) => d.name === name);
    if (!definition) throw new Error(`no service named ${name}`);
    return definition;
  };
  try {
    for (const definition of ALL_SERVICES.filter((d) => !options.services || options.services.includes(d.name))) {
      const app = await bootService(definition, runtime);
      services.push(app);
      running.set(definition.name, app);
    }
    const sessionSecret = secretFromEnvOrDataDir(
      env.SESSION_SECRET,
      env.DATA_DIR,
      'SESSION_SECRET',
      env.NODE_ENV === 'production',
    );
    let url = '';
    // before the gateway, so a port in use leaves nothing listening
    if (options.metricsPort !== undefined)
      ops = await startOpsServer({
        port: options.metricsPort,
        host: env.HOST,
        // ready when the site is: Postgres, every service over the bus (and Redis when set)
        ready: async () => url !== '' && (await fetch(`${url}/api/health/ready`)).ok,
      }).catch((err: Error) => {
        throw new Error(`METRICS_PORT ${options.metricsPort} cannot be used (${err.message}): set it to a free port`);
      });
    const metricsOnSitePort = options.metricsPort === undefined;
    const app = await createGatewayApp({
      ...runtime,
      sessionSecret,
      webDist: options.webDist,
      metricsOnSitePort,
      accessLogLevel: options.accessLogLevel,
    });
    await listenGateway(app, { port: env.PORT, host: env.HOST, backlog: env.LISTEN_BACKLOG });
    const address = app.getHttpServer().address() as { port: number };
    url = listenOrigin(env.HOST, address.port);
    const opsAddress = ops?.address() as { port: number } | undefined;
    for (const service of services) startEventRelay(service);
    return {
      url,
      metricsUrl: opsAddress && listenOrigin(env.HOST, opsAddress.port),
      port: address.port,
      databaseUrl,
      bus,
      broker,
      stopService: async (name) => {
        const service = running.get(name);
        if (!service) return;
        running.delete(name);
        await service.close();
      },
      startService: async (name) => {
        if (running.has(name)) return;
        const service = await bootService(definitionOf(name), runtime);
        running.set(name, service);
        startEventRelay(service);
      },
      close: async (closeOptions) => {
        ops?.close();
        await closeGateway(app, closeOptions);
        for (const s of [...running.values()].reverse()) await s.close();
        running.clear();
        await embedded?.stop();
      },
    };
  } catch (err) {
    ops?.close();
    for (const s of services) await s.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
};
