// The whole product started for a test (the standalone runner's stack on a fresh database), and more gateway nodes
// beside it: what the gateway's, billing's and the runner's whole-stack tests, the journeys and benches boot.
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  BusClient,
  busOptionsFromEnv,
  InboxClientNats,
  InProcessClient,
  removeEventStreams,
  type BusProxy,
} from '@teamchat/bus';
import { closeGateway, createGatewayApp, listenGateway } from '@teamchat/gateway';
import { parseEnv, type Env } from '@teamchat/config';
import type { RequestContract, RequestOf, ResponseOf } from '@teamchat/contracts';
import { startStack, type RunningStack } from '@teamchat/standalone';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@teamchat/testing/postgres';

export interface TestStack extends RunningStack {
  env: Env;
  /** Calls a service over the stack's own bus, as another service would. */
  request<C extends RequestContract>(contract: C, payload: RequestOf<C>): Promise<ResponseOf<C>>;
}

export interface TestStackOptions {
  /** Over the in-process bus (default) or a real NATS server, isolated by a subject namespace. */
  transport?: 'inprocess' | 'nats';
  env?: Partial<Record<keyof Env, string>>;
  webDist?: string;
  /** Boot only these services (default: all six). */
  services?: string[];
}

/**
 * The whole product on a fresh database of the machine's PostgreSQL, on a random port. Over NATS, subjects get a
 * unique namespace so parallel test files never answer each other.
 */
export const startTestStack = async (options: TestStackOptions = {}): Promise<TestStack> => {
  const db = await createTestDatabase('stack');
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-test-'));
  const env = parseEnv(process.env, {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    DB_POOL_SIZE: '3',
    BUS_NAMESPACE: `t${process.pid}${Date.now().toString(36)}.`,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-1234',
    UPLOAD_SIGNING_SECRET: 'test-upload-secret-that-is-long-enough-5678',
    ...options.env,
  });
  const stack = await startStack({
    env,
    transport: options.transport ?? 'inprocess',
    logger: false,
    webDist: options.webDist,
    services: options.services,
  });
  let client: BusClient | undefined;
  return {
    ...stack,
    env,
    request: (contract, payload) => {
      const proxy = (): BusProxy =>
        stack.bus.transport === 'inprocess'
          ? new InProcessClient(stack.broker)
          : new InboxClientNats({ servers: [stack.bus.natsUrl] });
      client ??= new BusClient(proxy(), stack.bus);
      return client.request(contract, payload);
    },
    close: async () => {
      await client?.onApplicationShutdown();
      await stack.close();
      // each stack has its own namespace, so its own event streams: they go with it
      if (stack.bus.transport === 'nats')
        await removeEventStreams(stack.bus.natsUrl, env.BUS_NAMESPACE).catch(() => undefined);
      await db.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export interface GatewayNode {
  app: NestExpressApplication;
  url: string;
  close(): Promise<void>;
}

/** Another gateway node of a NATS stack: same services, NATS namespace, Redis and session secret, on a random port. */
export const startGatewayNode = async (stack: TestStack, env: Partial<Env> = {}): Promise<GatewayNode> => {
  const app = await createGatewayApp({
    env: { ...stack.env, ...env },
    databaseUrl: stack.databaseUrl,
    bus: busOptionsFromEnv(stack.env, 'nats'),
    sessionSecret: stack.env.SESSION_SECRET!,
    logger: false,
  });
  await listenGateway(app, { port: 0, host: '127.0.0.1', backlog: stack.env.LISTEN_BACKLOG });
  return {
    app,
    url: `http://localhost:${(app.getHttpServer().address() as { port: number }).port}`,
    close: () => closeGateway(app),
  };
};
