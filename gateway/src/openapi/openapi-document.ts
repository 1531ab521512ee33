// The OpenAPI 3.1 document, made from the route table alone (libs/contracts/src/http/routes): every route's path,
// parameters, schemas, status, auth, summary, tag and operationId, and the errors each can answer.
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ROUTE_TAGS, routeEntries, routeStatus, type HttpRoute, type PathParam } from '@teamchat/contracts';
import { errorResponses } from './error-responses.js';

extendZodWithOpenApi(z);

const ErrorBody = z
  .object({
    error: z.string(),
    code: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .openapi('Error', { description: 'Every error: the message to show, a stable code, and field issues for a 400' });

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Redirect',
};

const AUTH_TEXT: Record<HttpRoute['auth'], string> = {
  public: 'No session needed.',
  signedIn: 'Needs a session (401 otherwise).',
  member: 'Needs a session and a current workspace (404 `WORKSPACE.NONE` without one).',
  admin: 'Needs a session and a current workspace in which you are an admin (403 otherwise).',
};

const paramSchema = (param: PathParam) =>
  param.lowercase ? z.uuid() : z.string().regex(param.pattern).openapi({ description: param.notFound.error });

/** A POST may be retried safely under a key of the client's (IETF draft `idempotency-key-header`). */
const IdempotencyKeyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .openapi({
      description:
        'A key of your choosing (a UUID, say) that makes this POST safe to send again: a repeat with the same key ' +
        'and body is answered with the first answer and does nothing more, for a day; 409 `IDEMPOTENCY.IN_PROGRESS` ' +
        'while the first is still being handled, 422 `IDEMPOTENCY.KEY_REUSED` with another body.',
    }),
});

const methodOf = (route: HttpRoute) => route.method.toLowerCase() as Lowercase<HttpRoute['method']>;

const successResponse = (route: HttpRoute) => {
  const status = routeStatus(route);
  return {
    description: route.rawResponse ?? STATUS_TEXT[status] ?? 'OK',
    ...(route.response ? { content: { 'application/json': { schema: route.response } } } : {}),
    ...(route.responseHeaders
      ? {
          headers: Object.fromEntries(
            Object.entries(route.responseHeaders).map(([name, description]) => [
              name,
              { description, schema: { type: 'string' as const } },
            ]),
          ),
        }
      : {}),
  };
};

const register = (registry: OpenAPIRegistry, operationId: string, route: HttpRoute): void => {
  const params = Object.entries(route.params);
  registry.registerPath({
    method: methodOf(route),
    path: route.path,
    operationId,
    tags: [route.tag],
    summary: route.summary,
    description: `${route.description}\n\n${AUTH_TEXT[route.auth]}`,
    security: route.auth === 'public' ? [] : [{ session: [] }],
    request: {
      ...(params.length
        ? { params: z.object(Object.fromEntries(params.map(([name, p]) => [name, paramSchema(p)]))) }
        : {}),
      ...(route.query ? { query: route.query as z.ZodObject } : {}),
      ...(route.method === 'POST' ? { headers: IdempotencyKeyHeaders } : {}),
      ...(route.body ? { body: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    },
    responses: {
      [routeStatus(route)]: successResponse(route),
      ...errorResponses(route, ErrorBody),
      default: { description: 'Any other error', content: { 'application/json': { schema: ErrorBody } } },
    },
  });
};

/** Builds the document; the same for every gateway of a deployment. */
export const buildOpenApiDocument = (version = '1.0.0') => {
  const registry = new OpenAPIRegistry();
  registry.register('Error', ErrorBody);
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'tc.sid',
    description: 'The session cookie set by sign-up, sign-in or accepting an invite.',
  });
  for (const [operationId, route] of routeEntries()) register(registry, operationId, route);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Team chat API',
      version,
      description:
        'HTTP API of the team chat workspace. Live frames are on the /ws socket. Errors answer ' +
        '`{"error", "code", "issues"?}` with the status of the problem.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The gateway that serves this document' }],
    tags: Object.entries(ROUTE_TAGS).map(([name, description]) => ({ name, description })),
  });
};
