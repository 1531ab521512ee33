import { createHmac, timingSafeEqual } from 'node:crypto';
import { uploadSignaturePayload } from '@teamchat/contracts';

export interface SignedFields {
  key: string;
  maxBytes: number;
  contentType: string;
  expires: number;
}

/** HMAC-SHA256 (hex) over key, size limit, type and expiry: what makes a local upload URL unforgeable. */
export const signUpload = (secret: string, fields: SignedFields): string =>
  createHmac('sha256', secret).update(uploadSignaturePayload(fields)).digest('hex');

export const isValidUploadSignature = (secret: string, fields: SignedFields, signature: string): boolean => {
  const expected = Buffer.from(signUpload(secret, fields), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
