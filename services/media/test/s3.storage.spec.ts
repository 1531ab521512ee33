import { randomUUID } from 'node:crypto';
import { S3ObjectStorage } from '../src/storage/s3.storage.js';
import { startS3rver, type RunningS3 } from '@teamchat/testing';

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
      kind: 'profile',
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
      kind: 'profile',
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

  describe('with a public endpoint (S3_PUBLIC_ENDPOINT)', () => {
    const target = (key: string) => ({
      kind: 'profile' as const,
      key,
      objectPath: `/objects/${key}`,
      maxBytes: 1000,
      contentType: 'image/png' as const,
      expires: Math.floor(Date.now() / 1000) + 300,
    });

    it('signs upload URLs for the address browsers use, and the bytes PUT there are read back in-cluster', async () => {
      // the same s3rver under another host name: what browsers use (localhost) and what the service uses (127.0.0.1)
      const publicEndpoint = s3.endpoint.replace('127.0.0.1', 'localhost');
      const split = new S3ObjectStorage({
        endpoint: s3.endpoint,
        publicEndpoint,
        region: 'us-east-1',
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
        bucket: 'teamchat-spec',
      });
      await split.init();
      const key = `w/${randomUUID()}/${randomUUID()}.png`;
      const uploadUrl = await split.uploadUrl(target(key));
      expect(uploadUrl.startsWith(`${publicEndpoint}/teamchat-spec/${key}?`)).toBe(true);
      expect(new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
      const put = await fetch(uploadUrl, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
      expect(put.status).toBe(200);
      expect(await split.stat(key)).toEqual({ size: PNG.length, contentType: 'image/png' });
      expect(Buffer.from(await split.head(key, 8))).toEqual(PNG.subarray(0, 8));
      // the gateway fetches the read URL from inside the cluster
      const readUrl = (await split.readUrl(key))!;
      expect(readUrl.startsWith(`${s3.endpoint}/teamchat-spec/${key}?`)).toBe(true);
      expect(Buffer.from(await (await fetch(readUrl)).arrayBuffer())).toEqual(PNG);
      await split.remove(key);
      expect(await split.stat(key)).toBeNull();
    });

    it('never connects to the public endpoint: bucket creation, stat, read and delete work when it is unreachable', async () => {
      const unreachable = new S3ObjectStorage({
        endpoint: s3.endpoint,
        publicEndpoint: 'https://uploads.teamchat.invalid',
        region: 'us-east-1',
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
        bucket: 'teamchat-spec-public',
      });
      await unreachable.init();
      expect(await storage.client.bucketExists('teamchat-spec-public')).toBe(true);
      const key = `w/${randomUUID()}/${randomUUID()}.png`;
      const uploadUrl = await unreachable.uploadUrl(target(key));
      expect(uploadUrl.startsWith(`https://uploads.teamchat.invalid/teamchat-spec-public/${key}?`)).toBe(true);
      await storage.client.putObject('teamchat-spec-public', key, PNG, PNG.length, { 'Content-Type': 'image/png' });
      expect(await unreachable.stat(key)).toEqual({ size: PNG.length, contentType: 'image/png' });
      expect(Buffer.from(await unreachable.head(key, 8))).toEqual(PNG.subarray(0, 8));
      expect((await unreachable.readUrl(key))!.startsWith(`${s3.endpoint}/`)).toBe(true);
      await unreachable.remove(key);
      expect(await unreachable.stat(key)).toBeNull();
    });

    it('signs for S3_ENDPOINT when no public endpoint is set', async () => {
      const key = `w/${randomUUID()}/${randomUUID()}.png`;
      expect((await storage.uploadUrl(target(key))).startsWith(`${s3.endpoint}/teamchat-spec/${key}?`)).toBe(true);
    });

    it('refuses an endpoint with a path, which the client would silently drop', () => {
      expect(
        () =>
          new S3ObjectStorage({
            endpoint: s3.endpoint,
            publicEndpoint: 'https://example.com/storage',
            region: 'us-east-1',
            accessKey: 'a',
            secretKey: 'b',
            bucket: 'x',
          }),
      ).toThrow('an S3 endpoint is a scheme, host and port only, without a path: https://example.com/storage');
    });
  });

  it('never accepts a local-driver signature', () => {
    expect(storage.isSignedUpload()).toBe(false);
  });
});
