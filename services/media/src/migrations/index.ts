import { MediaInit1732400000000 } from './1732400000000-init.js';
import { MediaUploadRecheck1734000000000 } from './1734000000000-upload-recheck.js';

/** Committed migrations of the media schema, in order. */
export const mediaMigrations: Function[] = [MediaInit1732400000000, MediaUploadRecheck1734000000000];
