import { mkdir, open, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { OBJECT_KEY_PATTERN } from '@teamchat/contracts';
import { ObjectStorage, type StoredStat, type UploadTarget } from './object-storage.js';
import { isValidUploadSignature, signUpload, type SignedFields } from './upload-signature.js';

/**
 * Objects as files under `$DATA_DIR/objects/<key>`. Upload URLs point at the gateway (the object's own path) with an
 * HMAC signature; the gateway checks it, streams the body to this folder and stops at the limit.
 */
export class LocalObjectStorage extends ObjectStorage {
  readonly root: string;
  readonly overwritable: boolean = false;

  constructor(
    root: string,
    private readonly secret: string,
  ) {
    super();
    this.root = resolve(root);
  }

  async init(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  uploadUrl(target: UploadTarget): Promise<string> {
    const query = new URLSearchParams({
      kind: target.kind,
      expires: String(target.expires),
      max: String(target.maxBytes),
      type: target.contentType,
      sig: signUpload(this.secret, target),
    });
    return Promise.resolve(`${target.objectPath}?${query.toString()}`);
  }

  private path(key: string): string {
    // keys are checked before they get here; this keeps a bad one from ever naming a file outside the folder
    if (!OBJECT_KEY_PATTERN.test(key)) throw new Error(`not an object key: ${key}`);
    return join(this.root, key);
  }

  async stat(key: string): Promise<StoredStat | null> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? { size: s.size, contentType: null } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async head(key: string, length: number): Promise<Uint8Array> {
    const file = await open(this.path(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  isSignedUpload(fields: SignedFields, signature: string): boolean {
    return isValidUploadSignature(this.secret, fields, signature);
  }

  readUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }
}
