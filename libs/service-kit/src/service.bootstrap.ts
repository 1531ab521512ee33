import { NestFactory } from '@nestjs/core';
import {
  BusExceptionFilter,
  type BusOptions,
  DEFAULT_EVENT_DELIVERY,
  defaultBroker,
  InProcessBroker,
  InProcessServer,
  NamespacedServerNats,
  TenantLimits,
} from '@teamchat/bus';
import type { INestMicroservice, LoggerService, Type } from '@nestjs/common';
import type { ServiceName } from '@teamchat/contracts';
import { PostgresIdempotencyLedger } from './idempotency-ledger.js';

export interface ServiceBootOptions {
  name: ServiceName;
  bus: BusOptions;
  broker?: InProcessBroker;
  logger?: LoggerService | false;
  /** The module is a service's root module (defineService), which has the ledger of keyed requests. */
  keepsAnswers?: boolean;
}

/** Transport for a service's handlers: queue group = service name on NATS, a broker group in process. */
export const serviceTransport = (options: ServiceBootOptions): { strategy: InProcessServer | NamespacedServerNats } =>
  options.bus.transport === 'inprocess'
    ? { strategy: new InProcessServer(options.name, options.broker ?? defaultBroker, options.name) }
    : {
        strategy: new NamespacedServerNats(
          {
            servers: [options.bus.natsUrl],
            queue: options.name,
            name: options.name,
            maxReconnectAttempts: -1,
            reconnectTimeWait: 500,
            gracefulShutdown: true,
            gracePeriod: 1000,
          },
          options.bus.namespace ?? '',
          { service: options.name, policy: options.bus.events ?? DEFAULT_EVENT_DELIVERY, streams: options.bus.streams },
          options.name,
        ),
      };

/**
 * Boots one service as a Nest microservice with the bus error filter; its transport runs each handler in the
 * caller's request id and trace (runBusHandler), within each tenant's share of the service (TenantLimits), and a keyed
 * request once (the service's idempotency ledger).
 */
export const startService = async (module: Type<unknown>, options: ServiceBootOptions): Promise<INestMicroservice> => {
  const transport = serviceTransport(options);
  const app = await NestFactory.createMicroservice(module, {
    ...transport,
    logger: options.logger,
    bufferLogs: false,
  });
  app.useGlobalFilters(new BusExceptionFilter());
  transport.strategy.useRequestPolicies({
    ledger: options.keepsAnswers ? app.get(PostgresIdempotencyLedger, { strict: false }) : undefined,
    limits: options.bus.tenants ? new TenantLimits(options.bus.tenants) : undefined,
  });
  await app.listen();
  return app;
};
