import type { Readable } from 'node:stream';
import { Client } from 'minio';
import { ObjectStorage, type StoredStat, type UploadTarget } from './object-storage.js';

export interface S3Settings {
  endpoint: string;
  region: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

/** How long the gateway's read URL stays valid: it is used at once, by the gateway itself. */
const READ_URL_TTL_SECONDS = 60;

const isMissing = (err: unknown): boolean => {
  const code = (err as { code?: string })?.code;
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchObject';
};

/**
 * Objects in an S3 bucket (MinIO, AWS, anything S3-compatible) through the `minio` client. The client PUTs to a
 * presigned URL; S3 cannot cap a presigned PUT's size, so the media service checks the object afterwards.
 */
export class S3ObjectStorage extends ObjectStorage {
  readonly client: Client;

  constructor(private readonly settings: S3Settings) {
    super();
    const url = new URL(settings.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      region: settings.region,
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      pathStyle: true,
    });
  }

  get bucket(): string {
    return this.settings.bucket;
  }

  async init(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.settings.region);
    } catch (err) {
      // another replica created it in the meantime
      const code = (err as { code?: string }).code;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw err;
    }
  }

  uploadUrl(target: UploadTarget): Promise<string> {
    const ttl = Math.max(1, target.expires - Math.floor(Date.now() / 1000));
    return this.client.presignedPutObject(this.bucket, target.key, ttl);
  }

  async stat(key: string): Promise<StoredStat | null> {
    try {
      const s = await this.client.statObject(this.bucket, key);
      const declared = (s.metaData as Record<string, unknown> | undefined)?.['content-type'];
      return { size: s.size, contentType: typeof declared === 'string' ? declared : null };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async head(key: string, length: number): Promise<Uint8Array> {
    const stream: Readable = await this.client.getPartialObject(this.bucket, key, 0, length);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).subarray(0, length);
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  isSignedUpload(): boolean {
    return false;
  }

  readUrl(key: string): Promise<string | null> {
    return this.client.presignedGetObject(this.bucket, key, READ_URL_TTL_SECONDS);
  }
}
