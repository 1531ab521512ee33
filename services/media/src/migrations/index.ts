import { MediaInit1732400000000 } from './1732400000000-init.js';
import { MediaUploadRecheck1734000000000 } from './1734000000000-upload-recheck.js';
import { MediaUploadDeleted1736000000100 } from './1736000000100-upload-deleted.js';
import { MediaUploadFiles1736000000400 } from './1736000000400-upload-files.js';
import { MediaAttachmentAudience1741000000000 } from './1741000000000-attachment-audience.js';

/** Committed migrations of the media schema, in order. */
export const mediaMigrations: Function[] = [
  MediaInit1732400000000,
  MediaUploadRecheck1734000000000,
  MediaUploadDeleted1736000000100,
  MediaUploadFiles1736000000400,
  MediaAttachmentAudience1741000000000,
];
