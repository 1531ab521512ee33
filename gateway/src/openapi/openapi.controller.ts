import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Controller, Header, Injectable, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Routes } from '@teamchat/contracts';
import { Route, RouteParam } from '../http/route-table.js';
import { buildAsyncApiDocument } from './asyncapi-document.js';
import { buildOpenApiDocument } from './openapi-document.js';

type OpenAPIObject = ReturnType<typeof buildOpenApiDocument>;
type AsyncAPIObject = ReturnType<typeof buildAsyncApiDocument>;

const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The reference page: Swagger UI from the bundled package, started by reference.js (the CSP allows no inline script). */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Reference of the team chat HTTP API" />
    <title>Team chat API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/reference.js"></script>
  </body>
</html>
`;

const START = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#reference', deepLinking: true });
});
`;

const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** The documents, built from the route table and the frame maps on their first request (not at every start) and kept. */
@Injectable()
export class OpenApiDocument {
  private built: OpenAPIObject | undefined;
  private builtAsync: AsyncAPIObject | undefined;

  get document(): OpenAPIObject {
    return (this.built ??= buildOpenApiDocument());
  }

  get asyncApi(): AsyncAPIObject {
    return (this.builtAsync ??= buildAsyncApiDocument());
  }
}

/** Swagger UI's files, read from the package once each. */
const assets = new Map<string, Promise<string>>();
const bundled = (asset: string): Promise<string> => {
  let text = assets.get(asset);
  if (!text) assets.set(asset, (text = readFile(join(swaggerUi, asset), 'utf8')));
  return text;
};

/**
 * `/api/docs`: the interactive reference; `/api/docs/openapi.json`: the document it shows; `/api/docs/asyncapi.json`:
 * the live socket's.
 */
@Controller()
export class OpenApiController {
  constructor(private readonly doc: OpenApiDocument) {}

  @Route(Routes.apiReference)
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return PAGE;
  }

  @Route(Routes.openApiDocument)
  openapi(): OpenAPIObject {
    return this.doc.document;
  }

  @Route(Routes.asyncApiDocument)
  asyncapi(): AsyncAPIObject {
    return this.doc.asyncApi;
  }

  @Route(Routes.apiReferenceAsset)
  async asset(
    @RouteParam(Routes.apiReferenceAsset, 'asset') asset: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    res.type(TYPES[asset.slice(asset.lastIndexOf('.'))] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    return asset === 'reference.js' ? START : bundled(asset);
  }
}
