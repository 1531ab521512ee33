import { Module } from '@nestjs/common';
import { UserDirectory } from './user-directory.service.js';
import { WorkspaceAccess } from './workspace-access.service.js';

/** What every chat feature needs from the other services: membership checks and author names. */
@Module({ providers: [WorkspaceAccess, UserDirectory], exports: [WorkspaceAccess, UserDirectory] })
export class ChatCommonModule {}
