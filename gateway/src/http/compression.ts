import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
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

/**
 * Whole bodies up to this size are compressed in one call on the event loop (a 24 KB message page: about 50 µs);
 * larger ones go through the middleware's stream, which compresses on libuv's thread pool.
 */
export const WHOLE_BODY_LIMIT = 1024 * 1024;

/** The encodings `compression` offers and, among those a client accepts equally, the ones it prefers. */
const SUPPORTED_ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED_ENCODINGS = ['br', 'gzip'];

export interface ResponseCompression extends RequestHandler {
  /**
   * Sends a body that is known whole, with the headers and encoding the middleware would have given it had it been
   * mounted (the same tests in the same order, the same levels), but compressed in one synchronous call and sent
   * with its Content-Length. The middleware's stream costs far more than the compression itself for a body of a
   * few kilobytes: a Transform, two hand-offs to the thread pool (the data, then the final flush) and a chunked
   * response written in two parts — a 24 KB JSON body cost 395–507 µs of server CPU through it and 211–265 µs this
   * way, gzip level 3 both. `send` writes the body it is given (its headers set by then, or set by it).
   */
  sendWhole(req: Request, res: Response, body: string, send: (body: string | Buffer) => void): void;
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

type Levels = { brotliQuality: number; gzipLevel: number };

const compressor = ({ brotliQuality, gzipLevel }: Levels) =>
  compression({
    threshold: COMPRESSION_THRESHOLD,
    level: gzipLevel,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
    filter: considered,
  });

/** One body, compressed as `compression`'s stream would at these levels (the same bytes). */
const compressWhole = (body: string, encoding: string, levels: Levels): Buffer => {
  if (encoding === 'br')
    return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: levels.brotliQuality } });
  return encoding === 'gzip'
    ? gzipSync(body, { level: levels.gzipLevel })
    : deflateSync(body, { level: levels.gzipLevel });
};

/** Bytes of compressed bodies kept, texts included (see {@link keptCompression}). */
export const KEPT_COMPRESSION_BYTES = 8 * 1024 * 1024;
/** Bodies above this size are compressed every time, never kept. */
export const KEPT_BODY_LIMIT = 64 * 1024;

/**
 * {@link compressWhole} that keeps what it made, by the exact text, encoding and levels, least recently used first out.
 * Many answers go out the same, byte for byte, to many callers: a channel's newest page to every member opening it
 * until someone posts, a workspace's channel list. Looking a 16 KB page up costs about 25 µs (hashing and comparing
 * its text) against 75–150 µs to gzip it again at level 3 and 60–110 µs for brotli at quality 2. Keyed by the content
 * itself, a kept body is only ever the compressed form of the very text the caller is about to send.
 */
export const keptCompression = (maxBytes = KEPT_COMPRESSION_BYTES) => {
  // each text once, with every compressed form made of it (`encoding:brotliQuality:gzipLevel`)
  const kept = new LRUCache<string, Readonly<Record<string, Buffer>>>({
    maxSize: maxBytes,
    // a text of n UTF-16 code units takes up to 2n bytes
    sizeCalculation: (forms, text) => Object.values(forms).reduce((n, form) => n + form.length, 2 * text.length),
  });
  return (body: string, encoding: string, levels: Levels): Buffer => {
    if (body.length > KEPT_BODY_LIMIT) return compressWhole(body, encoding, levels);
    const form = `${encoding}:${levels.brotliQuality}:${levels.gzipLevel}`;
    const forms = kept.get(body);
    const hit = forms?.[form];
    if (hit) return hit;
    const compressed = compressWhole(body, encoding, levels);
    kept.set(body, { ...forms, [form]: compressed });
    return compressed;
  };
};

/**
 * gzip or brotli (whichever the client prefers, brotli first) for the SPA's files and the JSON of /api, above
 * {@link COMPRESSION_THRESHOLD}, at the levels of {@link COMPRESSION_LEVELS}. Server-Sent Events and range requests
 * are left alone, as is anything `compressible` does not know as text.
 */
export const compressResponses = (): ResponseCompression => {
  const files = compressor(COMPRESSION_LEVELS.files);
  const generated = compressor(COMPRESSION_LEVELS.generated);
  const compress = keptCompression();
  const middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (UNCOMPRESSED_PATHS.test(req.path)) return next();
    (GENERATED_PATHS.test(req.path) ? generated : files)(req, res, next);
  };
  const sendWhole = (req: Request, res: Response, body: string, send: (body: string | Buffer) => void): void => {
    const bytes = Buffer.byteLength(body);
    if (bytes > WHOLE_BODY_LIMIT) return middleware(req, res, () => send(body));
    // `compression`'s own steps, in its order: what it leaves alone does not vary on Accept-Encoding either
    const cacheControl = String(res.getHeader('Cache-Control') ?? '');
    if (UNCOMPRESSED_PATHS.test(req.path) || !considered(req, res) || NO_TRANSFORM.test(cacheControl))
      return send(body);
    res.vary('Accept-Encoding');
    const encoded = String(res.getHeader('Content-Encoding') ?? 'identity') !== 'identity';
    if (bytes < COMPRESSION_THRESHOLD || encoded || req.method === 'HEAD') return send(body);
    const encoding = req.headers['accept-encoding']
      ? new Negotiator(req).encoding(SUPPORTED_ENCODINGS, { preferred: PREFERRED_ENCODINGS })
      : 'identity';
    if (!encoding || encoding === 'identity') return send(body);
    const levels = GENERATED_PATHS.test(req.path) ? COMPRESSION_LEVELS.generated : COMPRESSION_LEVELS.files;
    res.setHeader('Content-Encoding', encoding);
    send(compress(body, encoding, levels));
  };
  return Object.assign(middleware, { sendWhole });
};
