import 'reflect-metadata';
import type { INestMicroservice, LoggerService } from '@nestjs/common';
import { bootService, busOptionsFromEnv, InProcessBroker, type BusOptions } from '@teamchat/bus';
import { secretFromEnvOrDataDir, type Env } from '@teamchat/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@teamchat/database';
import { closeGateway, createGatewayApp, listenGateway } from '@teamchat/gateway';
import { ALL_SERVICES } from './services.js';

export interface StackOptions {
  env: Env;
  /** `inprocess` for the standalone product; `nats` lets tests run the same stack over a real NATS server. */
  transport?: BusOptions['transport'];
  webDist?: string;
  logger?: LoggerService | false;
  /** Start only the gateway and these services (tests of one service); default all. */
  services?: string[];
}

export interface RunningStack {
  url: string;
  port: number;
  databaseUrl: string;
  /** How the stack's processes reach each other (tests call services through it). */
  bus: BusOptions;
  broker: InProcessBroker;
  close(): Promise<void>;
}

/**
 * The gateway and the six services in one process. Postgres is DATABASE_URL or an embedded server under DATA_DIR;
 * the bus is in-process unless told otherwise; fan-out is in memory unless REDIS_URL is set.
 */
export const startStack = async (options: StackOptions): Promise<RunningStack> => {
  const { env } = options;
  let embedded: EmbeddedDatabase | undefined;
  const databaseUrl = env.DATABASE_URL ?? (embedded = await startEmbeddedPostgres(env.DATA_DIR, env.EMBEDDED_PG_PORT)).url;
  const broker = new InProcessBroker();
  const bus = busOptionsFromEnv(env, options.transport ?? 'inprocess');
  const runtime = { env, databaseUrl, bus, broker, logger: options.logger };
  const services: INestMicroservice[] = [];
  try {
    for (const definition of ALL_SERVICES.filter((d) => !options.services || options.services.includes(d.name))) {
      services.push(await bootService(definition, runtime));
    }
    const sessionSecret = secretFromEnvOrDataDir(env.SESSION_SECRET, env.DATA_DIR, 'SESSION_SECRET', env.NODE_ENV === 'production');
    const app = await createGatewayApp({ ...runtime, sessionSecret, webDist: options.webDist });
    await listenGateway(app, { port: env.PORT, host: env.HOST, backlog: env.LISTEN_BACKLOG });
    const address = app.getHttpServer().address() as { port: number };
    return {
      url: `http://localhost:${address.port}`,
      port: address.port,
      databaseUrl,
      bus,
      broker,
      close: async () => {
        await closeGateway(app);
        for (const s of services.reverse()) await s.close();
        await embedded?.stop();
      },
    };
  } catch (err) {
    for (const s of services) await s.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
};
