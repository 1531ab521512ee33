import { Module } from '@nestjs/common';
import { LocalObjectStore } from './local-object-store.js';
import { ObjectServing } from './object-serving.js';
import { AttachmentsController, ObjectsController } from './objects.controller.js';
import { UploadUrlController } from './upload-url.controller.js';

/** Upload URLs under /api, and the stored objects themselves at /objects/... and /attachments/... */
@Module({
  controllers: [UploadUrlController, ObjectsController, AttachmentsController],
  providers: [LocalObjectStore, ObjectServing],
})
export class MediaModule {}
