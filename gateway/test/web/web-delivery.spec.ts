// Delivery of the SPA and the API's JSON through the gateway: gzip/brotli above a small size, long-lived immutable
// caching for Vite's hashed assets, index.html revalidated, and server paths never looked up on disk.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestStack, type TestStack } from '@teamchat/test-stack';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request that keeps the body exactly as sent (no client-side decoding). */
const raw = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<RawResponse>((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });

const decoded = (res: RawResponse): string => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString();
  if (encoding === 'gzip') return gunzipSync(res.body).toString();
  return res.body.toString();
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('web delivery', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'teamchat-web-'));
  const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/index-Bx7fA2qz.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  const bundle = `export const greet = (name) => \`hello \${name}\`;\n`.repeat(400);
  const smallCss = 'body{margin:0}';
  let stack: TestStack;

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), indexHtml);
    writeFileSync(join(webDist, 'assets', 'index-Bx7fA2qz.js'), bundle);
    writeFileSync(join(webDist, 'assets', 'tiny-D4c1Ea0b.css'), smallCss);
    // files named like server routes: the gateway must answer these paths itself, never from disk
    mkdirSync(join(webDist, 'api'));
    writeFileSync(join(webDist, 'api', 'health'), 'a file in dist, not the health route');
    writeFileSync(join(webDist, 'metrics'), 'a file in dist, not the metrics route');
    stack = await startTestStack({ webDist, services: [] });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('hashed assets', () => {
    it('are gzipped for a client that accepts gzip, and cached for a year as immutable', async () => {
      const res = await raw(`${stack.url}/assets/index-Bx7fA2qz.js`, { 'accept-encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.body.length).toBeLessThan(bundle.length / 10);
      expect(decoded(res)).toBe(bundle);
    });

    it('are brotli-compressed when the client accepts br, preferred over gzip', async () => {
      const res = await raw(`${stack.url}/assets/index-Bx7fA2qz.js`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(decoded(res)).toBe(bundle);
    });

    it('go uncompressed to a client that accepts no encoding, and when smaller than 1 KB', async () => {
      const plain = await raw(`${stack.url}/assets/index-Bx7fA2qz.js`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(bundle);
      const tiny = await raw(`${stack.url}/assets/tiny-D4c1Ea0b.css`, { 'accept-encoding': 'gzip, br' });
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.headers['cache-control']).toBe(IMMUTABLE);
      expect(tiny.body.toString()).toBe(smallCss);
    });
  });

  describe('index.html', () => {
    it.each(['/', '/index.html', '/channel/abc', '/settings/profile?tab=1'])(
      'at %s is revalidated (no-cache) and compressed',
      async (path) => {
        const res = await raw(`${stack.url}${path}`, { 'accept-encoding': 'br' });
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['content-encoding']).toBe('br');
        expect(decoded(res)).toBe(indexHtml);
      },
    );

    it('keeps the readable signed-in marker in step with the session cookie the browser sent', async () => {
      const marker = (res: RawResponse) =>
        ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('tc_signed_in='));
      // a browser holding a session cookie (from before the marker existed, or signed in over the API)
      const set = marker(await raw(`${stack.url}/channel/abc`, { cookie: 'tc.sid=s%3Aabc.def' }));
      expect(set).toMatch(/^tc_signed_in=1;.*Path=\/.*SameSite=Lax/i);
      expect(set).not.toMatch(/HttpOnly/i);
      // a marker left behind after the session cookie went: cleared
      expect(marker(await raw(`${stack.url}/`, { cookie: 'tc_signed_in=1' }))).toMatch(
        /^tc_signed_in=;.*Expires=Thu, 01 Jan 1970/,
      );
      // nothing to change: no cookie at all
      expect(marker(await raw(`${stack.url}/`, { cookie: 'tc.sid=s%3Aabc.def; tc_signed_in=1' }))).toBeUndefined();
      expect((await raw(`${stack.url}/`)).headers['set-cookie']).toBeUndefined();
    });

    it('answers HEAD for a client route with no-cache and no body', async () => {
      const res = await raw(`${stack.url}/channel/abc`, {}, 'HEAD');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.length).toBe(0);
    });
  });

  describe('server paths', () => {
    it('route /api to the API even where dist holds a file of that name', async () => {
      const res = await raw(`${stack.url}/api/health`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok' });
    });

    it('route /metrics to Prometheus even where dist holds a file of that name', async () => {
      const res = await raw(`${stack.url}/metrics`, { 'accept-encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(decoded(res)).toContain('http_request_duration_seconds');
    });

    it('never fall back to index.html: an unknown /api path is a JSON 404', async () => {
      const res = await raw(`${stack.url}/api/no-such-route`);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString())).toMatchObject({ error: 'Not found' });
    });

    it('compress API JSON above 1 KB and leave small answers as they are', async () => {
      const docs = await raw(`${stack.url}/api/docs/openapi.json`, { 'accept-encoding': 'gzip' });
      expect(docs.status).toBe(200);
      expect(docs.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(decoded(docs)).openapi).toBe('3.1.0');
      const health = await raw(`${stack.url}/api/health`, { 'accept-encoding': 'gzip, br' });
      expect(health.headers['content-encoding']).toBeUndefined();
    });
  });
});
