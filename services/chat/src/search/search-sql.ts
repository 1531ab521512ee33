// The SQL pieces every read of the Postgres search engine shares. Statements are assembled from fixed fragments only;
// every value that comes from a request (ids, terms, dates, the zone, limits) goes through `SqlParams` as a
// positional parameter, so nothing a user types is ever part of a statement's text.

import { readableBy } from '../channels/channel-access.service.js';

/** A statement's positional parameters: `add` appends a value and hands back its placeholder (`$n`). */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    return `$${this.values.push(value)}`;
  }
}

/** Runs one statement of a search (all of them on the search's one connection). */
export type Sql = (text: string, params: unknown[]) => Promise<unknown[]>;

/** What a window reads of each message (the search vector only to rank it). */
export const WINDOW_COLUMNS = `m."id", m."channel_id", m."user_id", m."content", m."created_at", m."search_vector"`;

/** The order every read walks in: the `(…, created_at, id)` indexes, newest first. */
export const NEWEST_FIRST = `ORDER BY m."created_at" DESC, m."id" DESC`;

/**
 * A timestamp as the ISO text a JavaScript date prints (UTC, milliseconds, truncated as a date truncates them): a
 * search's rows carry their time as text, since node-postgres spent about a third of its time on a window's 100 rows
 * (0.13 of 0.35 ms) turning their timestamps into dates.
 */
export const isoMilliseconds = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The channels of workspace `ws` that user `user` can read (`ws` and `user` are placeholders). */
export const readableChannels = (ws: string, user: string): string =>
  `FROM "chat"."channel" c WHERE c."workspace_id" = ${ws} AND ${readableBy(user)}`;

/**
 * Tells one set of readable channels from another: every id with its name (a DM's participants and a channel's type
 * never change). A search that takes the channels from memory checks this first (the check statement).
 */
export const channelsFingerprint = (ws: string, user: string): string =>
  `(SELECT md5(coalesce(json_agg(json_build_array(c."id", c."name") ORDER BY c."id")::text, ''))
      ${readableChannels(ws, user)})`;

/** The moment a search's pages are bounded by: never before the workspace's last change (see `SearchCursor`). */
export const snapshotOf = (ws: string, moment: string): string =>
  `greatest(${moment}, (SELECT "last_change_at" FROM "chat"."workspace_clock" WHERE "workspace_id" = ${ws}))`;
