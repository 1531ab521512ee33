import { Module } from '@nestjs/common';
import { StoredImages } from '@teamchat/bus';
import { UserDirectory } from './user-directory.service.js';
import { WorkspaceAccess } from './workspace-access.service.js';

/** What every chat feature needs from the other services: membership checks, author names, uploaded images. */
@Module({
  providers: [WorkspaceAccess, UserDirectory, StoredImages],
  exports: [WorkspaceAccess, UserDirectory, StoredImages],
})
export class ChatCommonModule {}
