// The typed API client: every call names a route of the table in libs/contracts (`Routes.x`), so its params, query,
// body and answer are the route's own types; a contract that changes incompatibly fails the web app's type-check.
import type { z } from 'zod';
import type { HttpRoute, ParamNames, RouteParams } from '@teamchat/contracts';
import { ApiError, errorOf, throwIfResNotOk } from './request.js';

export { ApiError };

type Defined<T> = Exclude<T, undefined>;
type Has<T> = [Defined<T>] extends [never] ? false : true;
type PathOf<R extends HttpRoute> = R['path'];

/** What a call of route R sends: its path params, its query and its body, each only when the route has one. */
export type RouteArgs<R extends HttpRoute> = ([ParamNames<PathOf<R>>] extends [never]
  ? unknown
  : { params: RouteParams<PathOf<R>> }) &
  (Has<R['query']> extends true ? { query?: z.input<Defined<R['query']> & z.ZodType> } : unknown) &
  (Has<R['body']> extends true ? { body: z.input<Defined<R['body']> & z.ZodType> } : unknown);

/** What a successful call of route R answers (undefined for a route without a JSON answer, such as a 204). */
export type RouteResult<R extends HttpRoute> =
  Has<R['response']> extends true ? z.output<Defined<R['response']> & z.ZodType> : undefined;

/** How a call is sent, beyond what the route carries. */
export interface CallOptions {
  /** Cancels the call (a query's signal). */
  signal?: AbortSignal;
  /** Lets the call outlive the page (a read mark sent just before the tab navigates away). */
  keepalive?: boolean;
}

/** The arguments of a route that takes nothing: none, or an empty object when call options follow. */
interface NoArgs {
  params?: never;
  query?: never;
  body?: never;
}

/** A route's arguments (optional when every part is) and then the call options. */
type CallArgs<R extends HttpRoute> = [ParamNames<PathOf<R>> | Has<R['query']> | Has<R['body']>] extends [false]
  ? [args?: NoArgs, options?: CallOptions]
  : Record<never, never> extends RouteArgs<R>
    ? [args?: RouteArgs<R>, options?: CallOptions]
    : [args: RouteArgs<R>, options?: CallOptions];

interface CallParts {
  params?: Readonly<Record<string, string>>;
  query?: object;
  body?: unknown;
}

/** `/api/channels/{channelId}/pins` with `{channelId}` → `/api/channels/3f…/pins`. */
export const routeUrl = (route: HttpRoute, params: Readonly<Record<string, string>> = {}, query?: object): string => {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
};

/** A successful answer: its JSON body, typed by the route, and its headers (such as a search's next cursor). */
export interface ApiAnswer<R extends HttpRoute> {
  body: RouteResult<R>;
  headers: Pick<Headers, 'get'>;
}

/**
 * How long to wait before sending a POST again after a 503 (its reply did not come in time, though the work may have
 * been done), a 409 IDEMPOTENCY.IN_PROGRESS (that work is still running) or a 429 BUS.TENANT_BUSY (the workspace's or
 * user's share of a service was full: nothing was done). The retry carries the same `Idempotency-Key`, so the server
 * answers it with the first answer instead of doing the work twice.
 */
export const POST_RETRY_DELAYS_MS = [400, 1500, 3000];

const IN_PROGRESS = 'IDEMPOTENCY.IN_PROGRESS';
const TENANT_BUSY = 'BUS.TENANT_BUSY';

/** An answer the same keyed POST may get a better one for by asking again. */
const worthRetrying = (error: ApiError): boolean =>
  error.status === 503 ||
  (error.status === 409 && error.code === IN_PROGRESS) ||
  (error.status === 429 && error.code === TENANT_BUSY);

const pause = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Calls a route of the table and answers its body with its headers; rejects with an ApiError carrying the status,
 * code, message and issues. A POST carries an `Idempotency-Key` of its own and is sent again with it after a 503 or
 * while the server still runs it (see POST_RETRY_DELAYS_MS).
 */
export async function callApiWithHeaders<R extends HttpRoute>(
  route: R,
  ...[args, options]: CallArgs<R>
): Promise<ApiAnswer<R>> {
  // each RouteArgs is a CallParts with the route's own names and types
  const parts: CallParts = args ?? {};
  const hasBody = parts.body !== undefined;
  const key = route.method === 'POST' ? crypto.randomUUID() : undefined;
  const headers: Record<string, string> = {
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...(key ? { 'Idempotency-Key': key } : {}),
  };
  const send = () =>
    fetch(routeUrl(route, parts.params, parts.query), {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(parts.body) : undefined,
      credentials: 'include',
      ...options,
    });
  let res = await send();
  for (const delay of key ? POST_RETRY_DELAYS_MS : []) {
    if (res.ok || options?.signal?.aborted) break;
    const error = await errorOf(res);
    if (!worthRetrying(error)) throw error;
    await pause(delay, options?.signal);
    res = await send();
  }
  await throwIfResNotOk(res);
  const text = await res.text();
  // the route's schema describes the answer; the server made it from the same schema
  return { body: (text ? JSON.parse(text) : undefined) as RouteResult<R>, headers: res.headers };
}

/** Calls a route of the table; rejects with an ApiError carrying the status, code, message and issues. */
export const callApi = async <R extends HttpRoute>(route: R, ...args: CallArgs<R>): Promise<RouteResult<R>> =>
  (await callApiWithHeaders(route, ...args)).body;
