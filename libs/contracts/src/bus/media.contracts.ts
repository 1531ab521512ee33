import { z } from 'zod';
import { defineRequest } from '../contract.js';
import { withActor } from '../actor.js';
import { IMAGE_CONTENT_TYPES, ObjectKeySchema, SignedUploadQuerySchema, UPLOAD_KINDS } from '../http/media.schema.js';

export const UploadTicketSchema = z.object({
  /** Where the client PUTs the bytes: a gateway path (local driver, made absolute by the gateway) or a presigned S3 URL. */
  uploadUrl: z.string(),
  /** Where the gateway serves the object once it is stored. */
  objectPath: z.string(),
  key: z.string(),
  maxBytes: z.number().int(),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

export const StoredObjectSchema = z.object({
  key: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  size: z.number().int(),
  objectPath: z.string(),
});
export type StoredObject = z.infer<typeof StoredObjectSchema>;

export const MediaContracts = {
  /**
   * A single-use, 5-minute upload URL for one random key under the actor's workspace (or under the actor when they
   * have no workspace yet, for `profile`/`logo`), limited to the kind's size and the file's image type.
   */
  createUpload: defineRequest(
    'media.upload.create',
    withActor({
      kind: z.enum(UPLOAD_KINDS),
      filename: z.string().max(255),
      contentType: z.string().max(100).optional(),
    }),
    UploadTicketSchema,
  ),
  /**
   * The gateway stored the bytes of a local-driver upload (signature already checked there, checked again here): the
   * stored object's size and first bytes are verified; a bad object is deleted and MEDIA.UPLOAD_TOO_LARGE or
   * MEDIA.UPLOAD_INVALID is answered.
   */
  completeUpload: defineRequest(
    'media.upload.complete',
    SignedUploadQuerySchema.extend({ key: ObjectKeySchema }),
    StoredObjectSchema,
  ),
  /**
   * May the actor read this object? Members of the owning workspace only (MEDIA.NOT_FOUND otherwise). An upload not
   * yet checked (S3 driver) is checked now. `readUrl` is a short-lived presigned GET when the bytes live in S3, null
   * when the gateway reads them from the local object folder.
   */
  getObject: defineRequest(
    'media.object.get',
    withActor({ key: z.string().max(300) }),
    StoredObjectSchema.extend({ readUrl: z.string().nullable() }),
  ),
  /**
   * For services about to store an image address (message image, reaction, logo, profile image): the URL must name a
   * stored, valid object the actor may read; the upload is checked now if it was not yet.
   */
  verifyUpload: defineRequest('media.upload.verify', withActor({ url: z.string().max(2048) }), StoredObjectSchema),
} as const;
