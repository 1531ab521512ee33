import { defineService } from '@teamchat/service-kit';
import { mediaEntities } from './media.entities.js';
import { mediaMigrations } from './migrations/index.js';
import { UploadModule } from './uploads/upload.module.js';

/** The media service: its schema, its features and its health ping (see defineService). */
export const mediaService = defineService({
  name: 'media',
  entities: mediaEntities,
  migrations: mediaMigrations,
  features: (runtime) => [UploadModule.register(runtime.env)],
});
