// The forwarding routes of the table, answered straight from Node's HTTP server when everything about the caller is
// already in this node's memory: the request-path issue's "per-request cost proportional to the work".
//
// On Express's path an API call walks a dozen router layers (each matched against the path), express-session's load
// and change detection, Nest's router, guards, param factories and RxJS, before the one bus request it is for: about
// two thirds of a warm `GET /api/channels`' CPU. Here the route is found once (find-my-way, Fastify's router), the
// session and the actor are read from the memory they are kept in anyway, and the very same middleware functions run
// in the same order on Express's own request and response objects; then `forward` does what the Nest route does.
//
// Only the warm case comes here: a signed-in session this node holds with nothing to write (no sliding expiry due,
// see CachedSessionStore.warmUser) and an actor already resolved. Everything else — no or a bad cookie, a cold or
// expiring session, an actor to look up, a user gone, no current workspace, public routes, HEAD, trailing slashes,
// percent-encoded paths — goes to Express unchanged, where express-session, AuthGuard and WorkspaceGuard answer it as
// before. Both paths end in `forward`, and an error on either goes to the same HttpExceptionFilter.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import FindMyWay from 'find-my-way';
import { RawJson } from '@teamchat/bus';
import { routeEntries, routeStatus, type ForwardRoute } from '@teamchat/contracts';
import { httpDirectRequests } from '@teamchat/observability';
import type { ActorService } from '../auth/actor.service.js';
import type { SessionKit } from '../auth/session.js';
import { forward, type Edge } from './forwarding.controller.js';
import { hasBody } from './json-bodies-only.js';
import { apiRoutePath } from './route-table.js';

export interface DirectRoutesOptions {
  /** The Express application whose request and response prototypes (and settings) the answers use. */
  express: Express;
  sessions: Pick<SessionKit, 'warmSession'>;
  actors: Pick<ActorService, 'known' | 'attach'>;
  edge: Edge;
  /**
   * What every /api request passes through on Express's path before its route, in the same order: `front` (which
   * Express runs before `compression`), then `api`.
   */
  front: readonly RequestHandler[];
  compression: RequestHandler;
  api: readonly RequestHandler[];
  /** Answers a failure, as Express's last error handler does. */
  fail(err: unknown, req: Request, res: Response): void;
}

interface Target {
  readonly route: ForwardRoute;
  /** The path as Express matched it (`/api/channels/:channelId`): the latency histogram's route label. */
  readonly path: string;
}

/** The routes that may be answered here: forwarded, behind a session, with JSON (not a redirect) and no wildcard. */
const directTargets = (): Target[] =>
  routeEntries()
    .map(([, route]) => route)
    .filter(
      (route): route is ForwardRoute =>
        route.forward !== undefined &&
        route.auth !== 'public' &&
        route.status !== 302 &&
        !Object.values(route.params).some((param) => param.wildcard),
    )
    .map((route) => ({ route, path: apiRoutePath(route) }));

/** The path part of a request's target when it is plain (absolute, no percent-encoding), else null. */
const plainPath = (url: string | undefined): string | null => {
  if (!url || url.charCodeAt(0) !== 47 /* / */) return null;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.includes('%') ? null : path;
};

/** Runs connect-style middleware in order, then `done()`; the first error (passed or thrown) goes to `done(err)`. */
const runMiddleware = (
  chain: readonly RequestHandler[],
  req: Request,
  res: Response,
  done: (err?: unknown) => void,
): void => {
  let i = 0;
  const next = (err?: unknown): void => {
    if (err) return done(err);
    const handler = chain[i++];
    if (!handler) return done();
    try {
      void handler(req, res, next);
    } catch (thrown) {
      done(thrown);
    }
  };
  next();
};

/**
 * What Nest's Express adapter does with a route's return value (the route's status, then JSON, or nothing), with
 * `compression` mounted: run here when it was not run before the route.
 */
const reply = (
  route: ForwardRoute,
  req: Request,
  res: Response,
  body: unknown,
  compression: RequestHandler | null,
): void => {
  res.status(routeStatus(route));
  if (body === undefined || body === null || typeof body !== 'object') {
    const send = (): void => {
      if (body === undefined || body === null) res.send();
      else res.send(String(body));
    };
    if (compression) void compression(req, res, send);
    else send();
    return;
  }
  // res.json's own steps, with the JSON made once for its length too (or as the service wrote it)
  const json = body instanceof RawJson ? body.text : JSON.stringify(body);
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  if (compression) void compression(req, res, () => res.send(json));
  else res.send(json);
};

/**
 * A request listener that answers warm calls of the table's forwarding routes itself and hands every other request
 * to `fallback` (the Express application) untouched.
 */
export const directRoutes = (options: DirectRoutesOptions, fallback: RequestListener): RequestListener => {
  const { express, sessions, actors, edge, front, compression, api, fail } = options;
  // A GET without a body meets nothing before its route that could answer it (no body to refuse, no origin to check),
  // so `compression` can wait until its answer's length is known; any other request runs it where Express does.
  const later: readonly RequestHandler[] = [...front, ...api];
  const eager: readonly RequestHandler[] = [...front, compression, ...api];
  const router = FindMyWay({ caseSensitive: true, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false });
  for (const target of directTargets()) router.on(target.route.method, target.path, () => undefined, target);

  const answer = (target: Target, req: Request, res: Response, params: Record<string, string | undefined>): void => {
    // what Express's application and router give every request before its handlers (the prototypes are the ones
    // GatewayExpressAdapter's server made them with, so that nothing changes)
    Object.setPrototypeOf(req, express.request);
    Object.setPrototypeOf(res, express.response);
    req.res = res;
    res.req = req;
    res.locals ??= Object.create(null) as Record<string, unknown>;
    req.originalUrl = req.url;
    req.baseUrl = '';
    req.params = params as Record<string, string>;
    (req as Request & { route: { path: string } }).route = { path: target.path };
    const deferred = req.method === 'GET' && !hasBody(req) ? compression : null;
    const failed = (err: unknown) => (deferred ? deferred(req, res, () => fail(err, req, res)) : fail(err, req, res));
    runMiddleware(deferred ? later : eager, req, res, (err) => {
      if (err) return failed(err);
      forward(target.route, edge, req, res, true).then((body) => reply(target.route, req, res, body, deferred), failed);
    });
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    const path = plainPath(req.url);
    const found = path === null ? null : router.find(req.method as FindMyWay.HTTPMethod, path);
    if (!found) return fallback(req, res);
    const session = sessions.warmSession(req);
    const resolved = session ? actors.known(session.userId) : undefined;
    const target = found.store as Target;
    if (!resolved || (target.route.auth !== 'signedIn' && !resolved.actor.workspaceId)) return fallback(req, res);
    actors.attach(req as Request, resolved);
    httpDirectRequests.inc();
    answer(target, req as Request, res as Response, found.params);
  };
};
