import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'express';
import { parseEnv } from '@teamchat/config';
import { DomainError } from '@teamchat/bus';
import { ErrorCodes, uploadSignaturePayload } from '@teamchat/contracts';
import type { GatewayRuntime } from '../gateway.runtime.js';
import { LocalObjectStore } from './local-object-store.js';

const SECRET = 'local-object-store-spec-secret-0123456789';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe(LocalObjectStore.name, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'local-store-'));
  const store = new LocalObjectStore({
    env: parseEnv({}, { DATA_DIR: dataDir, UPLOAD_SIGNING_SECRET: SECRET }),
  } as GatewayRuntime);
  let server: http.Server;
  let base: string;

  const sign = (key: string, max: number, type: string, expires: number) =>
    createHmac('sha256', SECRET)
      .update(
        uploadSignaturePayload({
          method: 'PUT',
          prefix: 'objects',
          kind: 'profile',
          key,
          maxBytes: max,
          contentType: type,
          expires,
        }),
      )
      .digest('hex');
  /** Where the bytes arrive: a PUT to /objects/<key> unless a test says otherwise. */
  const at = (key: string, method = 'PUT', prefix = 'objects') => ({ method, prefix, key });
  const newKey = () => `w/${randomUUID()}/${randomUUID()}.png`;
  const query = (key: string, max = 1000, expires = Math.floor(Date.now() / 1000) + 300) => ({
    kind: 'profile',
    expires: String(expires),
    max: String(max),
    type: 'image/png',
    sig: sign(key, max, 'image/png', expires),
  });

  beforeAll(async () => {
    // a bare HTTP server running `receive`, so the body really streams in over a socket
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const key = url.pathname.slice(1);
      const finish = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      try {
        const signed = store.authorize(at(key), Object.fromEntries(url.searchParams));
        store.receive(req as Request, key, signed).then(
          (size) => finish(200, { size }),
          (err: DomainError) =>
            finish(err.code === ErrorCodes.uploadTooLarge ? 413 : 400, { code: err.code, error: err.message }),
        );
      } catch (err) {
        finish(403, { code: (err as DomainError).code });
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const send = async (key: string, q: Record<string, string>, body: Buffer, type = 'image/png') => {
    const res = await fetch(`${base}/${key}?${new URLSearchParams(q).toString()}`, {
      method: 'PUT',
      body,
      headers: { 'content-type': type },
    });
    return { status: res.status, body: (await res.json()) as { code?: string; error?: string; size?: number } };
  };

  describe('authorize', () => {
    it('accepts the fields the media service signed', () => {
      const key = newKey();
      expect(store.authorize(at(key), query(key))).toMatchObject({ max: 1000, type: 'image/png' });
    });

    it('refuses a signature for another key, limit, type, method, route or kind, and a missing one', () => {
      const key = newKey();
      const q = query(key);
      const code = (fn: () => unknown) => {
        try {
          fn();
          return 'accepted';
        } catch (err) {
          return (err as DomainError).code;
        }
      };
      expect(code(() => store.authorize(at(newKey()), q))).toBe(ErrorCodes.uploadSignature);
      expect(code(() => store.authorize(at(key), { ...q, max: '2000' }))).toBe(ErrorCodes.uploadSignature);
      expect(code(() => store.authorize(at(key), { ...q, type: 'image/gif' }))).toBe(ErrorCodes.uploadSignature);
      expect(code(() => store.authorize(at(key), { ...q, sig: undefined }))).toBe(ErrorCodes.uploadSignature);
      expect(code(() => store.authorize(at('../etc/passwd'), q))).toBe(ErrorCodes.objectNotFound);
      // the method, the route and the kind are signed too: a profile image URL is no good elsewhere
      expect(code(() => store.authorize(at(key, 'POST'), q))).toBe(ErrorCodes.uploadSignature);
      expect(code(() => store.authorize(at(key, 'PUT', 'attachments'), q))).toBe(ErrorCodes.uploadSignature);
      expect(code(() => store.authorize(at(key), { ...q, kind: 'logo' }))).toBe(ErrorCodes.uploadSignature);
    });

    it('refuses a correctly signed URL once it has expired', () => {
      const key = newKey();
      const expires = Math.floor(Date.now() / 1000) + 300;
      expect(() => store.authorize(at(key), query(key, 1000, expires), (expires + 1) * 1000)).toThrow(
        'Upload URL has expired',
      );
    });
  });

  describe('receive', () => {
    it('streams the body to $DATA_DIR/objects/<key>', async () => {
      const key = newKey();
      const body = Buffer.concat([PNG, Buffer.alloc(500, 3)]);
      expect(await send(key, query(key), body)).toEqual({ status: 200, body: { size: body.length } });
      expect(readFileSync(join(dataDir, 'objects', key))).toEqual(body);
    });

    it('stops at the signed limit and keeps nothing', async () => {
      const key = newKey();
      const res = await send(key, query(key, 1000), Buffer.concat([PNG, Buffer.alloc(1000)]));
      expect(res).toEqual({
        status: 413,
        body: { code: ErrorCodes.uploadTooLarge, error: 'Please upload an image smaller than 1KB.' },
      });
      expect(existsSync(join(dataDir, 'objects', key))).toBe(false);
      expect(readdirSync(join(dataDir, 'objects', '.incoming'))).toEqual([]);
    });

    it('stops a body of unknown length at the limit, mid-stream', async () => {
      const key = newKey();
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${base}/${key}?${new URLSearchParams(query(key, 64 * 1024)).toString()}`, {
          method: 'PUT',
          headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' },
        });
        req.on('response', (r) => {
          let text = '';
          r.on('data', (c) => (text += c));
          r.on('end', () => resolve({ status: r.statusCode!, body: text }));
        });
        req.on('error', reject);
        req.write(PNG);
        for (let i = 0; i < 8; i++) req.write(Buffer.alloc(16 * 1024));
        req.end();
      });
      expect(res.status).toBe(413);
      expect(existsSync(join(dataDir, 'objects', key))).toBe(false);
    });

    it('refuses first bytes of another type, and a second upload to the same key', async () => {
      const key = newKey();
      expect((await send(key, query(key), Buffer.from('GIF89a-not-a-png'))).body.code).toBe(ErrorCodes.uploadInvalid);
      expect(existsSync(join(dataDir, 'objects', key))).toBe(false);
      expect((await send(key, query(key), PNG)).status).toBe(200);
      expect((await send(key, query(key), Buffer.concat([PNG, PNG]))).body.code).toBe(ErrorCodes.uploadExpired);
      expect(readFileSync(join(dataDir, 'objects', key))).toEqual(PNG);
    });
  });
});
