import { constants } from 'node:zlib';
import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Bodies smaller than this go out as they are: compressing them saves too little to pay for itself. */
export const COMPRESSION_THRESHOLD = 1024;

/** Stored objects stream their bytes with an exact Content-Length (already-compressed images); /ws is an upgrade. */
const UNCOMPRESSED_PATHS = /^\/(ws|objects|attachments|uploads)(\/|$)/;

/** Which responses are compressed at all (the rest are left alone and do not vary on Accept-Encoding). */
const considered = (req: Request, res: Response): boolean => {
  if (req.headers.range) return false;
  if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
};

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

type Levels = { brotliQuality: number; gzipLevel: number };

const compressor = ({ brotliQuality, gzipLevel }: Levels) =>
  compression({
    threshold: COMPRESSION_THRESHOLD,
    level: gzipLevel,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
    filter: considered,
  });

/**
 * gzip or brotli (whichever the client prefers, brotli first) for the SPA's files and the JSON of /api, above
 * {@link COMPRESSION_THRESHOLD}, at the levels of {@link COMPRESSION_LEVELS}: the `compression` middleware as
 * published, one instance per level. Server-Sent Events and range requests are left alone, as is anything
 * `compressible` does not know as text.
 */
export const compressResponses = (): RequestHandler => {
  const files = compressor(COMPRESSION_LEVELS.files);
  const generated = compressor(COMPRESSION_LEVELS.generated);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (UNCOMPRESSED_PATHS.test(req.path)) return next();
    (GENERATED_PATHS.test(req.path) ? generated : files)(req, res, next);
  };
};
