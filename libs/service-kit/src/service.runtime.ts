import { Controller, type DynamicModule, type INestMicroservice, type LoggerService } from '@nestjs/common';
import { healthPing, type ServiceName } from '@teamchat/contracts';
import type { Env } from '@teamchat/config';
import { type BusOptions, type InProcessBroker, OnRequest } from '@teamchat/bus';
import { startService } from './service.bootstrap.js';

/** What a service needs to boot, decided by the runner (standalone, cluster process, or a test). */
export interface ServiceRuntime {
  env: Env;
  databaseUrl: string;
  bus: BusOptions;
  broker?: InProcessBroker;
  logger?: LoggerService | false;
  /** The runner starts the outbox relays itself once every service listens (standalone; see startEventRelay). */
  deferEventRelay?: boolean;
}

/** A service as the runners see it: its name and how to build its root module. */
export interface ServiceDefinition {
  name: ServiceName;
  module(runtime: ServiceRuntime): DynamicModule;
}

/** `<service>.health.ping` handler: proves the service's handlers are reachable over the bus. */
export const createHealthController = (name: ServiceName) => {
  @Controller()
  class HealthPingController {
    @OnRequest(healthPing(name))
    ping() {
      return { service: name, status: 'ok' as const };
    }
  }
  return HealthPingController;
};

export const bootService = (definition: ServiceDefinition, runtime: ServiceRuntime): Promise<INestMicroservice> => {
  const module = definition.module(runtime);
  return startService(module as never, {
    name: definition.name,
    bus: runtime.bus,
    broker: runtime.broker,
    logger: runtime.logger,
    keepsAnswers: true,
  });
};
