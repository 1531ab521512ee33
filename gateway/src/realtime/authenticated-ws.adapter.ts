import type { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { IncomingMessage } from 'node:http';
import { ClientFrameSchemas, ErrorCodes, type ClientFrameType, type ErrorCode } from '@teamchat/contracts';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import { FrameRouter } from './frames.js';
import type { SessionKit } from '../auth/session.js';
import { Drain } from '../http/drain.js';
import { ActorService } from '../auth/actor.service.js';
import { allowedOrigins, CROSS_SITE_MESSAGE } from '../auth/origin.middleware.js';

/** The upgrade request, once the session cookie has been checked. */
export interface AuthenticatedUpgrade extends IncomingMessage {
  userId: string;
  /** The session the socket was opened with: its end (logout on any node) closes the socket. */
  sessionId: string;
}

const CLIENT_FRAME_TYPES = new Set<string>(Object.keys(ClientFrameSchemas));

/**
 * Socket frames are `{ type, ...fields }` (spec 2 §7), routed by `type` in FrameRouter. Bad JSON becomes `invalid`, a
 * type no handler knows becomes `unknown`, so the client is told instead of being ignored.
 */
const parseFrame = (data: unknown): { event: ClientFrameType | 'unknown' | 'invalid'; data: unknown } => {
  try {
    const frame = JSON.parse(String(data)) as unknown;
    if (typeof frame === 'object' && frame !== null && typeof (frame as { type?: unknown }).type === 'string') {
      const type = (frame as { type: string }).type;
      return { event: CLIENT_FRAME_TYPES.has(type) ? (type as ClientFrameType) : 'unknown', data: frame };
    }
    return { event: 'invalid', data: frame };
  } catch {
    return { event: 'invalid', data: null };
  }
};

/**
 * The `ws` adapter, refusing upgrades (HTTP 401) that carry no valid session cookie, or whose session's user no longer
 * exists (the same check as AuthGuard's).
 */
export class AuthenticatedWsAdapter extends WsAdapter {
  private actors?: ActorService;
  private router?: FrameRouter;
  private readonly drain: Drain;

  constructor(
    private readonly app: INestApplicationContext,
    private readonly sessions: SessionKit,
    /** With it, a socket's Origin must be exactly this origin; without it, the request's own host. */
    private readonly publicUrl?: string,
  ) {
    super(app);
    this.drain = app.get(Drain, { strict: false });
  }

  /** The session and its user when the session exists and its user does; null otherwise. */
  private async authenticate(cookieHeader: string | undefined): Promise<{ sid: string; userId: string } | null> {
    const session = await this.sessions.sessionFromCookieHeader(cookieHeader);
    if (!session) return null;
    this.actors ??= this.app.get(ActorService, { strict: false });
    return (await this.actors.ofUser(session.userId)) ? session : null;
  }

  /**
   * Each socket gets one `message` listener that hands the parsed frame to FrameRouter, the one place client frames
   * are routed. Nest's own binding builds an RxJS pipeline and a copy of the handler map for every socket: kilobytes each,
   * at tens of thousands of idle sockets per node.
   */
  override bindMessageHandlers(client: WebSocket): void {
    const router = (this.router ??= this.app.get(FrameRouter, { strict: false }));
    client.on('message', (raw: RawData) => {
      const { event, data } = parseFrame(raw);
      router.receive(client, event, data);
    });
  }

  /** A frame the client got wrong (`ws` names those `WS_ERR_*` and closes with 1002/1007/1009) is a warning here. */
  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (ws: WebSocket) =>
      ws.on('error', (err: Error & { code?: string }) =>
        err.code?.startsWith('WS_ERR_')
          ? this.logger.warn(`socket closed for a bad frame: ${err.message}`)
          : this.logger.error(err),
      ),
    );
    server.on('error', (err: Error) => this.logger.error(err));
    return server;
  }

  override create(port: number, options: Record<string, unknown> & { path?: string } = {}) {
    return super.create(port, {
      ...options,
      maxPayload: 64 * 1024,
      verifyClient: (
        info: { origin?: string; req: IncomingMessage },
        done: (ok: boolean, code?: number, message?: string, headers?: Record<string, string>) => void,
      ) => {
        // a refused upgrade gets the same `{ error, code }` JSON body as any other failure
        const refuse = (status: number, error: string, code: ErrorCode) =>
          done(false, status, JSON.stringify({ error, code }), { 'Content-Type': 'application/json; charset=utf-8' });
        // cross-site WebSocket hijacking: a page elsewhere may open this socket with the user's cookie; browsers always
        // send Origin on a socket, so a foreign one is refused (clients that are not browsers send none)
        // a stopping node takes no new sockets: the client backs off and resumes on another node
        if (this.drain.active) return refuse(503, 'Server shutting down', ErrorCodes.busUnavailable);
        if (info.origin && !allowedOrigins(info.req, this.publicUrl, true).has(info.origin))
          return refuse(403, CROSS_SITE_MESSAGE, ErrorCodes.badOrigin);
        this.authenticate(info.req.headers.cookie)
          .then((session) => {
            if (!session) return refuse(401, 'Unauthorized', ErrorCodes.unauthenticated);
            (info.req as AuthenticatedUpgrade).userId = session.userId;
            (info.req as AuthenticatedUpgrade).sessionId = session.sid;
            done(true);
          })
          .catch(() => refuse(503, 'Service unavailable', ErrorCodes.busUnavailable));
      },
    });
  }
}
