import { Module } from '@nestjs/common';
import { StoredImages } from '@teamchat/service-kit';
import { PreparedStatements, preparedStatementsProvider } from '@teamchat/database';
import { UserDirectory } from './user-directory.service.js';

/**
 * What every chat feature needs: author names and uploaded images from the other services, and the prepared
 * statements of the hot paths. Membership checks (`WorkspaceMembership`) come with the service (see defineService).
 */
@Module({
  providers: [UserDirectory, StoredImages, preparedStatementsProvider],
  exports: [UserDirectory, StoredImages, PreparedStatements],
})
export class ChatCommonModule {}
