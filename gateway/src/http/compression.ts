import { constants } from 'node:zlib';
import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Bodies smaller than this go out as they are: compressing them saves too little to pay for itself. */
export const COMPRESSION_THRESHOLD = 1024;

/** Stored objects stream their bytes with an exact Content-Length (already-compressed images); /ws is an upgrade. */
const UNCOMPRESSED_PATHS = /^\/(ws|objects|attachments|uploads)(\/|$)/;

/** `compression`'s own test for `Cache-Control: no-transform`, under which it leaves a response alone. */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

/** Which responses are compressed at all (the rest are left alone and do not vary on Accept-Encoding). */
const considered = (req: Request, res: Response): boolean => {
  if (req.headers.range) return false;
  if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
};

export interface ResponseCompression extends RequestHandler {
  /**
   * Sends a body that is known whole, as the middleware would have sent it had it been mounted: through it when the
   * body reaches the threshold, otherwise as it is, with the `Vary: Accept-Encoding` the middleware adds to every
   * response it considers. The middleware's hooks on the response cost about a tenth of a warm API call, which small
   * answers need not pay. `send` writes the body (its headers set by then, or set by it).
   */
  sendWhole(req: Request, res: Response, bytes: number, send: () => void): void;
}

/** Answers made afresh for every request: the JSON of /api. */
const GENERATED_PATHS = /^\/api(\/|$)/;

/**
 * How hard each kind of body is compressed. The SPA's files are fetched once per client and version (hashed assets
 * are cached for a year): brotli at quality 4, gzip at its default level. The JSON of /api is compressed on every
 * answer: brotli at quality 2 and gzip at level 3 take about half the CPU (a 19 KB message page: 53 µs and 40 µs
 * against 108 µs and 66–93 µs) for 5–8 % more bytes — brotli 2 is still smaller than gzip's default. Under the users
 * mix of bench/http, compression had been a tenth of a cluster gateway's CPU.
 */
export const COMPRESSION_LEVELS = {
  files: { brotliQuality: 4, gzipLevel: constants.Z_DEFAULT_COMPRESSION },
  generated: { brotliQuality: 2, gzipLevel: 3 },
} as const;

const compressor = ({ brotliQuality, gzipLevel }: { brotliQuality: number; gzipLevel: number }) =>
  compression({
    threshold: COMPRESSION_THRESHOLD,
    level: gzipLevel,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
    filter: considered,
  });

/**
 * gzip or brotli (whichever the client prefers, brotli first) for the SPA's files and the JSON of /api, above
 * {@link COMPRESSION_THRESHOLD}, at the levels of {@link COMPRESSION_LEVELS}. Server-Sent Events and range requests
 * are left alone, as is anything `compressible` does not know as text.
 */
export const compressResponses = (): ResponseCompression => {
  const files = compressor(COMPRESSION_LEVELS.files);
  const generated = compressor(COMPRESSION_LEVELS.generated);
  const middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (UNCOMPRESSED_PATHS.test(req.path)) return next();
    (GENERATED_PATHS.test(req.path) ? generated : files)(req, res, next);
  };
  const sendWhole = (req: Request, res: Response, bytes: number, send: () => void): void => {
    if (bytes >= COMPRESSION_THRESHOLD) return middleware(req, res, send);
    const cacheControl = String(res.getHeader('Cache-Control') ?? '');
    if (!UNCOMPRESSED_PATHS.test(req.path) && considered(req, res) && !NO_TRANSFORM.test(cacheControl))
      res.vary('Accept-Encoding');
    send();
  };
  return Object.assign(middleware, { sendWhole });
};
