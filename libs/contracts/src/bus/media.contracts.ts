import { z } from 'zod';
import { defineRequest, workspaceWrite } from '../contract.js';
import { withActor } from '../actor.js';
import { ErrorCodes } from '../errors.js';
import {
  NOT_AN_IMAGE_MESSAGES,
  ObjectKeySchema,
  objectKeyFromUrl,
  objectPathFor,
  SignedUploadQuerySchema,
  TOO_LARGE_MESSAGES,
  UPLOAD_KINDS,
  type UploadKind,
} from '../http/media.schema.js';

export const UploadTicketSchema = z.object({
  /** Where the client PUTs the bytes: a gateway path (local driver, made absolute by the gateway) or a presigned S3 URL. */
  uploadUrl: z.string(),
  /** Where the gateway serves the object once it is stored. */
  objectPath: z.string(),
  key: z.string(),
  maxBytes: z.number().int(),
  /** An image type; for a `file` upload, the type its name (or the browser) gave it. */
  contentType: z.string(),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

export const StoredObjectSchema = z.object({
  key: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  contentType: z.string(),
  size: z.number().int(),
  objectPath: z.string(),
  /** A `file` upload's original name, as media recorded it when it handed out the URL (null for images). */
  name: z.string().nullable().optional(),
});
export type StoredObject = z.infer<typeof StoredObjectSchema>;

/**
 * An upload for the workspace's content (a message attachment, a reaction picture): refused while the workspace is
 * read-only. A profile image or a logo is not: the account and the workspace's settings stay open.
 */
const isWorkspaceUpload = (request: Record<string, unknown>) => request.kind !== 'profile' && request.kind !== 'logo';

export const MediaContracts = {
  /**
   * A single-use, 5-minute upload URL for one random key under the actor's workspace (or under the actor when they
   * have no workspace yet, for `profile`/`logo`), limited to the kind's size and the file's image type.
   */
  createUpload: workspaceWrite(
    defineRequest(
      'media.upload.create',
      withActor({
        kind: z.enum(UPLOAD_KINDS),
        filename: z.string().max(255),
        contentType: z.string().max(255).optional(),
        /** The size the client announced: a `file` over its limit is refused before anything is sent. */
        size: z.number().int().min(0).optional(),
      }),
      UploadTicketSchema,
    ),
    isWorkspaceUpload,
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
   * May the actor read this object? Members of the owning workspace only (MEDIA.NOT_FOUND otherwise); a message
   * attachment only those who may read the channel it was posted in (chat's `channelAccess`), or before it is posted
   * its uploader. An upload not yet checked (S3 driver) is checked now. `readUrl` is a short-lived presigned GET when
   * the bytes live in S3, null when the gateway reads them from the local object folder.
   */
  getObject: defineRequest(
    'media.object.get',
    withActor({ key: z.string().max(300) }),
    StoredObjectSchema.extend({ readUrl: z.string().nullable() }),
  ),
  /**
   * For services about to store an image address (message image, reaction, logo, profile image): the URL must name a
   * stored, valid object the actor may read; the upload is checked now if it was not yet. With `channelId` (a message
   * about to be posted there), a message image or file is bound to that channel and from then on read only by those
   * who may read it; an attachment the actor did not upload, or one already posted in another channel, answers
   * MEDIA.NOT_FOUND.
   */
  verifyUpload: defineRequest(
    'media.upload.verify',
    withActor({ url: z.string().max(2048), channelId: z.uuid().optional() }),
    StoredObjectSchema,
  ),
  /**
   * A service no longer shows a stored object (its message was deleted): the bytes are deleted and the object answers
   * MEDIA.NOT_FOUND from then on. Only an upload of the actor's workspace made by `ownerId` (the author of what showed
   * it; the caller checked the actor may remove that) is deleted; any other address changes nothing. Idempotent.
   */
  deleteObject: defineRequest(
    'media.object.delete',
    withActor({ url: z.string().max(2048), ownerId: z.uuid() }),
    z.object({ deleted: z.boolean() }),
  ),
} as const;

/** Images other services keep the address of: a profile image, a workspace logo, a message image, a reaction's picture. */
export type StoredImageKind = UploadKind;

/**
 * The upload kinds each stored image may come from. A logo may also be a profile-kind upload: the spec's
 * `POST /api/upload-url` call sends only filename and contentType, which makes a profile upload (3MB, within 5MB).
 */
export const STORED_IMAGE_UPLOAD_KINDS: Record<StoredImageKind, readonly UploadKind[]> = {
  profile: ['profile'],
  logo: ['logo', 'profile'],
  message: ['message'],
  reaction: ['reaction'],
  file: ['file'],
};

/** Who an object key belongs to: `w/<workspaceId>/...` or, uploaded before its uploader had a workspace, `u/<userId>/...`. */
export const ImageOwners = {
  workspace: (workspaceId: string) => `w/${workspaceId}`,
  user: (userId: string) => `u/${userId}`,
} as const;

/** The refusal for an image address that names no upload the caller may use here. */
export const IMAGE_NOT_UPLOADED_MESSAGE = 'Image not found. Please upload it again.';

/**
 * The object key of an image address exactly as the gateway serves it (`/objects/<key>`, nothing before or after it),
 * when the key belongs to one of `owners` (see `ImageOwners`); null otherwise. A service checks this before asking
 * media (`verifyUpload`) whether the object is stored, valid and of the right kind.
 */
export const storedImageKey = (address: string, kind: StoredImageKind, owners: readonly string[]): string | null => {
  if (!address.startsWith('/')) return null;
  const key = objectKeyFromUrl(address);
  if (!key || objectPathFor(kind, key) !== address) return null;
  return owners.some((owner) => key.startsWith(`${owner}/`)) ? key : null;
};

/**
 * What to answer when media refused to verify an image (by its error code): the kind's spec text for a file that is
 * not an image or is too large, IMAGE_NOT_UPLOADED_MESSAGE when there is no such upload; null for any other failure
 * (media unavailable), which is not the caller's fault.
 */
export const imageRefusalMessage = (kind: StoredImageKind, code: string): string | null => {
  if (code === ErrorCodes.uploadInvalid) return NOT_AN_IMAGE_MESSAGES[kind];
  if (code === ErrorCodes.uploadTooLarge) return TOO_LARGE_MESSAGES[kind];
  if (code === ErrorCodes.objectNotFound) return IMAGE_NOT_UPLOADED_MESSAGE;
  return null;
};
