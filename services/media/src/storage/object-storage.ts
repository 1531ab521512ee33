import type { UploadKind } from '@teamchat/contracts';
import type { SignedFields } from './upload-signature.js';

/** What the media service needs from wherever the bytes live (local disk or S3/MinIO); chosen once from config. */
export abstract class ObjectStorage {
  /**
   * Whether an upload URL can replace an object that was already stored (and checked) until it expires: true for a
   * presigned S3 PUT, false for the local driver, which refuses a second PUT to a key.
   */
  abstract readonly overwritable: boolean;

  /** Prepares the store (creates the bucket or the folder). */
  abstract init(): Promise<void>;

  /** A URL the client PUTs the bytes to, valid until `expires` (unix seconds), for exactly this key. */
  abstract uploadUrl(target: UploadTarget): Promise<string>;

  /** Size and declared type of a stored object, or null when nothing is stored under the key. */
  abstract stat(key: string): Promise<StoredStat | null>;

  /** Up to `length` leading bytes of a stored object. */
  abstract head(key: string, length: number): Promise<Uint8Array>;

  /** Deletes an object; no error when it is already gone. */
  abstract remove(key: string): Promise<void>;

  /** Whether a local upload's signed fields carry a valid signature (only the local driver hands those out). */
  abstract isSignedUpload(fields: SignedFields, signature: string): boolean;

  /** A short-lived URL the gateway can read the object from, or null when the gateway reads the local object folder. */
  abstract readUrl(key: string): Promise<string | null>;
}

export interface UploadTarget {
  kind: UploadKind;
  key: string;
  /** Where the gateway serves the object (`/objects/<key>` or `/attachments/<key>`); local uploads PUT to it too. */
  objectPath: string;
  maxBytes: number;
  /** An image type, or a `file` upload's recorded type. */
  contentType: string;
  expires: number;
}

export interface StoredStat {
  size: number;
  /** As the uploader declared it (S3 keeps the PUT's Content-Type); null when the store keeps none. */
  contentType: string | null;
}
