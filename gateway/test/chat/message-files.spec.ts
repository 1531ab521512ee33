// File attachments of any type (issue 18, "Files"): POST /api/messages/upload hands out a URL for any file up to 25MB,
// the message takes its /attachments/... address as fileUrl, and chat stores the name, size and type media recorded
// for the upload, never the client's. Served to members of the workspace only, under the original name, and as a
// download unless it is a PDF or a raster image. Over HTTP and over the live socket, on both buses.
import http from 'node:http';
import request from 'supertest';
import { attachmentPathFromUploadUrl, FILE_MAX_BYTES, MESSAGE_EMPTY } from '@teamchat/contracts';
import { s3StackEnv, startS3rver, type RunningS3 } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, nextIp, pngBytes, team, TestSocket, uploadChatImage, type Agent } from './chat-helpers.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TOO_LARGE = 'Please upload a file smaller than 25MB.';
const NOT_UPLOADED = 'File not found. Please upload it again.';

interface Ticket {
  uploadURL: string;
  objectPath: string;
  attachment: 'image' | 'file';
}

/** What the SPA does: a ticket for the file, a PUT of its bytes, and the /attachments/... address it then sends. */
const uploadFile = async (
  agent: Agent,
  filename: string,
  bytes: Buffer,
  options: { contentType?: string; put?: boolean; putType?: string } = {},
) => {
  const contentType = options.contentType ?? 'application/octet-stream';
  const ticket = await agent.post('/api/messages/upload').send({ filename, contentType, size: bytes.length });
  if (ticket.status !== 200) throw new Error(`ticket failed: ${ticket.status} ${JSON.stringify(ticket.body)}`);
  const body = ticket.body as Ticket;
  const put =
    options.put === false
      ? null
      : await fetch(body.uploadURL, {
          method: 'PUT',
          body: bytes,
          headers: { 'content-type': options.putType ?? contentType },
        });
  return { ...body, address: attachmentPathFromUploadUrl(body.uploadURL)!, putStatus: put?.status ?? null };
};

/** A GET whose body is kept as bytes, whatever its type. */
const download = (agent: Agent, path: string) =>
  agent
    .get(path)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

/** A PUT announcing `length` bytes but sending only a few: the limit must be enforced from the announcement. */
const putAnnouncing = (url: string, length: number, contentType: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'PUT', headers: { 'content-type': contentType, 'content-length': String(length) } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text });
          req.destroy();
        });
      },
    );
    req.on('error', (err) => (String(err).includes('socket hang up') ? undefined : reject(err)));
    req.write(Buffer.alloc(1024, 1));
  });

describe.each(['inprocess', 'nats'] as const)('message files over %s', (transport) => {
  const block = transport === 'nats' ? 95 : 94;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let general: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ transport });
    t = await team(stack.url, block);
    other = await adminWithWorkspace(stack.url, 'Elsewhere', nextIp(block));
    general = (await t.admin.agent.get('/api/channels')).body[0].id;
  }, 120_000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(() => stack?.close());

  const post = (agent: Agent, body: Record<string, unknown>) =>
    agent.post(`/api/channels/${general}/messages`).send(body);

  it('takes a PDF: an upload URL for any file, the PUT, and a message carrying its name, size and type', async () => {
    const upload = await uploadFile(t.bob.agent, 'Quarterly report.pdf', PDF, { contentType: 'application/pdf' });
    expect(upload.attachment).toBe('file');
    expect(upload.putStatus).toBe(200);
    // a random key under the workspace, never the file's name
    expect(upload.address).toMatch(new RegExp(`^/attachments/w/${t.workspaceId}/[0-9a-f-]{36}\\.bin$`));
    expect(upload.address).toBe(upload.objectPath);

    const res = await post(t.bob.agent, { content: 'the numbers', fileUrl: upload.address });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: 'the numbers',
      imageUrl: null,
      file: { url: upload.address, name: 'Quarterly report.pdf', size: PDF.length, type: 'application/pdf' },
    });
    const page = await t.carol.agent.get(`/api/channels/${general}/messages`);
    expect(page.body.find((m: { id: string }) => m.id === res.body.id).file).toEqual(res.body.file);
    const got = await download(t.carol.agent, upload.address);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.body as Buffer, PDF)).toBe(0);
  });

  it('records the name, size and type media knows, never what the client claims', async () => {
    // the name decides the type, not the declared one; the PUT's own type changes nothing either
    const upload = await uploadFile(t.bob.agent, 'notes.pdf', PDF, { contentType: 'text/html', putType: 'text/html' });
    const res = await post(t.bob.agent, {
      fileUrl: upload.address,
      file: { url: upload.address, name: 'evil.exe', size: 1, type: 'text/html' },
      fileName: 'evil.exe',
    });
    expect(res.status).toBe(201);
    expect(res.body.file).toEqual({
      url: upload.address,
      name: 'notes.pdf',
      size: PDF.length,
      type: 'application/pdf',
    });
    expect((await download(t.bob.agent, upload.address)).headers['content-type']).toBe('application/pdf');
    // an unknown extension keeps the declared type, when it is a well-formed one
    const odd = await uploadFile(t.bob.agent, 'data.qqq', Buffer.from('x'), { contentType: 'Application/X-Thing' });
    expect((await post(t.bob.agent, { fileUrl: odd.address })).body.file.type).toBe('application/x-thing');
    const none = await uploadFile(t.bob.agent, 'README', Buffer.from('read me'), { contentType: 'not a type' });
    expect((await post(t.bob.agent, { fileUrl: none.address })).body.file.type).toBe('application/octet-stream');
  });

  it('takes a file-only message, and one with text, an image and a file at once', async () => {
    const upload = await uploadFile(t.bob.agent, 'archive.zip', Buffer.from('PK\x03\x04zip'));
    const only = await post(t.bob.agent, { fileUrl: upload.address });
    expect(only.status).toBe(201);
    expect(only.body).toMatchObject({ content: null, imageUrl: null, file: { name: 'archive.zip' } });
    const image = await uploadChatImage(t.bob.agent, 'message');
    const file = await uploadFile(t.bob.agent, 'sheet.csv', Buffer.from('a,b\n1,2\n'));
    const all = await post(t.bob.agent, { content: 'all three', imageUrl: image.address, fileUrl: file.address });
    expect(all.status).toBe(201);
    expect(all.body).toMatchObject({
      content: 'all three',
      imageUrl: image.address,
      file: { name: 'sheet.csv', type: 'text/csv', size: 8 },
    });
    const empty = await post(t.bob.agent, { content: '  ', fileUrl: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(MESSAGE_EMPTY);
  });

  it('delivers a file message sent over the socket to the others, with what media recorded', async () => {
    const [bob, carol] = await Promise.all([
      TestSocket.joined(stack.url, t.bob),
      TestSocket.joined(stack.url, t.carol),
    ]);
    sockets.push(bob, carol);
    const upload = await uploadFile(t.bob.agent, 'slides.pptx', Buffer.from('PK slides'));
    bob.send({ type: 'message', channelId: general, userId: t.bob.user.id, fileUrl: upload.address });
    const frame = await carol.next(
      'message',
      (f) => (f.message as { file?: { url: string } }).file?.url === upload.address,
    );
    expect((frame.message as { file: unknown }).file).toEqual({
      url: upload.address,
      name: 'slides.pptx',
      size: 9,
      type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    });
    // one that was never uploaded is refused to the sender only
    const missing = await uploadFile(t.bob.agent, 'ghost.txt', Buffer.from('boo'), { put: false });
    bob.send({ type: 'message', channelId: general, userId: t.bob.user.id, fileUrl: missing.address });
    expect(await bob.next('error')).toEqual({ type: 'error', code: 'VALIDATION.FAILED', message: NOT_UPLOADED });
  });

  describe('download headers', () => {
    it('keeps the original name, UTF-8 encoded, and shows a PDF inline', async () => {
      const upload = await uploadFile(t.bob.agent, 'Résumé "final" ✓.pdf', PDF, { contentType: 'application/pdf' });
      await post(t.bob.agent, { fileUrl: upload.address });
      const res = await download(t.carol.agent, upload.address);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="R_sum_ _final_ _.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%E2%9C%93.pdf`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private');
    });

    it.each([
      ['page.html', '<html><script>alert(1)</script></html>', 'text/html'],
      ['setup.exe', 'MZ\x90\x00binary', 'application/vnd.microsoft.portable-executable'],
      ['drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
      ['feed.xml', '<?xml version="1.0"?><a/>', 'application/xml'],
      ['app.js', 'alert(1)', 'text/javascript'],
      ['notes.txt', 'plain words', 'text/plain'],
    ])('serves %s only as a download, never sniffed or run', async (name, body, type) => {
      const upload = await uploadFile(t.bob.agent, name, Buffer.from(body), { contentType: 'image/png' });
      await post(t.bob.agent, { fileUrl: upload.address });
      const res = await download(t.carol.agent, upload.address);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      const head = await t.carol.agent.head(upload.address);
      expect(head.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('keeps a message image inline, as before', async () => {
      const image = await uploadChatImage(t.bob.agent, 'message');
      await post(t.bob.agent, { imageUrl: image.address });
      const res = await t.carol.agent.get(image.address);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe('inline');
    });
  });

  describe('the 25MB limit', () => {
    it('refuses an upload URL for a file announced over 25MB with 400, and an image over 10MB with its own text', async () => {
      const big = await t.bob.agent
        .post('/api/messages/upload')
        .send({ filename: 'video.mov', contentType: 'video/quicktime', size: FILE_MAX_BYTES + 1 });
      expect(big.status).toBe(400);
      expect(big.body).toEqual({
        error: TOO_LARGE,
        code: 'VALIDATION.FAILED',
        issues: [{ path: 'size', message: TOO_LARGE }],
      });
      const exact = await t.bob.agent
        .post('/api/messages/upload')
        .send({ filename: 'video.mov', contentType: 'video/quicktime', size: FILE_MAX_BYTES });
      expect(exact.status).toBe(200);
      const image = await t.bob.agent.post('/api/messages/upload').send({ filename: 'huge.png', size: 10485761 });
      expect(image.status).toBe(400);
      expect(image.body.error).toBe('Please upload an image smaller than 10MB.');
      const bad = await t.bob.agent.post('/api/messages/upload').send({ filename: 'a.bin', size: -1 });
      expect(bad.status).toBe(400);
    });

    it('signs the URL for 25MB, and the storage refuses a body announced over it with 413, keeping nothing', async () => {
      const upload = await uploadFile(t.bob.agent, 'big.iso', Buffer.alloc(0), { put: false });
      expect(new URL(upload.uploadURL).searchParams.get('max')).toBe(String(FILE_MAX_BYTES));
      const res = await putAnnouncing(upload.uploadURL, FILE_MAX_BYTES + 1, 'application/octet-stream');
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: TOO_LARGE, code: 'MEDIA.UPLOAD_TOO_LARGE' });
      expect((await t.bob.agent.get(upload.address)).status).toBe(404);
      const refused = await post(t.bob.agent, { fileUrl: upload.address });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(NOT_UPLOADED);
    });
  });

  describe('who may use and read it', () => {
    it('answers 404 to a member of another workspace, and 401 signed out', async () => {
      const upload = await uploadFile(t.bob.agent, 'private.pdf', PDF);
      expect((await post(t.bob.agent, { fileUrl: upload.address })).status).toBe(201);
      expect((await other.agent.get(upload.address)).status).toBe(404);
      expect((await other.agent.get(upload.address.replace('/attachments/', '/objects/'))).status).toBe(404);
      expect((await request(stack.url).get(upload.address)).status).toBe(401);
    });

    it('refuses a file not uploaded by this workspace, never uploaded, or not a file upload, storing nothing', async () => {
      const theirs = await uploadFile(other.agent, 'theirs.pdf', PDF);
      const otherGeneral = (await other.agent.get('/api/channels')).body[0].id;
      const own = await other.agent.post(`/api/channels/${otherGeneral}/messages`).send({ fileUrl: theirs.address });
      expect(own.status).toBe(201);
      const before = (await t.bob.agent.get(`/api/channels/${general}/messages?limit=200`)).body.length;
      const never = await uploadFile(t.bob.agent, 'never.pdf', PDF, { put: false });
      const image = await uploadChatImage(t.bob.agent, 'message', { bytes: pngBytes() });
      for (const fileUrl of [
        theirs.address,
        never.address,
        image.address,
        `/attachments/w/${t.workspaceId}/00000000-0000-4000-8000-000000000000.bin`,
        'https://elsewhere.example/file.pdf',
        '../../etc/passwd',
        '/attachments/%ZZ',
        `/attachments/w/${t.workspaceId}/%E0%A4%A.bin`,
      ]) {
        const res = await post(t.bob.agent, { content: 'should not store', fileUrl });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: NOT_UPLOADED,
          code: 'VALIDATION.FAILED',
          issues: [{ path: 'fileUrl', message: NOT_UPLOADED }],
        });
      }
      expect((await t.bob.agent.get(`/api/channels/${general}/messages?limit=200`)).body.length).toBe(before);
    });
  });
});

describe('message files on the s3 driver (s3rver)', () => {
  let s3: RunningS3;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let general: string;
  const bucket = `tc-files-${Date.now().toString(36)}`;

  beforeAll(async () => {
    s3 = await startS3rver();
    stack = await startTestStack({ env: s3StackEnv(s3, bucket) });
    t = await team(stack.url, 96);
    general = (await t.admin.agent.get('/api/channels')).body[0].id;
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await s3?.close();
  });

  it('stores a file PUT to the presigned URL, and serves it under its name as a download', async () => {
    const upload = await uploadFile(t.bob.agent, 'build.sh', Buffer.from('#!/bin/sh\necho hi\n'));
    expect(upload.uploadURL).toContain(`/${bucket}/w/${t.workspaceId}/`);
    expect(upload.putStatus).toBe(200);
    const res = await t.bob.agent.post(`/api/channels/${general}/messages`).send({ fileUrl: upload.address });
    expect(res.status).toBe(201);
    expect(res.body.file).toEqual({ url: upload.address, name: 'build.sh', size: 18, type: 'application/x-sh' });
    const got = await download(t.carol.agent, upload.address);
    expect(got.status).toBe(200);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="build.sh"; filename*=UTF-8''build.sh`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect((got.body as Buffer).toString()).toBe('#!/bin/sh\necho hi\n');
  });
});
