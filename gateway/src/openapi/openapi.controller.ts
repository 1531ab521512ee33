import { Controller, Get, Injectable, RequestMethod, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { HTTP_CODE_METADATA, PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { OBJECT_ROUTE_PREFIXES } from '@teamchat/contracts';
import { API_METADATA, type ApiDescription } from './api.decorator.js';

extendZodWithOpenApi(z);

const METHODS: Partial<Record<RequestMethod, 'get' | 'post' | 'put' | 'patch' | 'delete'>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
};

const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** Builds the OpenAPI document from every controller route and its `@Api` contract metadata. */
@Injectable()
export class OpenApiDocument implements OnApplicationBootstrap {
  document: unknown = {};

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const registry = new OpenAPIRegistry();
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || !wrapper.metatype) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, wrapper.metatype) ?? '');
      for (const name of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const handler = instance[name] as object;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (path === undefined || !method) continue;
        const api = this.reflector.get<ApiDescription | undefined>(API_METADATA, handler as never);
        const relative = [base, path]
          .map((p) => p.replace(/^\/|\/$/g, ''))
          .filter(Boolean)
          .join('/');
        // object routes are excluded from the /api prefix (see create-gateway.ts)
        const outsideApi = OBJECT_ROUTE_PREFIXES.some(
          (prefix) => relative === prefix || relative.startsWith(`${prefix}/`),
        );
        const full = `${outsideApi ? '' : '/api'}/${relative}`.replace(/:(\w+)/g, '{$1}').replace(/\*(\w+)/g, '{$1}');
        const params = [...full.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        // the status the route answers with (`@HttpCode`, else Nest's default: 201 for POST, 200 otherwise)
        const status =
          (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'post' ? 201 : 200);
        registry.registerPath({
          method,
          path: full,
          summary: api?.summary ?? name,
          security: api?.public ? [] : [{ session: [] }],
          request: {
            ...(params.length ? { params: z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) } : {}),
            ...(api?.query ? { query: api.query as z.ZodObject } : {}),
            ...(api?.body ? { body: { content: { 'application/json': { schema: api.body } } } } : {}),
          },
          responses: {
            [status]: {
              description:
                status === 204 ? 'No content' : status === 202 ? 'Accepted' : status === 201 ? 'Created' : 'OK',
              ...(api?.response ? { content: { 'application/json': { schema: api.response } } } : {}),
              ...(api?.responseHeaders
                ? {
                    headers: Object.fromEntries(
                      Object.entries(api.responseHeaders).map(([name, description]) => [
                        name,
                        { description, schema: { type: 'string' as const } },
                      ]),
                    ),
                  }
                : {}),
            },
            default: { description: 'Error', content: { 'application/json': { schema: ErrorBody } } },
          },
        });
      }
    }
    registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'tc.sid' });
    this.document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: {
        title: 'Team chat API',
        version: '1.0.0',
        description: 'HTTP API of the team chat workspace. Live frames are on the /ws socket.',
      },
    });
  }
}

@Controller('docs')
export class OpenApiController {
  constructor(private readonly doc: OpenApiDocument) {}

  @Get()
  openapi() {
    return this.doc.document;
  }
}
