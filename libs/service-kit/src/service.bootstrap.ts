import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import {
  BusExceptionFilter,
  type BusOptions,
  DEFAULT_EVENT_DELIVERY,
  defaultBroker,
  InProcessBroker,
  InProcessServer,
  NamespacedServerNats,
} from '@teamchat/bus';
import type { INestMicroservice, LoggerService, Type } from '@nestjs/common';
import type { ServiceName } from '@teamchat/contracts';

export interface ServiceBootOptions {
  name: ServiceName;
  bus: BusOptions;
  broker?: InProcessBroker;
  logger?: LoggerService | false;
}

/** Transport for a service's handlers: queue group = service name on NATS, a broker group in process. */
export const serviceTransport = (options: ServiceBootOptions): MicroserviceOptions =>
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
          { service: options.name, policy: options.bus.events ?? DEFAULT_EVENT_DELIVERY },
          options.name,
        ),
      };

/**
 * Boots one service as a Nest microservice with the bus error filter; its transport runs each handler in the
 * caller's request id and trace (runBusHandler).
 */
export const startService = async (module: Type<unknown>, options: ServiceBootOptions): Promise<INestMicroservice> => {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    ...serviceTransport(options),
    logger: options.logger,
    bufferLogs: false,
  });
  app.useGlobalFilters(new BusExceptionFilter());
  await app.listen();
  return app;
};
