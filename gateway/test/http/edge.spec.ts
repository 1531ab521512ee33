// What reaches the gateway from outside: which proxies' X-Forwarded-For is believed, which Origins may open the live
// socket, which request bodies /api takes, which Host headers URLs are built on, a cross-site logout link, and the
// session cookie behind https.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import WebSocket from 'ws';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { parseEnv } from '@teamchat/config';
import { adminWithWorkspace, signUp, signupBody } from '../accounts/helpers.js';

const upgrade = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });

const register = (url: string, forwardedFor: string) =>
  request(url).post('/api/register').set('x-forwarded-for', forwardedFor).send({ email: 'not an email' });

describe('TRUST_PROXY', () => {
  it('is a list of addresses, CIDRs and proxy-addr names; `true` (anyone) and nonsense are refused at start', () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual(['loopback', 'uniquelocal']);
    expect(parseEnv({ TRUST_PROXY: '10.1.0.0/16, 192.168.1.7' }).TRUST_PROXY).toEqual(['10.1.0.0/16', '192.168.1.7']);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY.*true would let any client pick its own address/s,
    );
    expect(() => parseEnv({ TRUST_PROXY: 'the proxy' })).toThrow(/TRUST_PROXY/);
  });

  describe('a peer that is not a trusted proxy (this test client, with loopback left out)', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await startTestStack({ env: { TRUST_PROXY: '10.250.0.0/16', AUTH_RATE_LIMIT_PER_IP: '3' } });
    }, 120_000);
    afterAll(() => stack?.close());

    it('cannot escape the per-address sign-in limit by sending its own X-Forwarded-For', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await register(stack.url, `203.0.113.${i}`)).status);
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    });
  });

  describe('a trusted proxy (loopback, by default)', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await startTestStack({ env: { AUTH_RATE_LIMIT_PER_IP: '3' } });
    }, 120_000);
    afterAll(() => stack?.close());

    it('has each client behind it counted on its own address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await register(stack.url, `203.0.113.${i}`)).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
      for (let i = 0; i < 3; i++) await register(stack.url, '203.0.113.50');
      expect((await register(stack.url, '203.0.113.50')).status).toBe(429);
    });
  });
});

describe('origins, bodies and logout', () => {
  let stack: TestStack;
  const webDist = mkdtempSync(join(tmpdir(), 'edge-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  beforeAll(async () => {
    stack = await startTestStack({ webDist });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the security headers on the SPA and the API: a CSP without Stripe when Stripe is not set up, no HSTS over http', async () => {
    for (const path of ['/', '/channel/abc', '/api/health']) {
      const res = await request(stack.url).get(path);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('stripe');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets nobody store what /api answers, and hashes no ETag for it; the SPA keeps its own caching', async () => {
    const { cookie } = await signUp(stack.url, {}, '10.78.0.9');
    for (const path of ['/api/health', '/api/workspaces', '/api/no-such-route']) {
      const res = await request(stack.url).get(path).set('Cookie', cookie);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    const page = await request(stack.url).get('/');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeDefined();
  });

  it('opens /ws for the page’s own origin or a client that sends none, and refuses a foreign Origin with 403', async () => {
    const { cookie } = await signUp(stack.url, {}, '10.78.0.1');
    const host = new URL(stack.url).host;
    expect(await upgrade(stack.url, { cookie })).toBe(101);
    expect(await upgrade(stack.url, { cookie, origin: `http://${host}` })).toBe(101);
    expect(await upgrade(stack.url, { cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await upgrade(stack.url, { cookie, origin: 'null' })).toBe(403);
  });

  it('answers every failure with { error, code }: unknown routes, object routes without a key, oversized headers, refused upgrades', async () => {
    const notFound = { error: 'Not found', code: 'NOT_FOUND' };
    for (const path of ['/api/nope', '/api/channels/x/nope', '/objects/', '/attachments/', '/objects']) {
      const res = await request(stack.url).get(path);
      expect([path, res.status, res.body]).toEqual([path, 404, notFound]);
    }
    const long = await fetch(`${stack.url}/api/health?q=${'x'.repeat(20_000)}`);
    expect(long.status).toBe(431);
    expect(await long.json()).toEqual({ error: 'Request headers too large', code: 'HTTP.HEADERS_TOO_LARGE' });
    const refused = await new Promise<{ status: number; type: string; body: string }>((resolve) => {
      const ws = new WebSocket(`${stack.url.replace('http', 'ws')}/ws`);
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      });
    });
    expect(refused.status).toBe(401);
    expect(refused.type).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body)).toEqual({ error: 'Unauthorized', code: 'AUTH.UNAUTHENTICATED' });
  });

  it('answers 415 to a form or text body under /api, before any route, and still takes JSON and empty bodies', async () => {
    const form = await request(stack.url)
      .post('/api/login')
      .set('x-forwarded-for', '10.78.0.2')
      .type('form')
      .send({ email: 'a@example.com', password: 'password123' });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({
      error: 'Request bodies must be JSON (Content-Type: application/json)',
      code: 'VALIDATION.UNSUPPORTED_MEDIA_TYPE',
    });
    const text = await request(stack.url).post('/api/register').set('content-type', 'text/plain').send('{"a":1}');
    expect(text.status).toBe(415);
    const json = await request(stack.url).post('/api/register').set('x-forwarded-for', '10.78.0.3').send(signupBody());
    expect(json.status).toBe(201);
    // a POST with no body at all is not refused for its (missing) type
    const { agent } = await signUp(stack.url, {}, '10.78.0.4');
    expect((await agent.post('/api/workspaces').send({ name: 'Bodies' })).status).toBe(201);
    expect((await agent.post('/api/invites')).status).toBe(201);
  });

  describe('a forged or malformed Host (no PUBLIC_URL here: URLs are built on where the gateway listens)', () => {
    const FORGED = ['evil.example', 'evil.example:8080', '[::1]:3000', 'exa mple', 'a:99999', 'x/y', 'a@evil.example'];
    const upload = { filename: 'a.png', contentType: 'image/png' };
    let admin: Awaited<ReturnType<typeof adminWithWorkspace>>;
    beforeAll(async () => {
      admin = await adminWithWorkspace(stack.url, 'Hosts', '10.78.1.1');
    });

    /** Every route that makes an upload URL (the image addresses recognised as the site's are built on the same origin). */
    const uploadRoutes: [path: string, body: object][] = [
      ['/api/upload-url', upload],
      ['/api/messages/upload', { filename: 'a.png' }],
      ['/api/reactions/upload', { filename: 'a.png' }],
    ];

    it.each(FORGED)('changes no upload URL: Host %j', async (host) => {
      const own = new URL(stack.url).origin;
      for (const [path, body] of uploadRoutes) {
        const res = await admin.agent.post(path).set('host', host).send(body);
        expect([path, res.status]).toEqual([path, 200]);
        expect([path, new URL(res.body.uploadUrl ?? res.body.uploadURL).origin]).toEqual([path, own]);
      }
    });

    it('changes no URL for an X-Forwarded-Host from a trusted proxy either', async () => {
      for (const host of ['evil.example', 'x/y']) {
        const res = await admin.agent.post('/api/upload-url').set('x-forwarded-host', host).send(upload);
        expect(res.status).toBe(200);
        expect(new URL(res.body.uploadUrl).origin).toBe(new URL(stack.url).origin);
      }
    });
  });

  it('ends the session on a same-site logout, but only redirects a cross-site one', async () => {
    const host = new URL(stack.url).host;
    const { agent, cookie } = await signUp(stack.url, {}, '10.78.0.5');
    const crossSite = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page.html' },
    ];
    for (const headers of crossSite) {
      const res = await request(stack.url).get('/api/logout').set('cookie', cookie).set(headers);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/');
      expect((await agent.get('/api/auth/user')).status).toBe(200);
    }
    const own = await request(stack.url)
      .get('/api/logout')
      .set('cookie', cookie)
      .set({ 'sec-fetch-site': 'same-origin', referer: `http://${host}/channel/x` });
    expect(own.status).toBe(302);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });
});

describe('behind https (PUBLIC_URL https, proxy not in TRUST_PROXY)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { PUBLIC_URL: 'https://chat.example.com', TRUST_PROXY: 'false' } });
  }, 120_000);
  afterAll(() => stack?.close());

  it('sends HSTS, and lets the CSP upgrade insecure requests', async () => {
    const res = await request(stack.url).get('/api/health');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('marks the session cookie Secure', async () => {
    const res = await request(stack.url).post('/api/register').set('x-forwarded-proto', 'https').send(signupBody());
    expect(res.status).toBe(201);
    expect(String(res.headers['set-cookie']?.[0])).toMatch(/; Secure/);
  });

  it('opens /ws only for the public origin', async () => {
    const res = await request(stack.url).post('/api/register').set('x-forwarded-proto', 'https').send(signupBody());
    const cookie = String(res.headers['set-cookie']?.[0]).split(';')[0];
    expect(await upgrade(stack.url, { cookie, origin: 'https://chat.example.com' })).toBe(101);
    expect(await upgrade(stack.url, { cookie, origin: stack.url })).toBe(403);
  });
});
