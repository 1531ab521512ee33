import { constants } from 'node:zlib';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';

/** Bodies smaller than this go out as they are: compressing them saves too little to pay for itself. */
export const COMPRESSION_THRESHOLD = 1024;

/** Stored objects stream their bytes with an exact Content-Length (already-compressed images); /ws is an upgrade. */
const UNCOMPRESSED_PATHS = /^\/(ws|objects|attachments|uploads)(\/|$)/;

/**
 * gzip or brotli (whichever the client prefers, brotli first) for the SPA's files and the JSON of /api, above
 * {@link COMPRESSION_THRESHOLD}. Brotli at quality 4 costs about what gzip's default level does, so compressing on the
 * fly stays cheap. Server-Sent Events and range requests are left alone, as is anything `compressible` does not know
 * as text.
 */
export const compressResponses = () => {
  const compress = compression({
    threshold: COMPRESSION_THRESHOLD,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    filter: (req, res) => {
      if (req.headers.range) return false;
      if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (UNCOMPRESSED_PATHS.test(req.path)) return next();
    compress(req, res, next);
  };
};
