// The error answers of each operation in the OpenAPI document: which statuses a route can answer besides its success,
// what each means, and an example body with the code a client can branch on. Made from what the route declares (its
// auth, parameters, query, body and method) and from the gateway's own refusals, so a new route documents its errors
// without listing them.
import type { z } from 'zod';
import { ErrorCodes, type HttpRoute } from '@teamchat/contracts';
import { CROSS_SITE_MESSAGE } from '../auth/origin.middleware.js';

interface Example {
  readonly summary: string;
  readonly value: { error: string; code: string; issues?: { path: string; message: string }[] };
}

interface ErrorResponse {
  readonly description: string;
  readonly examples: readonly Example[];
  readonly headers?: Record<
    string,
    { description: string; schema: { type: 'integer'; format: 'int32'; minimum: number; maximum: number } }
  >;
}

const example = (summary: string, error: string, code: string, issues?: Example['value']['issues']): Example => ({
  summary,
  value: issues ? { error, code, issues } : { error, code },
});

const hasInput = (route: HttpRoute) => Object.keys(route.params).length > 0 || !!route.query || !!route.body;

/** The errors `route` can answer, by status. */
export const errorsOf = (route: HttpRoute): Record<number, ErrorResponse> => {
  const errors: Record<number, ErrorResponse> = {};
  const add = (status: number, description: string, ...examples: Example[]) => {
    const known = errors[status];
    errors[status] = known ? { ...known, examples: [...known.examples, ...examples] } : { description, examples };
  };
  if (hasInput(route))
    add(
      400,
      'Bad input: the message to show, and for each field that failed, its path and message.',
      example('A field failed', 'Validation failed', ErrorCodes.validation, [
        { path: 'name', message: 'Name is required' },
      ]),
    );
  if (route.auth !== 'public')
    add(
      401,
      'No session, or one that has ended.',
      example('Not signed in', 'Unauthorized', ErrorCodes.unauthenticated),
    );
  if (route.auth === 'admin')
    add(403, 'Only workspace admins may do this.', example('Not an admin', 'Admins only', ErrorCodes.notAdmin));
  if (route.method !== 'GET')
    add(
      403,
      'A browser request from another site (its Origin is not this deployment).',
      example('Cross-site', CROSS_SITE_MESSAGE, ErrorCodes.badOrigin),
    );
  for (const param of Object.values(route.params))
    add(
      404,
      "Not found: also another workspace's id, or a private channel's for someone outside it (never 403).",
      example('Unknown id', param.notFound.error, param.notFound.code),
    );
  if (route.auth === 'member' || route.auth === 'admin')
    add(404, 'Not found, or no current workspace.', example('No workspace', 'No workspace', ErrorCodes.noWorkspace));
  if (route.method === 'POST') {
    add(
      409,
      'The same Idempotency-Key is still being handled.',
      example('Key in use', 'A request with this key is in progress', ErrorCodes.idempotencyInProgress),
    );
    add(
      422,
      'The Idempotency-Key came before with another body.',
      example('Key reused', 'This key was used with another request', ErrorCodes.idempotencyKeyReused),
    );
  }
  if (route.body) {
    add(
      413,
      'The body is over the size the route takes.',
      example('Too large', 'Request body too large', ErrorCodes.validation),
    );
    add(
      415,
      'The body is not JSON.',
      example('Not JSON', 'Content-Type must be application/json', ErrorCodes.unsupportedMediaType),
    );
  }
  add(
    429,
    "Too many requests: the workspace's or user's share of a service is taken (`BUS.TENANT_BUSY`: retry with the same " +
      'Idempotency-Key), or too many sign-in attempts (`AUTH.RATE_LIMITED`, with Retry-After).',
    example('Busy', 'Too many requests at once, try again shortly', ErrorCodes.tenantBusy),
  );
  errors[429] = {
    ...errors[429],
    headers: {
      'Retry-After': {
        description: 'Seconds to wait before trying again (sign-in limits).',
        schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 86_400 },
      },
    },
  };
  add(
    500,
    'An unexpected failure (logged with the request id; never a stack).',
    example('Failure', 'Internal error', ErrorCodes.internal),
  );
  if (route.forward)
    add(
      503,
      'The service that owns this is not answering.',
      example('Unavailable', 'Service unavailable', ErrorCodes.busUnavailable),
    );
  return errors;
};

/** The OpenAPI `responses` entries for `errorsOf(route)`, each with the shared error body schema and its examples. */
export const errorResponses = (route: HttpRoute, schema: z.ZodType) =>
  Object.fromEntries(
    Object.entries(errorsOf(route)).map(([status, e]) => [
      status,
      {
        description: e.description,
        ...(e.headers ? { headers: e.headers } : {}),
        content: {
          'application/json': {
            schema,
            examples: Object.fromEntries(
              e.examples.map((x, i) => [`e${i + 1}`, { summary: x.summary, value: x.value }]),
            ),
          },
        },
      },
    ]),
  );
