// Uploads through the gateway (spec 1 §7, spec 2 §5, §7, §9): upload URLs per kind, direct PUTs, enforced limits and
// types, signed and expiring local URLs, and member-only reads; on the local driver and on S3 (s3rver).
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import request from 'supertest';
import { Client } from 'minio';
import S3rver from 's3rver';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { attachmentPathFromUploadUrl, imageAddressFromUploadUrl, uploadSignaturePayload } from '@teamchat/contracts';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, signUp, signupBody, type Agent } from '../accounts/helpers.js';

const MB = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
const JPEG_SIGNATURE = Buffer.from('ffd8ffe0', 'hex');
const GIF_SIGNATURE = Buffer.from('GIF89a', 'latin1');
const WEBP_SIGNATURE = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]);
/** A file of exactly `size` bytes starting with the given signature. */
const file = (signature: Buffer, size: number) => Buffer.concat([signature, Buffer.alloc(size - signature.length, 7)]);

const invitedMember = async (url: string, admin: Agent, ip: string) => {
  const invite = await admin.post('/api/invites').send({});
  const agent = request.agent(url).set('x-forwarded-for', ip);
  const { email, firstName, lastName, password } = signupBody();
  const res = await agent
    .post(`/api/invites/${invite.body.token}/accept`)
    .send({ email, firstName, lastName, password });
  if (res.status >= 300) throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
};

/** PUT to an absolute URL the way a browser sends a file: straight to it, no cookie. */
const put = async (url: string, body: Buffer, contentType: string | null) =>
  fetch(url, { method: 'PUT', body, headers: contentType ? { 'content-type': contentType } : {} });

/** PUT without a Content-Length (chunked), so only the streaming limit can stop it. */
const putChunked = (url: string, chunks: Buffer[], contentType: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'PUT', headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    const next = (i: number) => {
      if (i === chunks.length) return req.end();
      if (!req.write(chunks[i])) req.once('drain', () => next(i + 1));
      else setImmediate(() => next(i + 1));
    };
    next(0);
  });

const pathOf = (url: string) => new URL(url).pathname;
const keyOf = (url: string) => pathOf(url).split('/').slice(2).join('/');

describe('media on the local driver', () => {
  let stack: TestStack;
  let admin: Agent;
  let workspaceId: string;
  let member: Agent;
  let outsider: Agent;
  let ip = 0;
  const nextIp = () => `10.8.1.${++ip}`;
  const objectsDir = () => join(stack.env.DATA_DIR, 'objects');
  const storedFiles = () =>
    existsSync(objectsDir())
      ? readdirSync(objectsDir(), { recursive: true }).filter((f) => /\.(png|jpg|gif|webp)$/.test(String(f)))
      : [];

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'inprocess' });
    const a = await adminWithWorkspace(stack.url, 'Media Co', nextIp());
    admin = a.agent;
    workspaceId = a.workspace.id;
    member = await invitedMember(stack.url, admin, nextIp());
    outsider = (await adminWithWorkspace(stack.url, 'Other Co', nextIp())).agent;
  }, 120_000);
  afterAll(() => stack?.close());

  describe.each([
    [
      'profile image',
      '/api/upload-url',
      { filename: 'me.png', contentType: 'image/png' },
      'uploadUrl',
      PNG_SIGNATURE,
      'image/png',
      3 * MB,
    ],
    [
      'workspace logo',
      '/api/upload-url',
      { filename: 'logo.JPG', contentType: 'image/jpeg', kind: 'logo' },
      'uploadUrl',
      JPEG_SIGNATURE,
      'image/jpeg',
      5 * MB,
    ],
    [
      'custom reaction',
      '/api/reactions/upload',
      { filename: 'party.gif' },
      'uploadURL',
      GIF_SIGNATURE,
      'image/gif',
      5242880,
    ],
    [
      'message image',
      '/api/messages/upload',
      { filename: 'photo.webp' },
      'uploadURL',
      WEBP_SIGNATURE,
      'image/webp',
      10485760,
    ],
  ] as const)('%s', (_name, route, body, field, signature, type, limit) => {
    it(`gets an upload URL, PUTs ${limit} bytes (the limit) straight to it, and reads them back`, async () => {
      const ticket = await admin.post(route).send(body);
      expect(ticket.status).toBe(200);
      const uploadUrl: string = ticket.body[field];
      expect(uploadUrl).toMatch(
        new RegExp(`^${stack.url.replace('localhost', '(localhost|127\\.0\\.0\\.1)')}/(objects|attachments)/w/`),
      );
      // the key never carries the client's file name (the query names the upload's kind, which may read the same)
      expect(new URL(uploadUrl).pathname).not.toContain(body.filename.split('.')[0]);
      const q = new URL(uploadUrl).searchParams;
      const ttl = Number(q.get('expires')) - Date.now() / 1000;
      expect(ttl).toBeGreaterThan(295);
      expect(ttl).toBeLessThanOrEqual(300);
      expect(Number(q.get('max'))).toBe(limit);

      const bytes = file(signature, limit);
      const stored = await put(uploadUrl, bytes, type);
      expect(stored.status).toBe(200);
      expect(await stored.json()).toMatchObject({ contentType: type, size: limit });

      // spec 1 §7: the stored address is the upload URL without its query; spec 2 §7: messages use /attachments/...
      const address =
        route === '/api/messages/upload'
          ? attachmentPathFromUploadUrl(uploadUrl)!
          : pathOf(imageAddressFromUploadUrl(uploadUrl));
      expect(address).toBe(ticket.body.objectPath);
      if (route === '/api/messages/upload') expect(address.startsWith('/attachments/')).toBe(true);
      // a message attachment is its uploader's until it is posted (see chat/attachment-access.spec.ts)
      const attachment = route === '/api/messages/upload';
      if (attachment) expect((await member.get(address)).status).toBe(404);
      for (const reader of attachment ? [admin] : [admin, member]) {
        const res = await reader
          .get(address)
          .buffer(true)
          .parse((r, cb) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => cb(null, Buffer.concat(chunks)));
          });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['cache-control']).toBe('private');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-length']).toBe(String(limit));
        expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
      }
    });

    it('refuses a body one byte over the limit with 413 and keeps nothing', async () => {
      const before = storedFiles().length;
      const ticket = await admin.post(route).send(body);
      const uploadUrl: string = ticket.body[field];
      const res = await put(uploadUrl, file(signature, limit + 1), type);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'MEDIA.UPLOAD_TOO_LARGE' });
      expect((await admin.get(pathOf(uploadUrl))).status).toBe(404);
      expect(storedFiles()).toHaveLength(before);
    });
  });

  it('stops a body sent without a length at the limit, answers 413 and keeps nothing', async () => {
    const before = storedFiles().length;
    const ticket = await admin.post('/api/upload-url').send({ filename: 'me.png', contentType: 'image/png' });
    const chunks = [PNG_SIGNATURE, ...Array.from({ length: 4 }, () => Buffer.alloc(MB, 1))];
    const res = await putChunked(ticket.body.uploadUrl, chunks, 'image/png');
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      error: 'Please upload an image smaller than 3MB.',
      code: 'MEDIA.UPLOAD_TOO_LARGE',
    });
    expect(storedFiles()).toHaveLength(before);
    expect(readdirSync(join(objectsDir(), '.incoming'))).toEqual([]);
  });

  it.each([
    ['/api/messages/upload', 'uploadURL', 'attachments'],
    ['/api/reactions/upload', 'uploadURL', 'objects'],
    ['/api/upload-url', 'uploadUrl', 'objects'],
  ])("%s names a fresh random key under the caller's workspace, never the file name", async (route, field, prefix) => {
    const given = randomUUID();
    const keys = new Set<string>();
    for (const filename of [`${given}.png`, `../../w/${randomUUID()}/${given}.png`, `${given}.png`]) {
      const res = await admin.post(route).send({ filename, contentType: 'image/png' });
      expect(res.status).toBe(200);
      const url = new URL(res.body[field]);
      expect(url.pathname).toMatch(new RegExp(`^/${prefix}/w/${workspaceId}/[0-9a-f-]{36}\\.png$`));
      expect(url.pathname).not.toContain(given);
      keys.add(url.pathname);
    }
    expect(keys.size).toBe(3);
  });

  describe('wrong types', () => {
    it.each([
      [{ filename: 'drawing.svg', contentType: 'image/svg+xml' }, 'Please upload an image file.'],
      [{ filename: 'page.html', contentType: 'text/html' }, 'Please upload an image file.'],
      [{ filename: 'me.png', contentType: 'image/jpeg' }, 'Please upload an image file.'],
      [{ filename: 'logo.svg', contentType: 'image/svg+xml', kind: 'logo' }, 'Please select an image file'],
      [{ filename: 'me.png' }, 'Content type is required'],
      [{ contentType: 'image/png' }, 'File name is required'],
    ])('refuses an upload URL for %j with 400 "%s"', async (body, message) => {
      const res = await admin.post('/api/upload-url').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, code: 'VALIDATION.FAILED' });
    });

    it('/api/reactions/upload refuses a file name that is not an image', async () => {
      const res = await admin.post('/api/reactions/upload').send({ filename: 'script.js' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please upload an image file.');
    });

    it('/api/messages/upload takes any other file as a file attachment (see chat/message-files.spec.ts)', async () => {
      const res = await admin.post('/api/messages/upload').send({ filename: 'script.js' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        attachment: 'file',
        objectPath: expect.stringMatching(/^\/attachments\/w\/.*\.bin$/),
      });
    });

    it.each([
      ['a declared type other than the signed one', file(PNG_SIGNATURE, 100), 'text/html'],
      ['first bytes of another image type', file(JPEG_SIGNATURE, 100), 'image/png'],
      [
        'first bytes of no image at all',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/png',
      ],
      ['a JSON body', Buffer.from(JSON.stringify({ a: 1 })), 'application/json'],
      ['an empty body', Buffer.alloc(0), 'image/png'],
    ])('refuses a PUT with %s and keeps nothing', async (_what, bytes, contentType) => {
      const before = storedFiles().length;
      const ticket = await admin.post('/api/messages/upload').send({ filename: 'x.png' });
      const res = await put(ticket.body.uploadURL, bytes, contentType);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Please upload an image file.', code: 'MEDIA.UPLOAD_INVALID' });
      expect(storedFiles()).toHaveLength(before);
      expect((await admin.get(ticket.body.objectPath)).status).toBe(404);
    });
  });

  describe('signed URLs', () => {
    const fresh = async () =>
      (await admin.post('/api/messages/upload').send({ filename: 'x.png' })).body.uploadURL as string;

    it.each([
      [
        'a changed signature',
        (u: URL) =>
          u.searchParams.set(
            'sig',
            u.searchParams.get('sig')!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
          ),
      ],
      ['a raised size limit', (u: URL) => u.searchParams.set('max', String(100 * MB))],
      ['another type', (u: URL) => u.searchParams.set('type', 'image/gif')],
      [
        'a later expiry',
        (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
      ],
      ['another key', (u: URL) => (u.pathname = u.pathname.replace(/[0-9a-f-]{36}\.png$/, `${randomUUID()}.png`))],
      ['no signature', (u: URL) => u.searchParams.delete('sig')],
    ])('refuses %s with 403 and keeps nothing', async (_what, tamper) => {
      const url = new URL(await fresh());
      tamper(url);
      const before = storedFiles().length;
      const res = await put(url.toString(), file(PNG_SIGNATURE, 64), 'image/png');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Invalid upload signature', code: 'MEDIA.SIGNATURE_INVALID' });
      expect(storedFiles()).toHaveLength(before);
    });

    it('refuses a message image URL (/attachments/) at /objects/ with the same key and signature, keeping nothing', async () => {
      const url = new URL(await fresh());
      expect(url.pathname.startsWith('/attachments/')).toBe(true);
      const before = storedFiles().length;
      const moved = new URL(url.pathname.replace(/^\/attachments\//, '/objects/') + url.search, stack.url);
      const res = await put(moved.toString(), file(PNG_SIGNATURE, 64), 'image/png');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Invalid upload signature', code: 'MEDIA.SIGNATURE_INVALID' });
      expect(storedFiles()).toHaveLength(before);
      // nor with its kind changed to one that belongs under /objects
      const relabelled = new URL(moved);
      relabelled.searchParams.set('kind', 'reaction');
      expect((await put(relabelled.toString(), file(PNG_SIGNATURE, 64), 'image/png')).status).toBe(403);
      expect((await put(url.toString(), file(PNG_SIGNATURE, 64), 'image/png')).status).toBe(200);
    });

    it("refuses one upload URL's signature on another key handed out to the same member, which keeps its own", async () => {
      const first = new URL(await fresh());
      const second = new URL(await fresh());
      const reused = new URL(second.pathname + first.search, stack.url);
      const res = await put(reused.toString(), file(PNG_SIGNATURE, 64), 'image/png');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Invalid upload signature', code: 'MEDIA.SIGNATURE_INVALID' });
      expect((await admin.get(second.pathname)).status).toBe(404);
      expect((await put(second.toString(), file(PNG_SIGNATURE, 96), 'image/png')).status).toBe(200);
      expect((await put(first.toString(), file(PNG_SIGNATURE, 32), 'image/png')).status).toBe(200);
      expect((await admin.get(second.pathname)).headers['content-length']).toBe('96');
      expect((await admin.get(first.pathname)).headers['content-length']).toBe('32');
    });

    it('refuses an expired URL with 403 "Upload URL has expired"', async () => {
      const url = new URL(await fresh());
      const key = keyOf(url.toString());
      const expires = Math.floor(Date.now() / 1000) - 1;
      const sig = createHmac('sha256', stack.env.UPLOAD_SIGNING_SECRET!)
        .update(
          uploadSignaturePayload({
            method: 'PUT',
            prefix: 'attachments',
            kind: 'message',
            key,
            maxBytes: 10485760,
            contentType: 'image/png',
            expires,
          }),
        )
        .digest('hex');
      url.searchParams.set('expires', String(expires));
      url.searchParams.set('sig', sig);
      const res = await put(url.toString(), file(PNG_SIGNATURE, 64), 'image/png');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Upload URL has expired', code: 'MEDIA.UPLOAD_EXPIRED' });
    });

    it('accepts one upload per URL', async () => {
      const url = await fresh();
      expect((await put(url, file(PNG_SIGNATURE, 64), 'image/png')).status).toBe(200);
      const again = await put(url, file(PNG_SIGNATURE, 128), 'image/png');
      expect(again.status).toBe(403);
      const res = await admin.get(pathOf(url));
      expect(res.headers['content-length']).toBe('64');
    });
  });

  describe('reading', () => {
    let address: string;

    beforeAll(async () => {
      const ticket = await admin.post('/api/messages/upload').send({ filename: 'secret.png' });
      await put(ticket.body.uploadURL, file(PNG_SIGNATURE, 256), 'image/png');
      address = ticket.body.objectPath;
      // posted in the workspace's public channel, so every member reads it
      const general = (await admin.get('/api/channels')).body[0].id;
      const posted = await admin.post(`/api/channels/${general}/messages`).send({ imageUrl: address });
      expect(posted.status).toBe(201);
    });

    it('answers 401 to anonymous readers', async () => {
      const res = await request(stack.url).get(address);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('AUTH.UNAUTHENTICATED');
    });

    it('answers 404 to members of another workspace, under either address', async () => {
      expect((await outsider.get(address)).status).toBe(404);
      expect((await outsider.get(address.replace('/attachments/', '/objects/'))).status).toBe(404);
    });

    it('answers 404 for unknown keys and paths that are not keys', async () => {
      expect((await admin.get(`/attachments/w/${randomUUID()}/${randomUUID()}.png`)).status).toBe(404);
      expect((await admin.get('/attachments/../../etc/passwd')).status).toBe(404);
      expect((await admin.get('/objects/whatever')).status).toBe(404);
    });

    it('answers HEAD with the headers and no body', async () => {
      const res = await member.head(address);
      expect(res.status).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': '256',
        'cache-control': 'private',
      });
    });

    it('answers 304 to a reader who has it cached', async () => {
      const first = await member.get(address);
      const again = await member.get(address).set('if-none-match', first.headers.etag);
      expect(again.status).toBe(304);
    });

    it('is not under /api', async () => {
      expect((await admin.get(`/api${address}`)).status).toBe(404);
    });
  });

  describe('without a workspace', () => {
    it('hands out a profile image URL (signup) whose image only its owner can read', async () => {
      const { agent } = await signUp(stack.url, {}, nextIp());
      const ticket = await agent.post('/api/upload-url').send({ filename: 'me.jpeg', contentType: 'image/jpeg' });
      expect(ticket.status).toBe(200);
      expect((await put(ticket.body.uploadUrl, file(JPEG_SIGNATURE, 500), 'image/jpeg')).status).toBe(200);
      expect((await agent.get(ticket.body.objectPath)).status).toBe(200);
      expect((await outsider.get(ticket.body.objectPath)).status).toBe(404);
    });

    it('refuses message and reaction upload URLs with 404 "No active workspace"', async () => {
      const { agent } = await signUp(stack.url, {}, nextIp());
      for (const route of ['/api/messages/upload', '/api/reactions/upload']) {
        const res = await agent.post(route).send({ filename: 'a.png' });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'No active workspace', code: 'WORKSPACE.NONE' });
      }
      expect(
        (await request(stack.url).post('/api/upload-url').send({ filename: 'a.png', contentType: 'image/png' })).status,
      ).toBe(401);
    });
  });
});

describe('media on the s3 driver (s3rver)', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  /** The same s3rver under the name browsers use (S3_PUBLIC_ENDPOINT); the services use `endpoint`. */
  let publicEndpoint: string;
  let client: Client;
  let stack: TestStack;
  let admin: Agent;
  const bucket = `tc-${Date.now().toString(36)}`;

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 's3rver-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, resetOnClose: true });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    publicEndpoint = `http://localhost:${port}`;
    client = new Client({
      endPoint: '127.0.0.1',
      port,
      useSSL: false,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      pathStyle: true,
    });
    stack = await startTestStack({
      transport: 'inprocess',
      env: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: endpoint,
        S3_PUBLIC_ENDPOINT: publicEndpoint,
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
        S3_BUCKET: bucket,
      },
    });
    admin = (await adminWithWorkspace(stack.url, 'S3 Co', '10.8.2.1')).agent;
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('creates the bucket at start', async () => {
    expect(await client.bucketExists(bucket)).toBe(true);
  });

  it('presigns a PUT to the bucket at its public address, and the gateway serves the stored object to members', async () => {
    const ticket = await admin.post('/api/messages/upload').send({ filename: 'cat.png' });
    expect(ticket.status).toBe(200);
    const uploadUrl: string = ticket.body.uploadURL;
    // signed for the host browsers reach; checking, reading and deleting go to S3_ENDPOINT
    expect(uploadUrl.startsWith(`${publicEndpoint}/${bucket}/w/`)).toBe(true);
    expect(new URL(uploadUrl).searchParams.get('X-Amz-Expires')).toMatch(/^(29\d|300)$/);
    const bytes = file(PNG_SIGNATURE, 2048);
    expect((await put(uploadUrl, bytes, 'image/png')).status).toBe(200);
    const key = ticket.body.objectPath.replace('/attachments/', '');
    expect((await client.statObject(bucket, key)).size).toBe(2048);
    expect(attachmentPathFromUploadUrl(uploadUrl)).toBe(ticket.body.objectPath);
    const res = await admin
      .get(ticket.body.objectPath)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
    expect((await request(stack.url).get(ticket.body.objectPath)).status).toBe(401);
  });

  it('addresses a profile image at the gateway, since the bucket itself is private', async () => {
    const ticket = await admin.post('/api/upload-url').send({ filename: 'me.gif', contentType: 'image/gif' });
    expect((await put(ticket.body.uploadUrl, file(GIF_SIGNATURE, 300), 'image/gif')).status).toBe(200);
    const address = imageAddressFromUploadUrl(ticket.body.uploadUrl);
    expect(address).toBe(ticket.body.objectPath);
    const res = await admin.get(address);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
  });

  it('deletes an object stored over its limit and reports the upload failed', async () => {
    const ticket = await admin.post('/api/reactions/upload').send({ filename: 'huge.png' });
    const key = ticket.body.objectPath.replace('/objects/', '');
    // S3 cannot cap a presigned PUT: the bytes land, and the media service deletes them when it checks
    expect((await put(ticket.body.uploadURL, file(PNG_SIGNATURE, 5242880 + 1), 'image/png')).status).toBe(200);
    expect((await client.statObject(bucket, key)).size).toBe(5242881);
    expect((await admin.get(ticket.body.objectPath)).status).toBe(404);
    await expect(client.statObject(bucket, key)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('deletes an object whose bytes are not the promised image type', async () => {
    const ticket = await admin.post('/api/messages/upload').send({ filename: 'fake.png' });
    const key = ticket.body.objectPath.replace('/attachments/', '');
    expect(
      (await put(ticket.body.uploadURL, Buffer.from('<html><script>alert(1)</script></html>'), 'text/html')).status,
    ).toBe(200);
    expect((await admin.get(ticket.body.objectPath)).status).toBe(404);
    await expect(client.statObject(bucket, key)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it.each([
    ['profile image', '/api/upload-url', { filename: 'me.png', contentType: 'image/png' }, 'uploadUrl', 3 * MB],
    [
      'workspace logo',
      '/api/upload-url',
      { filename: 'l.png', contentType: 'image/png', kind: 'logo' },
      'uploadUrl',
      5 * MB,
    ],
    ['custom reaction', '/api/reactions/upload', { filename: 'r.png' }, 'uploadURL', 5242880],
    ['message image', '/api/messages/upload', { filename: 'm.png' }, 'uploadURL', 10485760],
  ])(
    'keeps a %s of exactly its limit, and deletes what the same URL replaces it with a byte over (%s)',
    async (_what, route, body, field, limit) => {
      const ticket = await admin.post(route).send(body);
      const uploadUrl: string = ticket.body[field];
      const key = ticket.body.objectPath.split('/').slice(2).join('/');
      expect((await put(uploadUrl, file(PNG_SIGNATURE, limit), 'image/png')).status).toBe(200);
      const kept = await admin.head(ticket.body.objectPath);
      expect(kept.status).toBe(200);
      expect(kept.headers['content-length']).toBe(String(limit));
      // a presigned PUT stays usable until it expires, and S3 cannot cap its size: the media service checks again
      expect((await put(uploadUrl, file(PNG_SIGNATURE, limit + 1), 'image/png')).status).toBe(200);
      expect((await admin.get(ticket.body.objectPath)).status).toBe(404);
      await expect(client.statObject(bucket, key)).rejects.toMatchObject({ code: 'NotFound' });
    },
  );

  it('leaves the local upload endpoint closed', async () => {
    const res = await put(
      `${stack.url}/attachments/w/${randomUUID()}/${randomUUID()}.png?expires=1&max=1&type=image%2Fpng&sig=${'0'.repeat(64)}`,
      file(PNG_SIGNATURE, 16),
      'image/png',
    );
    expect(res.status).toBe(404);
  });
});
