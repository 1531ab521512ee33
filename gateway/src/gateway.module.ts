import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import { BusModule } from '@teamchat/bus';
import { traceLogFields } from '@teamchat/observability';
import type { GatewayRuntime } from './gateway.runtime.js';
import { InfrastructureModule } from './infrastructure.js';
import { HealthController } from './health/health.controller.js';
import { Drain } from './http/drain.js';
import { OpenApiController, OpenApiDocument } from './openapi/openapi.controller.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';
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
          pinoHttp: {
            level: runtime.env.LOG_LEVEL,
            genReqId: (req) => (req as { id?: string }).id ?? '',
            customProps: (req) => ({ requestId: (req as { id?: string }).id }),
            // trace_id and span_id of the work in progress on every line (the request, a socket frame, a bus event)
            mixin: traceLogFields,
            autoLogging: { ignore: (req) => req.url === '/api/health' || req.url === '/metrics' },
            // one short line per request: no header dumps (which also keeps cookies out of the logs)
            serializers: {
              req: (req: { id?: string; method?: string; url?: string }) => ({
                id: req.id,
                method: req.method,
                url: req.url,
              }),
              res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
            },
          },
        }),
        TerminusModule.forRoot({ logger: false }),
        DiscoveryModule,
        ...features,
      ],
      controllers: [HealthController, OpenApiController],
      providers: [OpenApiDocument, RealtimeGateway, Drain, RouteTableCheck],
    };
  }
}
