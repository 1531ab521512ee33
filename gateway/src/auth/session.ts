import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import { parse as parseCookie } from 'cookie';
import signature from 'cookie-signature';
import pg from 'pg';
import type { RequestHandler } from 'express';

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
  } finally {
    await client.query('SELECT pg_advisory_unlock(4242)').catch(() => undefined);
    client.release();
  }
};

export interface SessionKit {
  store: session.Store;
  middleware: RequestHandler;
  /** The user id of the session named by a raw Cookie header, or null (used on WebSocket upgrade). */
  userIdFromCookieHeader(cookieHeader: string | undefined): Promise<string | null>;
}

export const createSessionKit = (pool: pg.Pool, secret: string, maxAgeSeconds: number): SessionKit => {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({ pool, schemaName: 'gateway', tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 600 });
  const middleware = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: undefined,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: maxAgeSeconds * 1000, path: '/' },
  });
  const userIdFromCookieHeader = async (cookieHeader: string | undefined): Promise<string | null> => {
    if (!cookieHeader) return null;
    const raw = parseCookie(cookieHeader)[SESSION_COOKIE];
    if (!raw?.startsWith('s:')) return null;
    const sid = signature.unsign(raw.slice(2), secret);
    if (!sid) return null;
    const data = await new Promise<session.SessionData | null | undefined>((resolve) =>
      store.get(sid, (err, value) => resolve(err ? null : value)),
    );
    return data?.userId ?? null;
  };
  return { store, middleware, userIdFromCookieHeader };
};
