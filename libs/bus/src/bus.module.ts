import { Module, type DynamicModule } from '@nestjs/common';
import { BusClient, BUS_OPTIONS, BUS_PROXY } from './bus.client.js';
import type { BusOptions } from './bus.options.js';
import { defaultBroker, InProcessBroker, InProcessClient } from './in-process.transport.js';
import { InboxClientNats } from './nats.transport.js';

/** Provides `BusClient` over the transport chosen by configuration. */
@Module({})
export class BusModule {
  static forRoot(options: BusOptions, broker: InProcessBroker = defaultBroker): DynamicModule {
    return {
      module: BusModule,
      global: true,
      providers: [
        { provide: BUS_OPTIONS, useValue: options },
        {
          provide: BUS_PROXY,
          useFactory: () =>
            options.transport === 'inprocess'
              ? new InProcessClient(broker)
              : new InboxClientNats({
                  servers: [options.natsUrl],
                  maxReconnectAttempts: -1,
                  reconnectTimeWait: 500,
                  name: 'bus-client',
                  // nats.js otherwise makes an Error per request to keep the caller's stack for a timeout
                  noAsyncTraces: true,
                }),
        },
        BusClient,
      ],
      exports: [BusClient, BUS_OPTIONS],
    };
  }
}
