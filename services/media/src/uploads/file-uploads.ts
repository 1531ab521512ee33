import { DomainError } from '@teamchat/bus';
import {
  displayFileName,
  ErrorCodes,
  EXTENSION_FOR_TYPE,
  FILE_KEY_EXTENSION,
  fileTypeOf,
  resolveUploadType,
  TOO_LARGE_MESSAGES,
  UPLOAD_LIMITS,
  type UploadKind,
} from '@teamchat/contracts';
import type { StoredStat } from '../storage/object-storage.js';

/** What an upload URL is handed out for: the type it is stored and served with, its key's extension, its name. */
export interface UploadTerms {
  contentType: string;
  extension: string;
  /** A `file` upload's original name (shown on its card and kept on download); null for images. */
  filename: string | null;
}

/**
 * The terms of a new upload. An image kind needs an accepted image name (and a declared type that agrees); a `file`
 * (a message attachment of any type) is typed by its name, or the declared type, and refused at once when its
 * announced size is over 25MB.
 */
export const uploadTerms = (input: {
  kind: UploadKind;
  filename: string;
  contentType?: string;
  size?: number;
}): UploadTerms => {
  const limit = UPLOAD_LIMITS[input.kind];
  if (input.size !== undefined && input.size > limit) {
    const message = TOO_LARGE_MESSAGES[input.kind];
    throw new DomainError(ErrorCodes.validation, message, [{ path: 'size', message }]);
  }
  if (input.kind === 'file') {
    const filename = displayFileName(input.filename);
    return { contentType: fileTypeOf(filename, input.contentType), extension: FILE_KEY_EXTENSION, filename };
  }
  const type = resolveUploadType(input.kind, input.filename, input.contentType);
  if (!type.ok)
    throw new DomainError(ErrorCodes.uploadInvalid, type.message, [{ path: 'filename', message: type.message }]);
  return { contentType: type.contentType, extension: EXTENSION_FOR_TYPE[type.contentType], filename: null };
};

/**
 * Whether what was stored for a `file` upload may stay: any bytes (even none) within its limit. Its type is the one
 * recorded when the URL was handed out, whatever the PUT declared; nothing is sniffed, since a file is only ever served
 * with that type and, unless it is a PDF or a raster image, as a download.
 */
export const storedFileFits = (stat: StoredStat, maxBytes: number): boolean => stat.size <= maxBytes;
