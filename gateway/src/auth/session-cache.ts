// Sessions are read on every request and written almost never: this store keeps them in memory in front of the
// Postgres store, so an authenticated request costs no session query on a warm cache and its sliding expiry is written
// at most once per touch interval. Ending a session (logout, sign-in on a fresh id, a vanished user) is signalled to
// every gateway node, so no node keeps serving a session another one ended.
import session from 'express-session';
import { LRUCache } from 'lru-cache';

type Callback<T = void> = (err?: unknown, value?: T) => void;

interface Cached {
  /** The session as stored (JSON), so every request gets its own copy to mutate. */
  json: string;
  /** Its signed-in user, if any. */
  userId: string | undefined;
  /** When the sliding expiry was last written to Postgres. */
  touchedAt: number;
  /** Expiry as written then; past it the entry is not trusted and Postgres is asked again. */
  expiresAt: number;
}

export interface SessionCacheOptions {
  /** How often, at most, a session's sliding expiry is written while it is in use. */
  touchIntervalMs: number;
  /** Sessions kept in memory (least recently used are dropped first). */
  max?: number;
  /** How long a cached session is trusted without reading Postgres again (a bound on out-of-band changes). */
  ttlMs?: number;
  /** Tells every node (this one included) to forget a session id (it was written anew). */
  forgetEverywhere?: (sid: string) => Promise<void>;
  /** Tells every node (this one included) that a session has ended (logout, a vanished user): forget it, close its sockets. */
  endEverywhere?: (sid: string) => Promise<void>;
}

const expiryOf = (sess: session.SessionData): number => {
  const expires = sess.cookie?.expires;
  return expires ? new Date(expires).getTime() : Number.POSITIVE_INFINITY;
};

export class CachedSessionStore extends session.Store {
  private readonly cache: LRUCache<string, Cached>;

  constructor(
    private readonly backing: session.Store,
    private readonly options: SessionCacheOptions,
  ) {
    super();
    // ttlResolution 0: the clock read at each check, rather than cached behind a new 1 ms timer each time it expires
    this.cache = new LRUCache<string, Cached>({
      max: options.max ?? 100_000,
      ttl: options.ttlMs ?? 10 * 60_000,
      ttlResolution: 0,
    });
  }

  /**
   * Whether this request's end will write the session's sliding expiry (see `touch`): the moment to send the browser
   * a cookie with the new expiry too. In between, responses carry no cookie at all.
   */
  touchDue(sid: string, now = Date.now()): boolean {
    const hit = this.cache.get(sid);
    return !hit || this.due(hit, now);
  }

  /** Drops a session from this node's memory only (the cluster signal's handler). */
  forget(sid: string): void {
    this.cache.delete(sid);
  }

  override get(sid: string, callback: Callback<session.SessionData | null>): void {
    const hit = this.cache.get(sid);
    if (hit && hit.expiresAt > Date.now()) return callback(null, JSON.parse(hit.json) as session.SessionData);
    this.backing.get(sid, (err, sess) => {
      if (err) return callback(err);
      if (!sess) {
        this.cache.delete(sid);
        return callback(null, null);
      }
      // the stored expiry was written one max age after the session's last touch
      const maxAge = sess.cookie?.originalMaxAge;
      this.remember(sid, sess, maxAge ? expiryOf(sess) - maxAge : 0);
      callback(null, sess);
    });
  }

  override set(sid: string, sess: session.SessionData, callback?: Callback): void {
    this.backing.set(sid, sess, (err) => {
      if (err) return callback?.(err);
      // another node may hold an older copy of this id
      void this.everywhere(sid).then(() => {
        this.remember(sid, sess, Date.now());
        callback?.();
      });
    });
  }

  override destroy(sid: string, callback?: Callback): void {
    this.backing.destroy(sid, (err) => {
      this.cache.delete(sid);
      const ended = this.options.endEverywhere?.(sid) ?? this.everywhere(sid);
      void ended.then(() => callback?.(err));
    });
  }

  override touch(sid: string, sess: session.SessionData, callback?: Callback): void {
    const now = Date.now();
    if (!this.touchDue(sid, now)) return callback?.();
    // connect-pg-simple passes the query's error to the callback, which @types/express-session leaves out
    const touch = this.backing.touch!.bind(this.backing) as (
      sid: string,
      sess: session.SessionData,
      cb: Callback,
    ) => void;
    touch(sid, sess, (err) => {
      if (!err) this.remember(sid, sess, now);
      callback?.(err);
    });
  }

  /** Expired, or its sliding expiry is to be written (which also means it is not trusted without Postgres). */
  private due(hit: Cached, now: number): boolean {
    return now - hit.touchedAt >= this.options.touchIntervalMs || hit.expiresAt <= now;
  }

  private remember(sid: string, sess: session.SessionData, touchedAt: number): void {
    this.cache.set(sid, { json: JSON.stringify(sess), userId: sess.userId, touchedAt, expiresAt: expiryOf(sess) });
  }

  private everywhere(sid: string): Promise<void> {
    this.cache.delete(sid);
    return this.options.forgetEverywhere?.(sid) ?? Promise.resolve();
  }
}
