import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import { BusModule } from '@teamchat/bus';
import { bufferedStdout, logContextFields } from '@teamchat/observability';
import type { GatewayRuntime } from './gateway.runtime.js';
import { InfrastructureModule } from './infrastructure.js';
import { HealthController } from './health/health.controller.js';
import { Drain } from './http/drain.js';
import { OpenApiController, OpenApiDocument } from './openapi/openapi.controller.js';
import { gatewayFeatures } from './features.js';
import { RouteTableCheck } from './http/route-check.js';

/** The HTTP and socket edge: authentication, validation, and a bus call per route; no business rules. */
@Module({})
export class GatewayModule {
  static register(runtime: GatewayRuntime): DynamicModule {
    const features: Type<unknown>[] = gatewayFeatures(runtime);
    return {
      module: GatewayModule,
      imports: [
        InfrastructureModule.register(runtime),
        BusModule.forRoot(runtime.bus, runtime.broker),
        LoggerModule.forRoot({
          // the process's one pino logger (Nest's own lines go through it too); the access line is accessLog's
          // (http/access-log.ts), so no request gets pino-http's child loggers
          forRoutes: [],
          pinoHttp: [
            {
              level: runtime.env.LOG_LEVEL,
              // the request id, trace_id and span_id of the work in progress (a request, a socket frame, a bus event)
              mixin: logContextFields,
              // access lines pass plain `req` and `res` summaries, not Node's objects
              wrapSerializers: false,
            },
            // standard output in batches, shared with the process's other loggers
            bufferedStdout(),
          ],
        }),
        TerminusModule.forRoot({ logger: false }),
        DiscoveryModule,
        ...features,
      ],
      controllers: [HealthController, OpenApiController],
      providers: [OpenApiDocument, Drain, RouteTableCheck],
    };
  }
}
