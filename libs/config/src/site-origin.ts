import type { Env } from './env.schema.js';

/** Addresses that mean "every interface" or "this machine": a browser here reaches them as `localhost`. */
const LOCAL_HOSTS = new Set(['', '0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/** The origin of a server listening on `host:port`, as a browser on this machine reaches it. */
export const listenOrigin = (host: string, port: number): string => {
  const name = LOCAL_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).origin;
};

/**
 * The origin every absolute link the product hands out is built on (password reset links, upload URLs, the image
 * addresses it recognises as its own): `PUBLIC_URL`'s, which production requires, else where the gateway listens.
 * Never a request's Host or X-Forwarded-Host: those are the client's to choose, and a link built on a forged one
 * would carry a reset token to someone else's site.
 */
export const siteOrigin = (env: Pick<Env, 'PUBLIC_URL' | 'HOST'>, port: number): string =>
  env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : listenOrigin(env.HOST, port);
