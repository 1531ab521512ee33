import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { Logger as PinoLogger, PinoLogger as RootLogger } from 'nestjs-pino';
import type pg from 'pg';
import type { Server } from 'node:http';
import type { GatewayRuntime } from './gateway.runtime.js';
import { GatewayModule } from './gateway.module.js';
import { PG_POOL, SESSION_KIT } from './infrastructure.js';
import { ensureSessionTable, type SessionKit } from './auth/session.js';
import { originCheck } from './auth/origin.middleware.js';
import { jsonBodiesOnly, parseJsonBodies } from './http/json-bodies-only.js';
import { GatewayExpressAdapter } from './http/express-adapter.js';
import { uncachedApiResponses } from './http/api-responses.js';
import { securityHeaders } from './http/security-headers.js';
import { answerClientErrors } from './http/client-errors.js';
import { ErrorCodes, OBJECT_ROUTE_PREFIXES } from '@teamchat/contracts';
import { HttpExceptionFilter } from './http/http-exception.filter.js';
import { requestIdMiddleware } from './http/request-id.middleware.js';
import { observeRequests } from './http/observe-requests.js';
import { metricsEndpoint } from './http/metrics.js';
import { compressResponses } from './http/compression.js';
import { startDefaultMetrics, withNestStartupAtDebug } from '@teamchat/observability';
import { AuthenticatedWsAdapter } from './realtime/authenticated-ws.adapter.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';
import { mountSpa } from './spa/spa.js';
import { Drain } from './http/drain.js';
import { OBJECT_ROUTES } from './media/object-routes.js';

/** Builds the gateway application (not yet listening): compression, SPA, sessions, origin check, /api routes, /ws, /metrics. */
export const createGatewayApp = async (runtime: GatewayRuntime): Promise<NestExpressApplication> => {
  startDefaultMetrics();
  const app = await NestFactory.create<NestExpressApplication>(
    GatewayModule.register(runtime),
    new GatewayExpressAdapter(),
    {
      bufferLogs: runtime.logger !== false,
      logger: runtime.logger,
      bodyParser: false,
    },
  );
  // Nest's start-up lines (modules loaded, routes mapped) at debug, as the services' (PinoNestLogger)
  if (runtime.logger !== false) app.useLogger(withNestStartupAtDebug(app.get(PinoLogger)));
  const pool = app.get<pg.Pool>(PG_POOL);
  await ensureSessionTable(pool);
  const sessions = app.get<SessionKit>(SESSION_KIT);
  // X-Forwarded-For / -Proto are believed only from these peers (addresses, CIDRs, or loopback/uniquelocal/linklocal)
  app.set('trust proxy', runtime.env.TRUST_PROXY.length > 0 ? runtime.env.TRUST_PROXY : false);
  app.disable('x-powered-by');
  // bodies sent through res.send (the API's JSON) get no ETag (see uncachedApiResponses); files sent from disk (the
  // SPA) keep the one `send` makes from their size and time, which this setting only switches on
  app.set('etag', () => undefined);
  // the one chain every request passes through, in this order, before Nest's routes (the SPA answers its files
  // within it: they need neither body parsing nor a session)
  const express = app.getHttpAdapter().getInstance();
  app.use(app.get(Drain).middleware);
  app.use(requestIdMiddleware);
  app.use(observeRequests(RootLogger.root, runtime.accessLogLevel));
  app.use(securityHeaders(runtime.env));
  app.use(compressResponses());
  if (runtime.metricsOnSitePort !== false) app.use('/metrics', metricsEndpoint);
  mountSpa(express, runtime.webDist);
  app.use(parseJsonBodies);
  // JSON only: a form or text body (what a plain cross-site HTML form can send) is refused before any route
  app.use('/api', jsonBodiesOnly);
  app.use('/api', uncachedApiResponses);
  app.use(sessions.middleware);
  app.use('/api', originCheck(runtime.env.PUBLIC_URL));
  app.setGlobalPrefix('api', { exclude: OBJECT_ROUTES });
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useWebSocketAdapter(new AuthenticatedWsAdapter(app, sessions, runtime.env.PUBLIC_URL));
  await app.init();
  answerClientErrors(app.getHttpServer());
  // an object route Nest did not match (no key) answers like every other 404, not with Express's HTML page
  for (const prefix of OBJECT_ROUTE_PREFIXES)
    express.use(`/${prefix}`, (_req: Request, res: Response) =>
      res.status(404).json({ error: 'Not found', code: ErrorCodes.notFound }),
    );
  // errors raised by body parsing happen before Nest's routing, so they get the same mapping here
  const filter = new HttpExceptionFilter();
  express.use((err: unknown, req: Request, res: Response, next: NextFunction) =>
    res.headersSent
      ? next(err)
      : filter.catch(err, {
          getType: () => 'http',
          switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
        } as never),
  );
  return app;
};

/**
 * How long an idle kept-alive HTTP connection stays open. Node's 5 s closed it under every client that paused: a
 * browser tab between two clicks opened a new connection (its TCP and, behind TLS, its handshake) for most requests,
 * and a proxy that keeps connections to its upstreams longer — ingress-nginx and cloud load balancers keep them 60 s —
 * could send a request down a connection the gateway was closing at that moment and answer 502 (a POST is not
 * retried). Longer than those 60 s, so the proxy always closes first.
 */
export const HTTP_KEEP_ALIVE_MS = 65_000;

/**
 * Starts listening with a listen queue sized for reconnect storms (`LISTEN_BACKLOG`): after a node restart or a network
 * blip every client reconnects within a second or two, and Node's default of 511 overflows (the kernel then drops
 * SYNs and clients back off for seconds). The kernel caps it at net.core.somaxconn. Idle connections are kept
 * `HTTP_KEEP_ALIVE_MS`.
 */
export const listenGateway = async (
  app: NestExpressApplication,
  { port, host, backlog }: { port: number; host: string; backlog: number },
): Promise<void> => {
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = HTTP_KEEP_ALIVE_MS;
  // above the keep-alive, as Node's documentation asks: a connection idle that long is not taken for a slow request
  server.headersTimeout = HTTP_KEEP_ALIVE_MS + 1000;
  // Nest's listen passes its arguments on to http.Server#listen(port, host, backlog), and keeps its own state (the
  // application is listening) as a hand-made listen would not; its type declares only port and host
  const listen = app.listen.bind(app) as unknown as (port: number, host: string, backlog: number) => Promise<unknown>;
  await listen(port, host, backlog);
};

/**
 * Closes sockets with 1001 so clients resume elsewhere, drains HTTP for `drainMs` (see Drain), then stops accepting
 * and closes the app once the requests in flight are answered. `drained` replaces the timer: the drain ends when it
 * settles (a test ends it once it has probed the draining node, whatever the machine's speed).
 */
export const closeGateway = async (
  app: NestExpressApplication,
  { drainMs = 0, drained }: { drainMs?: number; drained?: Promise<unknown> } = {},
): Promise<void> => {
  app.get(Drain).start();
  app.get(RealtimeGateway).closeAll();
  if (drained) await drained;
  else if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await app.close();
};
