import { Module } from '@nestjs/common';
import { ChatImages } from './chat-images.service.js';
import { UserDirectory } from './user-directory.service.js';
import { WorkspaceAccess } from './workspace-access.service.js';

/** What every chat feature needs from the other services: membership checks, author names, uploaded images. */
@Module({
  providers: [WorkspaceAccess, UserDirectory, ChatImages],
  exports: [WorkspaceAccess, UserDirectory, ChatImages],
})
export class ChatCommonModule {}
