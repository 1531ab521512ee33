import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Env } from '@teamchat/config';
import { objectStorageProvider } from '../storage/storage.provider.js';
import { AttachmentAudience } from './attachment-audience.js';
import { UploadEntity } from './upload.entity.js';
import { UploadController } from './upload.controller.js';
import { UploadService } from './upload.service.js';
import { UploadSweeper } from './upload.sweeper.js';

@Module({})
export class UploadModule {
  static register(env: Env): DynamicModule {
    return {
      module: UploadModule,
      imports: [TypeOrmModule.forFeature([UploadEntity])],
      controllers: [UploadController],
      providers: [objectStorageProvider(env), AttachmentAudience, UploadService, UploadSweeper],
    };
  }
}
