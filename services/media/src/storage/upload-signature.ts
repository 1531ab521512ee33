import { createHmac, timingSafeEqual } from 'node:crypto';
import { objectPrefixFor, uploadSignaturePayload, type UploadKind } from '@teamchat/contracts';

export interface SignedFields {
  kind: UploadKind;
  key: string;
  maxBytes: number;
  contentType: string;
  expires: number;
}

/**
 * HMAC-SHA256 (hex) over method (PUT), route prefix, kind, key, size limit, type and expiry: what makes a local upload
 * URL unforgeable and good for nothing but its own upload.
 */
export const signUpload = (secret: string, fields: SignedFields): string =>
  createHmac('sha256', secret)
    .update(uploadSignaturePayload({ ...fields, method: 'PUT', prefix: objectPrefixFor(fields.kind) }))
    .digest('hex');

export const isValidUploadSignature = (secret: string, fields: SignedFields, signature: string): boolean => {
  const expected = Buffer.from(signUpload(secret, fields), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
