import { UploadEntity } from './uploads/upload.entity.js';

/** Entities of the media schema. */
export const mediaEntities: Function[] = [UploadEntity];
