import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import { parse as parseCookie } from 'cookie';
import signature from 'cookie-signature';
import onHeaders from 'on-headers';
import pg from 'pg';
import type { RequestHandler } from 'express';
import type { ClusterSignals } from '../cluster/cluster-signals.js';
import { CachedSessionStore } from './session-cache.js';

declare module 'express-session' {
  interface SessionData {
    userId: string;
  }
}

export const SESSION_COOKIE = 'tc.sid';

/** The gateway's own schema holds only the session table (sid, sess, expire), as connect-pg-simple defines it. */
export const ensureSessionTable = async (pool: pg.Pool): Promise<void> => {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(4242)');
    await client.query('CREATE SCHEMA IF NOT EXISTS gateway');
    await client.query(`CREATE TABLE IF NOT EXISTS gateway.session (
      sid varchar NOT NULL COLLATE "default" PRIMARY KEY,
      sess json NOT NULL,
      expire timestamp(6) NOT NULL)`);
    await client.query('CREATE INDEX IF NOT EXISTS "IDX_session_expire" ON gateway.session (expire)');
    // a password change or reset ends every session of one user
    await client.query(`CREATE INDEX IF NOT EXISTS "IDX_session_user" ON gateway.session ((sess->>'userId'))`);
  } finally {
    await client.query('SELECT pg_advisory_unlock(4242)').catch(() => undefined);
    client.release();
  }
};

export interface SessionKit {
  store: session.Store;
  middleware: RequestHandler;
  /** The session named by a raw Cookie header and its user, or null (used on WebSocket upgrade). */
  sessionFromCookieHeader(cookieHeader: string | undefined): Promise<{ sid: string; userId: string } | null>;
  /** Called on this node for every session that ends on any node (logout, a vanished user); returns an unsubscribe. */
  onEnded(listener: (sid: string) => void): () => void;
  /**
   * Ends every session of `userId` but `keep` (a password change keeps the session it was made in), on every node:
   * their cookies stop working and the sockets opened with them close. Answers how many ended.
   */
  endUserSessions(userId: string, keep?: string): Promise<number>;
  /** Whether a session still exists and has not expired (from memory on a warm cache). */
  isActive(sid: string): Promise<boolean>;
  /** The sliding max age, in milliseconds. */
  maxAgeMs: number;
  /** Stops the store's periodic pruning of expired sessions, before the pool it uses is ended. */
  close(): Promise<void>;
}

export interface SessionSettings {
  secret: string;
  /** Sliding expiry: a session unused this long ends. */
  maxAgeSeconds: number;
  /** How often, at most, a session in use has its expiry written (never more than half the max age). */
  touchIntervalSeconds: number;
  /** An https public address makes the cookie Secure whatever scheme the request reached the gateway by. */
  publicUrl?: string;
}

export const createSessionKit = (pool: pg.Pool, signals: ClusterSignals, settings: SessionSettings): SessionKit => {
  const { secret, maxAgeSeconds } = settings;
  const publicHttps = settings.publicUrl?.startsWith('https:') ?? false;
  const PgStore = connectPgSimple(session);
  const persisted = new PgStore({
    pool,
    schemaName: 'gateway',
    tableName: 'session',
    createTableIfMissing: false,
    pruneSessionInterval: 600,
  });
  const ended = new Set<(sid: string) => void>();
  const endEverywhere = signals.define<string>('session-ends', (sid) => {
    store.forget(sid);
    for (const listener of ended) listener(sid);
  });
  const store: CachedSessionStore = new CachedSessionStore(persisted, {
    touchIntervalMs: Math.min(settings.touchIntervalSeconds, maxAgeSeconds / 2) * 1000,
    forgetEverywhere: signals.define<string>('session-changes', (sid) => store.forget(sid)),
    endEverywhere,
  });
  const sessions = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    // not `rolling`, which signs and sends the cookie on every response: see slideCookie
    rolling: false,
    // behind https, the TLS-terminating proxy's X-Forwarded-Proto is what lets a Secure cookie be sent at all
    proxy: publicHttps ? true : undefined,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: publicHttps ? true : 'auto',
      maxAge: maxAgeSeconds * 1000,
      path: '/',
    },
  });
  /**
   * The browser's cookie slides with the stored expiry: a response that writes it (once per touch interval) also sends
   * the cookie with the new expiry, as `rolling` would. A session that changed id or was modified gets its cookie
   * from express-session itself; one ended by the request gets none.
   */
  const slideCookie: RequestHandler = (req, res, next) => {
    const sid = req.sessionID;
    if (!req.session?.userId || !store.touchDue(sid)) return next();
    onHeaders(res, () => {
      const current = req.session;
      if (!current || req.sessionID !== sid || res.getHeader('Set-Cookie') !== undefined) return;
      current.touch();
      // express-session's own Cookie.serialize (its attributes, as the cookie it sets), left out of its type definitions
      const cookie = current.cookie as session.Cookie & { serialize(name: string, value: string): string };
      res.appendHeader('Set-Cookie', cookie.serialize(SESSION_COOKIE, `s:${signature.sign(sid, secret)}`));
    });
    next();
  };
  const middleware: RequestHandler = (req, res, next) =>
    sessions(req, res, (err?: unknown) => (err ? next(err) : slideCookie(req, res, next)));
  /** The stored session (null when there is none); rejects when the store cannot answer. */
  const read = (sid: string) =>
    new Promise<session.SessionData | null | undefined>((resolve, reject) =>
      store.get(sid, (err, value) =>
        err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(value),
      ),
    );
  /** The session id a request's cookie names, as express-session reads it (a signed `s:` value), or null. */
  const signedSessionId = (cookieHeader: string | undefined): string | null => {
    if (!cookieHeader) return null;
    const raw = parseCookie(cookieHeader)[SESSION_COOKIE];
    if (!raw?.startsWith('s:')) return null;
    return signature.unsign(raw.slice(2), secret) || null;
  };
  const sessionFromCookieHeader = async (cookieHeader: string | undefined) => {
    const sid = signedSessionId(cookieHeader);
    if (!sid) return null;
    const data = await read(sid).catch(() => null);
    return data?.userId ? { sid, userId: data.userId } : null;
  };
  const isActive = async (sid: string) => {
    // a store that cannot answer (Postgres away) ends nobody's session
    const data = await read(sid).catch(() => 'unavailable' as const);
    if (data === 'unavailable') return true;
    const expires = data?.cookie?.expires;
    return Boolean(data?.userId) && (!expires || new Date(expires).getTime() > Date.now());
  };
  const endUserSessions = async (userId: string, keep?: string) => {
    const { rows } = await pool.query<{ sid: string }>(
      `DELETE FROM gateway.session WHERE sess->>'userId' = $1 AND sid IS DISTINCT FROM $2 RETURNING sid`,
      [userId, keep ?? null],
    );
    await Promise.all(rows.map((row) => endEverywhere(row.sid)));
    return rows.length;
  };
  const onEnded = (listener: (sid: string) => void) => {
    ended.add(listener);
    return () => void ended.delete(listener);
  };
  // (@types/connect-pg-simple declares close() as returning void; it returns a promise)
  return {
    store,
    middleware,
    sessionFromCookieHeader,
    onEnded,
    endUserSessions,
    isActive,
    maxAgeMs: maxAgeSeconds * 1000,
    close: () => Promise.resolve(persisted.close()),
  };
};
