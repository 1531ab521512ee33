// Upload rules shared by the SPA, the gateway (which stores local uploads) and the media service (spec 1 §5, spec 2 §5, §9).
import { z } from 'zod';
import { bareContentType, FILE_MAX_BYTES } from './files.schema.js';

/** What an upload is for; each kind has its own size limit. `file` is a message attachment of any type. */
export const UPLOAD_KINDS = ['profile', 'logo', 'reaction', 'message', 'file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const MB = 1024 * 1024;
/** Server-enforced limits: profile image 3MB, workspace logo 5MB, reaction 5242880 bytes, message image 10485760 bytes. */
export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  profile: 3 * MB,
  logo: 5 * MB,
  reaction: 5242880,
  message: 10485760,
  file: FILE_MAX_BYTES,
};

/** Upload URLs are valid this long after they are handed out. */
export const UPLOAD_URL_TTL_SECONDS = 300;

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** The accepted file extensions and the one content type each stands for. */
export const IMAGE_EXTENSIONS: Record<string, ImageContentType> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The extension a stored object gets for its type (never taken from the caller's file name). */
export const EXTENSION_FOR_TYPE: Record<ImageContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export const NOT_AN_IMAGE_MESSAGES: Record<UploadKind, string> = {
  profile: 'Please upload an image file.',
  logo: 'Please select an image file',
  reaction: 'Please upload an image file.',
  message: 'Please upload an image file.',
  file: 'Please upload the file again.',
};

const megabytes = (bytes: number): string =>
  bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10}MB` : `${Math.max(1, Math.floor(bytes / 1024))}KB`;

export const TOO_LARGE_MESSAGES: Record<UploadKind, string> = {
  profile: `Please upload an image smaller than ${megabytes(UPLOAD_LIMITS.profile)}.`,
  logo: `Please select an image under ${megabytes(UPLOAD_LIMITS.logo)}`,
  reaction: `Please upload an image smaller than ${megabytes(UPLOAD_LIMITS.reaction)}.`,
  message: `Please upload an image smaller than ${megabytes(UPLOAD_LIMITS.message)}.`,
  file: `Please upload a file smaller than ${megabytes(UPLOAD_LIMITS.file)}.`,
};

/** For the storage endpoint, which knows the signed limit and kind. */
export const tooLargeMessageFor = (maxBytes: number, kind?: UploadKind): string =>
  kind === 'file'
    ? `Please upload a file smaller than ${megabytes(maxBytes)}.`
    : `Please upload an image smaller than ${megabytes(maxBytes)}.`;
export const NOT_AN_IMAGE_MESSAGE = 'Please upload an image file.';

export const UPLOAD_EXPIRED_MESSAGE = 'Upload URL has expired';
export const UPLOAD_SIGNATURE_MESSAGE = 'Invalid upload signature';

/** The content type a file name's extension stands for, or null when it is not an accepted image. */
export const imageTypeOfFilename = (filename: string): ImageContentType | null => {
  const match = /\.([A-Za-z0-9]+)$/.exec(filename.trim());
  return match ? (IMAGE_EXTENSIONS[match[1].toLowerCase()] ?? null) : null;
};

/** `image/JPEG; charset=x` → `image/jpeg`; null when it is not an accepted image type. */
export const normalizeImageType = (contentType: string | null | undefined): ImageContentType | null => {
  const bare = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const canonical = bare === 'image/jpg' || bare === 'image/pjpeg' ? 'image/jpeg' : bare;
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(canonical) ? (canonical as ImageContentType) : null;
};

/** How many leading bytes `sniffImageType` needs to decide. */
export const SNIFF_BYTES = 12;

/** The image type the first bytes of a file prove (PNG, JPEG, GIF, WebP signatures), or null. */
export const sniffImageType = (head: Uint8Array): ImageContentType | null => {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61)
    return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
};

/**
 * Decides the stored type of an upload from its file name and, when given, its declared content type: both must name
 * the same accepted image type. Returns the spec's message for the kind when they do not.
 */
export const resolveUploadType = (
  kind: UploadKind,
  filename: string,
  contentType?: string | null,
): { ok: true; contentType: ImageContentType } | { ok: false; message: string } => {
  const byName = imageTypeOfFilename(filename);
  if (!byName) return { ok: false, message: NOT_AN_IMAGE_MESSAGES[kind] };
  if (contentType !== undefined && contentType !== null && normalizeImageType(contentType) !== byName) {
    return { ok: false, message: NOT_AN_IMAGE_MESSAGES[kind] };
  }
  return { ok: true, contentType: byName };
};

/**
 * Object keys: `w/<workspaceId>/<random uuid>.<ext>`, or `u/<userId>/<random uuid>.<ext>` for an upload made before
 * the caller has a workspace (the signup logo). Never derived from the caller's file name: an image's extension
 * follows its type, any other file is `.bin` (its name and type are kept beside it).
 */
export const OBJECT_KEY_PATTERN =
  /^[wu]\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|bin)$/;
/** The extension of a file attachment's object key. */
export const FILE_KEY_EXTENSION = 'bin';
export const ObjectKeySchema = z.string().regex(OBJECT_KEY_PATTERN, 'Not found');

/** Where the gateway serves stored objects: `/attachments/<key>` for message attachments, `/objects/<key>` for the rest. */
export const OBJECT_ROUTE_PREFIXES = ['objects', 'attachments'] as const;
/** The route prefix of a kind's objects (`attachments` for message images and files, `objects` for the rest). */
export const objectPrefixFor = (kind: UploadKind): (typeof OBJECT_ROUTE_PREFIXES)[number] =>
  kind === 'message' || kind === 'file' ? 'attachments' : 'objects';
export const objectPathFor = (kind: UploadKind, key: string): string => `/${objectPrefixFor(kind)}/${key}`;

/** The object key inside an upload URL or a stored image address (its last three path segments), or null. */
export const objectKeyFromUrl = (url: string): string | null => {
  let key: string;
  try {
    const { pathname } = new URL(url, 'http://localhost');
    key = pathname.split('/').filter(Boolean).slice(-3).map(decodeURIComponent).join('/');
  } catch {
    // not a URL, or a segment with a malformed percent-escape (`%ZZ`): neither names one of our objects
    return null;
  }
  return OBJECT_KEY_PATTERN.test(key) ? key : null;
};

/** Spec 2 §7: a message attachment is addressed as `/attachments/...`, derived from its upload URL. */
export const attachmentPathFromUploadUrl = (uploadUrl: string): string | null => {
  const key = objectKeyFromUrl(uploadUrl);
  return key ? `/attachments/${key}` : null;
};

/**
 * Spec 1 §7: the stored image address is the upload address without its query string. That holds for the local
 * driver, whose upload URLs are the gateway's own `/objects/...` addresses; a presigned S3 URL names a private bucket
 * instead, so its object is addressed where the gateway serves it (`/objects/<key>`).
 */
export const imageAddressFromUploadUrl = (uploadUrl: string): string => {
  const bare = uploadUrl.split('?')[0];
  const presigned = /[?&]X-Amz-(Signature|Credential)=/i.test(uploadUrl);
  const key = presigned ? objectKeyFromUrl(bare) : null;
  return key ? `/objects/${key}` : bare;
};

export interface UploadSignatureFields {
  /** The request method the URL is good for (uploads are PUTs). */
  method: string;
  /** The route the bytes go to: `objects` or `attachments` (the media service signs objectPathFor's). */
  prefix: string;
  kind: UploadKind;
  key: string;
  maxBytes: number;
  contentType: string;
  expires: number;
}

/**
 * What the local storage signature covers; the media service signs it and the gateway checks it with the method and
 * route prefix of the request it received, so a URL is good for exactly one method, route, kind, key, size, type and
 * time window.
 */
export const uploadSignaturePayload = (p: UploadSignatureFields): string =>
  ['teamchat-upload-v2', p.method, p.prefix, p.kind, p.key, String(p.maxBytes), p.contentType, String(p.expires)].join(
    '\n',
  );

const filename = z
  .string({ error: 'File name is required' })
  .trim()
  .min(1, 'File name is required')
  .max(255, 'File name must be at most 255 characters');

/** `POST /api/upload-url`: workspace logos and profile images (`kind` says which; profile by default). */
export const UploadUrlRequestSchema = z
  .object({
    filename,
    contentType: z.string({ error: 'Content type is required' }).max(100, 'Content type is not an image type'),
    kind: z.enum(['profile', 'logo'], { error: 'kind must be profile or logo' }).optional().default('profile'),
  })
  .superRefine((body, ctx) => {
    const result = resolveUploadType(body.kind, body.filename, body.contentType);
    if (!result.ok) ctx.addIssue({ code: 'custom', path: ['filename'], message: result.message });
  });
export type UploadUrlRequest = z.infer<typeof UploadUrlRequestSchema>;

const filenameOnly = (kind: UploadKind) =>
  z.object({ filename }).superRefine((body, ctx) => {
    const result = resolveUploadType(kind, body.filename);
    if (!result.ok) ctx.addIssue({ code: 'custom', path: ['filename'], message: result.message });
  });

/** A message attachment whose name is an accepted image (png, jpeg, jpg, gif, webp) is an image with a preview. */
export const messageUploadKind = (filename: string): 'message' | 'file' =>
  imageTypeOfFilename(filename) ? 'message' : 'file';

/**
 * `POST /api/messages/upload`: a message attachment. An image (by its extension) stays a message image (10MB); any
 * other file is an attachment of up to 25MB, recorded with its name and type. `size`, when the client knows it,
 * refuses a file over its limit before any byte is sent (the upload itself is checked whatever was declared).
 */
export const MessageUploadRequestSchema = z
  .object({
    filename,
    contentType: z.string({ error: 'Content type must be text' }).max(255, 'Content type too long').optional(),
    size: z
      .number({ error: 'Size must be a whole number of bytes' })
      .int('Size must be a whole number of bytes')
      .min(0, 'Size must be a whole number of bytes')
      .optional(),
  })
  .superRefine((body, ctx) => {
    const kind = messageUploadKind(body.filename);
    if (body.size !== undefined && body.size > UPLOAD_LIMITS[kind])
      ctx.addIssue({ code: 'custom', path: ['size'], message: TOO_LARGE_MESSAGES[kind] });
  });
export type MessageUploadRequest = z.infer<typeof MessageUploadRequestSchema>;
/** `POST /api/reactions/upload`: a custom reaction image. */
export const ReactionUploadRequestSchema = filenameOnly('reaction');

/** `POST /api/upload-url` answer; `objectPath` is where the gateway serves the object once uploaded. */
export const UploadUrlResponseSchema = z.object({ uploadUrl: z.string(), objectPath: z.string() });
export type UploadUrlResponse = z.infer<typeof UploadUrlResponseSchema>;
/** `POST /api/messages/upload` and `POST /api/reactions/upload` answer (note the spelling `uploadURL`). */
export const UploadURLResponseSchema = z.object({ uploadURL: z.string(), objectPath: z.string() });
export type UploadURLResponse = z.infer<typeof UploadURLResponseSchema>;
/** `POST /api/messages/upload` answer: also whether the attachment is an `image` (imageUrl) or a `file` (fileUrl). */
export const MessageUploadResponseSchema = UploadURLResponseSchema.extend({ attachment: z.enum(['image', 'file']) });
export type MessageUploadResponse = z.infer<typeof MessageUploadResponseSchema>;

/** Query of a local-storage upload URL (`PUT /objects/<key>?expires&max&type&sig`). */
export const SignedUploadQuerySchema = z.object({
  kind: z.enum(UPLOAD_KINDS),
  expires: z.coerce.number().int().positive(),
  max: z.coerce.number().int().positive(),
  /** An image type, or a file attachment's recorded type. */
  type: z
    .string()
    .max(255)
    .refine((t) => bareContentType(t) === t),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SignedUploadQuery = z.infer<typeof SignedUploadQuerySchema>;
