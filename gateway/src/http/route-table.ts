// Nest routes made from the route table (libs/contracts/src/http/routes): the method, path, status, guards and the
// validation of params, query and body come from a route's one declaration.
import {
  applyDecorators,
  Body,
  HttpCode,
  NotFoundException,
  Param,
  Query,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseGuards,
  type PipeTransform,
} from '@nestjs/common';
import type { z } from 'zod';
import { parseClientInput } from '@teamchat/bus';
import type { HttpMethod, HttpRoute, PathParam } from '@teamchat/contracts';
import { AuthGuard } from '../auth/auth.guard.js';
import { WorkspaceGuard } from '../auth/actor.js';

export const ROUTE_METADATA = 'teamchat:route';

const METHODS: Record<HttpMethod, RequestMethod> = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
};

/**
 * The route's full path in Express's syntax, as Express matches it (`/api/channels/:channelId`): `{name}` as `:name`
 * and a wildcard parameter as `*name`.
 */
export const apiRoutePath = (route: HttpRoute): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => (route.params[name]?.wildcard ? `*${name}` : `:${name}`));

/**
 * The route's path as Nest registers it: relative to the global `/api` prefix (stored objects live outside it, see
 * create-gateway.ts).
 */
export const nestPath = (route: HttpRoute): string =>
  apiRoutePath(route)
    .replace(/^\/api(?=\/|$)/, '')
    .replace(/^\//, '');

const guardsFor = (route: HttpRoute) =>
  route.auth === 'public' ? [] : route.auth === 'signedIn' ? [AuthGuard] : [AuthGuard, WorkspaceGuard];

/**
 * Serves a route of the table: its method and path, its success status, and the guards its `auth` asks for
 * (signed in: 401 otherwise; member or admin: also a current workspace, 404 `WORKSPACE.NONE` otherwise; admins are
 * checked by the owning service).
 */
export const Route = (route: HttpRoute): MethodDecorator => {
  const decorators: MethodDecorator[] = [
    RequestMapping({ path: nestPath(route), method: METHODS[route.method] }),
    SetMetadata(ROUTE_METADATA, route),
  ];
  // a redirect sets its own status
  if (route.status && route.status !== 302) decorators.push(HttpCode(route.status));
  const guards = guardsFor(route);
  if (guards.length) decorators.push(UseGuards(...guards));
  return applyDecorators(...decorators);
};

/**
 * A path parameter's value, or the 404 of its declaration when it cannot name anything. Express 5 hands a wildcard
 * (`*key`) over as its path segments.
 */
export const parsePathParam = (param: PathParam, raw: string | string[] | undefined): string => {
  const value = Array.isArray(raw) ? raw.join('/') : (raw ?? '');
  if (!param.pattern.test(value)) throw new NotFoundException({ ...param.notFound });
  return param.lowercase ? value.toLowerCase() : value;
};

class PathParamPipe implements PipeTransform<string | string[], string> {
  constructor(private readonly param: PathParam) {}
  transform(value: string | string[]): string {
    return parsePathParam(this.param, value);
  }
}

class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    return parseClientInput(this.schema, value ?? {});
  }
}

/** A path parameter of the route, checked against its declaration. */
export const RouteParam = <R extends HttpRoute>(route: R, name: keyof R['params'] & string): ParameterDecorator =>
  Param(name, new PathParamPipe(route.params[name]!));

/** The route's body parsed with its schema; the first issue's message is the error text. */
export const RouteBody = (route: HttpRoute): ParameterDecorator => Body(new ZodPipe(schemaOf(route, 'body')));

/** The route's query string parsed with its schema. */
export const RouteQuery = (route: HttpRoute): ParameterDecorator => Query(new ZodPipe(schemaOf(route, 'query')));

const schemaOf = (route: HttpRoute, part: 'body' | 'query'): z.ZodType => {
  const schema = route[part];
  if (!schema) throw new Error(`${route.method} ${route.path} declares no ${part}`);
  return schema;
};
