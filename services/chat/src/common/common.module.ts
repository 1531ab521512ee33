import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { StoredImages } from '@teamchat/service-kit';
import { PreparedStatements } from '@teamchat/database';
import { UserDirectory } from './user-directory.service.js';

/**
 * What every chat feature needs: author names and uploaded images from the other services, and the prepared
 * statements of the hot paths. Membership checks (`WorkspaceMembership`) come with the service (see defineService).
 */
@Module({
  providers: [
    UserDirectory,
    StoredImages,
    {
      provide: PreparedStatements,
      inject: [getDataSourceToken()],
      useFactory: (dataSource: DataSource) => new PreparedStatements(dataSource),
    },
  ],
  exports: [UserDirectory, StoredImages, PreparedStatements],
})
export class ChatCommonModule {}
