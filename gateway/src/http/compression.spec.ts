import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, deflateSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { COMPRESSION_LEVELS, COMPRESSION_THRESHOLD, compressResponses } from './compression.js';

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

  it('negotiates the encoding the client prefers, brotli first among equals', async () => {
    const json = JSON.stringify({ text });
    const gzipped = gzipSync(json, { level: COMPRESSION_LEVELS.generated.gzipLevel });
    for (const [accept, encoding, expected] of [
      ['gzip', 'gzip', gzipped],
      // browsers list brotli after gzip
      [
        'gzip, deflate, br, zstd',
        'br',
        brotliCompressSync(json, {
          params: { [constants.BROTLI_PARAM_QUALITY]: COMPRESSION_LEVELS.generated.brotliQuality },
        }),
      ],
      ['deflate', 'deflate', deflateSync(json, { level: COMPRESSION_LEVELS.generated.gzipLevel })],
      // a client's q-values come first
      ['br;q=0.5, gzip', 'gzip', gzipped],
    ] as const) {
      const res = await get(`${base}/api/big`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.body).toEqual(expected);
    }
  });

  it('sends JSON as it is when the client accepts no encoding, or for HEAD', async () => {
    const accepting: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0, br;q=0' },
    ];
    for (const headers of accepting) {
      const res = await get(`${base}/api/big`, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(res.body.toString())).toEqual({ text });
    }
    const head = await get(`${base}/api/big`, { 'accept-encoding': 'gzip' }, undefined, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });
});
