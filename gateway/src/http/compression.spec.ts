import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, constants, deflateSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import {
  COMPRESSION_LEVELS,
  COMPRESSION_THRESHOLD,
  KEPT_BODY_LIMIT,
  WHOLE_BODY_LIMIT,
  compressResponses,
  keptCompression,
} from './compression.js';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that keeps the body as sent (no client-side decoding); `onFirstBytes` runs when the body starts arriving. */
const get = (url: string, headers: Record<string, string> = {}, onFirstBytes?: () => void, method = 'GET') =>
  new Promise<RawResponse>((resolve, reject) => {
    http
      .request(url, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (chunks.length === 0) onFirstBytes?.();
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });

describe(compressResponses.name, () => {
  const text = 'the quick brown fox jumps over the lazy dog\n'.repeat(200);
  let server: http.Server;
  let base: string;
  let seeFirstEvent: () => void = () => undefined;
  const firstEventSeen = new Promise<void>((r) => (seeFirstEvent = r));
  let streamEnded = false;

  const compression = compressResponses();
  beforeAll(async () => {
    const app = express();
    // sendWhole: the same answers as the middleware, without mounting it
    app.get('/whole/:size', (req, res) => {
      const size = Number(req.params.size);
      const json = JSON.stringify({ text: size > text.length ? 'x'.repeat(size) : text.slice(0, size) });
      if (req.query.cache) res.setHeader('Cache-Control', String(req.query.cache));
      if (req.query.encoding) res.setHeader('Content-Encoding', String(req.query.encoding));
      res.type('json');
      compression.sendWhole(req, res, json, (body) => res.send(body));
    });
    app.get('/api/whole', (req, res) => {
      res.type('json');
      compression.sendWhole(req, res, JSON.stringify({ text }), (body) => res.send(body));
    });
    app.use(compression);
    app.get('/api/big', (_req, res) => res.json({ text }));
    app.get('/api/small', (_req, res) => res.json({ ok: true }));
    app.get('/objects/:name', (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.setHeader('Content-Length', String(Buffer.byteLength(text)));
      res.end(text);
    });
    app.get('/stream', (_req, res) => {
      res.setHeader('Content-Type', 'text/event-stream');
      res.write(`data: ${'x'.repeat(2 * COMPRESSION_THRESHOLD)}\n\n`);
      // the stream ends once the client has seen the first event (or after 3 s, if it never arrives)
      let giveUp: NodeJS.Timeout | undefined;
      void Promise.race([firstEventSeen, new Promise((r) => (giveUp = setTimeout(r, 3000)))]).then(() => {
        clearTimeout(giveUp);
        streamEnded = true;
        res.end('data: done\n\n');
      });
    });
    app.get('/file', (_req, res) => {
      res.type('text/plain').send(text);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('gzips JSON above the threshold and varies on Accept-Encoding', async () => {
    const res = await get(`${base}/api/big`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual({ text });
  });

  it("compresses /api's JSON lighter than the SPA's files, brotli first", async () => {
    const brotli = (body: string, quality: number) =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
    const json = JSON.stringify({ text });
    const api = await get(`${base}/api/big`, { 'accept-encoding': 'gzip, br' });
    expect(COMPRESSION_LEVELS.generated.brotliQuality).toBeLessThan(COMPRESSION_LEVELS.files.brotliQuality);
    expect(api.headers['content-encoding']).toBe('br');
    expect(api.body).toEqual(brotli(json, COMPRESSION_LEVELS.generated.brotliQuality));
    const file = await get(`${base}/file`, { 'accept-encoding': 'gzip, br' });
    expect(file.headers['content-encoding']).toBe('br');
    expect(file.body).toEqual(brotli(text, COMPRESSION_LEVELS.files.brotliQuality));
    const gzipped = await get(`${base}/api/big`, { 'accept-encoding': 'gzip' });
    expect(gzipped.body).toEqual(gzipSync(json, { level: COMPRESSION_LEVELS.generated.gzipLevel }));
  });

  it('sends JSON under the threshold as it is', async () => {
    const res = await get(`${base}/api/small`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true });
  });

  it('never compresses stored objects, keeping their exact Content-Length', async () => {
    const res = await get(`${base}/objects/a.txt`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(text)));
    expect(res.body.toString()).toBe(text);
  });

  it('leaves Server-Sent Events unbuffered: the first event arrives before the stream ends', async () => {
    let endedBeforeFirstEvent: boolean | undefined;
    const res = await get(`${base}/stream`, { 'accept-encoding': 'gzip, br' }, () => {
      endedBeforeFirstEvent = streamEnded;
      seeFirstEvent();
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(endedBeforeFirstEvent).toBe(false);
    expect(res.body.toString()).toContain('data: done');
  });

  it('answers a range request uncompressed', async () => {
    const res = await get(`${base}/file`, { 'accept-encoding': 'gzip', range: 'bytes=0-9' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends a whole body as the middleware would: compressed at the threshold, otherwise varying on Accept-Encoding', async () => {
    const big = await get(`${base}/whole/2000`, { 'accept-encoding': 'gzip' });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(big.body).toString())).toEqual({ text: text.slice(0, 2000) });
    const small = await get(`${base}/whole/10`, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(small.body.toString())).toEqual({ text: text.slice(0, 10) });
    // what the middleware leaves alone does not vary either: range requests, no-transform
    const ranged = await get(`${base}/whole/10`, { 'accept-encoding': 'gzip', range: 'bytes=0-3' });
    expect(ranged.headers.vary).toBeUndefined();
    const noTransform = await get(`${base}/whole/10?cache=no-transform`, { 'accept-encoding': 'gzip' });
    expect(noTransform.headers.vary).toBeUndefined();
  });

  it('compresses a whole body in one piece, with its length, into the bytes the middleware sends', async () => {
    const json = JSON.stringify({ text });
    const brotli = brotliCompressSync(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: COMPRESSION_LEVELS.generated.brotliQuality },
    });
    for (const [accept, encoding, expected] of [
      ['gzip', 'gzip', gzipSync(json, { level: COMPRESSION_LEVELS.generated.gzipLevel })],
      // brotli first among equals, as the middleware: browsers list it after gzip
      ['gzip, deflate, br, zstd', 'br', brotli],
      ['deflate', 'deflate', deflateSync(json, { level: COMPRESSION_LEVELS.generated.gzipLevel })],
      // a client's q-values come first
      ['br;q=0.5, gzip', 'gzip', gzipSync(json, { level: COMPRESSION_LEVELS.generated.gzipLevel })],
    ] as const) {
      const whole = await get(`${base}/api/whole`, { 'accept-encoding': accept });
      const streamed = await get(`${base}/api/big`, { 'accept-encoding': accept });
      expect([whole.headers['content-encoding'], streamed.headers['content-encoding']]).toEqual([encoding, encoding]);
      expect(whole.body).toEqual(expected);
      expect(streamed.body).toEqual(expected);
      expect(whole.headers['content-length']).toBe(String(expected.length));
      expect(whole.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('sends a whole body as it is when the client accepts no encoding, or it is encoded already, or for HEAD', async () => {
    const plain = JSON.stringify({ text: text.slice(0, 2000) });
    const accepting: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0, br;q=0' },
    ];
    for (const headers of accepting) {
      const res = await get(`${base}/whole/2000`, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body.toString()).toBe(plain);
    }
    const encoded = await get(`${base}/whole/2000?encoding=gzip`, { 'accept-encoding': 'br' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.body.toString()).toBe(plain);
    const head = await get(`${base}/whole/2000`, { 'accept-encoding': 'gzip' }, undefined, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });

  it('streams a whole body above the limit through the middleware', async () => {
    const res = await get(`${base}/whole/${WHOLE_BODY_LIMIT + 1}`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual({ text: 'x'.repeat(WHOLE_BODY_LIMIT + 1) });
  });

  describe(keptCompression.name, () => {
    const levels = COMPRESSION_LEVELS.generated;
    const page = (n: number) => JSON.stringify({ n, text });

    it('hands the same text the bytes it made for it before, each encoding its own, and another text its own', () => {
      const compress = keptCompression();
      const first = compress(page(1), 'gzip', levels);
      expect(gunzipSync(first).toString()).toBe(page(1));
      // a text equal to the first but made afresh, as each service reply is
      expect(compress(page(1), 'gzip', levels)).toBe(first);
      const brotli = compress(page(1), 'br', levels);
      expect(brotliDecompressSync(brotli).toString()).toBe(page(1));
      expect(compress(page(1), 'br', levels)).toBe(brotli);
      expect(compress(page(1), 'gzip', levels)).toBe(first);
      const other = compress(page(2), 'gzip', levels);
      expect(gunzipSync(other).toString()).toBe(page(2));
      // the same text at other levels is compressed at those
      const files = compress(page(1), 'gzip', COMPRESSION_LEVELS.files);
      expect(files).toEqual(gzipSync(page(1), { level: COMPRESSION_LEVELS.files.gzipLevel }));
      expect(files).not.toBe(first);
    });

    it('keeps texts within its budget, the least recently used going first, and never one above the size limit', () => {
      const size = (n: number) => 2 * page(n).length + gzipSync(page(n), { level: levels.gzipLevel }).length;
      const compress = keptCompression(size(1) + size(2) + 10);
      const [one, two] = [compress(page(1), 'gzip', levels), compress(page(2), 'gzip', levels)];
      expect(compress(page(1), 'gzip', levels)).toBe(one);
      compress(page(3), 'gzip', levels);
      // page 2 was used least lately: it made way for page 3, page 1 stayed
      expect(compress(page(1), 'gzip', levels)).toBe(one);
      const again = compress(page(2), 'gzip', levels);
      expect(again).not.toBe(two);
      expect(again).toEqual(two);
      const big = JSON.stringify({ text: 'y'.repeat(KEPT_BODY_LIMIT) });
      const bigOnce = compress(big, 'gzip', levels);
      expect(gunzipSync(bigOnce).toString()).toBe(big);
      expect(compress(big, 'gzip', levels)).not.toBe(bigOnce);
    });
  });
});
