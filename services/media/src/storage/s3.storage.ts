import type { Readable } from 'node:stream';
import { Client } from 'minio';
import { ObjectStorage, type StoredStat, type UploadTarget } from './object-storage.js';

export interface S3Settings {
  /** Where this service reaches the store (stat, read, delete, bucket creation). */
  endpoint: string;
  /** Where browsers reach the same store; presigned upload URLs name it. `endpoint` when unset. */
  publicEndpoint?: string;
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
 * A client for the store at `endpoint` (scheme, host and port; the `minio` client has no path prefix). With the region
 * given, presigning needs no request to the store.
 */
const clientFor = (endpoint: string, settings: S3Settings): Client => {
  const url = new URL(endpoint);
  if (url.pathname !== '/' || url.search || url.hash)
    throw new Error(`an S3 endpoint is a scheme, host and port only, without a path: ${endpoint}`);
  const useSSL = url.protocol === 'https:';
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    region: settings.region,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
    pathStyle: true,
  });
};

/**
 * Objects in an S3 bucket (MinIO, AWS, anything S3-compatible) through the `minio` client. The client PUTs to a
 * presigned URL; S3 cannot cap a presigned PUT's size, so the media service checks the object afterwards.
 */
export class S3ObjectStorage extends ObjectStorage {
  readonly client: Client;
  readonly overwritable = true;
  /** Signs upload URLs for the public endpoint; it only signs (the region is known), never connects. */
  private readonly presigner: Client;

  constructor(private readonly settings: S3Settings) {
    super();
    this.client = clientFor(settings.endpoint, settings);
    this.presigner =
      settings.publicEndpoint && settings.publicEndpoint !== settings.endpoint
        ? clientFor(settings.publicEndpoint, settings)
        : this.client;
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
    // SigV4 signs the host: the URL must name the host the browser sends it to, not the in-cluster one
    return this.presigner.presignedPutObject(this.bucket, target.key, ttl);
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
