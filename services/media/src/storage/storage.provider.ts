import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import { secretFromEnvOrDataDir, type Env } from '@teamchat/config';
import { LocalObjectStorage } from './local.storage.js';
import { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage } from './s3.storage.js';

/** The one place the storage driver is chosen: `STORAGE_DRIVER=local` (default) or `s3`. */
export const createObjectStorage = (env: Env): ObjectStorage => {
  if (env.STORAGE_DRIVER === 's3') {
    const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const).filter((name) => !env[name]);
    if (missing.length) throw new Error(`STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
    return new S3ObjectStorage({
      endpoint: env.S3_ENDPOINT!,
      publicEndpoint: env.S3_PUBLIC_ENDPOINT,
      region: env.S3_REGION,
      accessKey: env.S3_ACCESS_KEY!,
      secretKey: env.S3_SECRET_KEY!,
      bucket: env.S3_BUCKET,
    });
  }
  const secret = secretFromEnvOrDataDir(
    env.UPLOAD_SIGNING_SECRET,
    env.DATA_DIR,
    'UPLOAD_SIGNING_SECRET',
    env.NODE_ENV === 'production',
  );
  return new LocalObjectStorage(join(env.DATA_DIR, 'objects'), secret);
};

export const objectStorageProvider = (env: Env): Provider => ({
  provide: ObjectStorage,
  useFactory: async () => {
    const storage = createObjectStorage(env);
    await storage.init();
    return storage;
  },
});
