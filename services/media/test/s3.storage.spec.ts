import { randomUUID } from 'node:crypto';
import { S3ObjectStorage } from '../src/storage/s3.storage.js';
import { startS3rver, type RunningS3 } from './s3rver.helper.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe(S3ObjectStorage.name, () => {
  let s3: RunningS3;
  let storage: S3ObjectStorage;

  beforeAll(async () => {
    s3 = await startS3rver();
    storage = new S3ObjectStorage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      bucket: 'teamchat-spec',
    });
  });

  afterAll(async () => {
    await s3?.close();
  });

  it('creates its bucket at start, and starting twice is fine', async () => {
    await storage.init();
    await storage.init();
    expect(await storage.client.bucketExists('teamchat-spec')).toBe(true);
  });

  it('presigns a PUT the client sends the bytes to directly, then stats, reads the head and serves the object', async () => {
    const key = `w/${randomUUID()}/${randomUUID()}.png`;
    const expires = Math.floor(Date.now() / 1000) + 300;
    const uploadUrl = await storage.uploadUrl({
      key,
      objectPath: `/objects/${key}`,
      maxBytes: 1000,
      contentType: 'image/png',
      expires,
    });
    expect(uploadUrl.startsWith(`${s3.endpoint}/teamchat-spec/${key}?`)).toBe(true);
    expect(new URL(uploadUrl).searchParams.get('X-Amz-Expires')).toMatch(/^(299|300)$/);
    const put = await fetch(uploadUrl, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    expect(await storage.stat(key)).toEqual({ size: PNG.length, contentType: 'image/png' });
    expect(Buffer.from(await storage.head(key, 8))).toEqual(PNG.subarray(0, 8));
    const readUrl = await storage.readUrl(key);
    const got = await fetch(readUrl!);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);
  });

  it('answers null for a missing object and deletes idempotently', async () => {
    const key = `w/${randomUUID()}/${randomUUID()}.png`;
    expect(await storage.stat(key)).toBeNull();
    await storage.remove(key);
    const url = await storage.uploadUrl({
      key,
      objectPath: `/objects/${key}`,
      maxBytes: 1000,
      contentType: 'image/png',
      expires: Math.floor(Date.now() / 1000) + 60,
    });
    await fetch(url, { method: 'PUT', body: PNG });
    expect(await storage.stat(key)).not.toBeNull();
    await storage.remove(key);
    expect(await storage.stat(key)).toBeNull();
  });

  it('never accepts a local-driver signature', () => {
    expect(storage.isSignedUpload()).toBe(false);
  });
});
