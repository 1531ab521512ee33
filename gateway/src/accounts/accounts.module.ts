import { Module } from '@nestjs/common';
import { InviteRoutes, UserRoutes, WorkspaceRoutes } from '@teamchat/contracts';
import { forwardingController } from '../http/forwarding.controller.js';
import { AuthController } from './auth.controller.js';
import { UsersController } from './users.controller.js';
import { WorkspacesController } from './workspaces.controller.js';
import { InvitesController } from './invites.controller.js';
import { ImageAddresses } from '../media/image-address.js';
import { CurrentUsers } from './current-user.js';
import { ProfileFrames } from './profile-frames.js';

/** The edge of the identity and workspace services: accounts, sessions, profiles, workspaces and invites. */
@Module({
  controllers: [
    AuthController,
    UsersController,
    WorkspacesController,
    InvitesController,
    forwardingController('Accounts', { ...UserRoutes, ...WorkspaceRoutes, ...InviteRoutes }),
  ],
  providers: [ImageAddresses, CurrentUsers, ProfileFrames],
})
export class AccountsModule {}
