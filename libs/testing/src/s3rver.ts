import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface RunningS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  close(): Promise<void>;
}

/** An S3-compatible server in this process on a random port (s3rver: speaks S3, does not check signatures). */
export const startS3rver = async (): Promise<RunningS3> => {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, resetOnClose: true });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};

/** The environment that puts a test stack's storage on this S3 server (bucket created by the media service). */
export const s3StackEnv = (s3: RunningS3, bucket: string) => ({
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: s3.endpoint,
  S3_ACCESS_KEY: s3.accessKey,
  S3_SECRET_KEY: s3.secretKey,
  S3_BUCKET: bucket,
});
