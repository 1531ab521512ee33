import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { workspaceEntities } from './workspace.entities.js';
import { WorkspaceController } from './workspace.controller.js';
import { WorkspaceService } from './workspaces/workspace.service.js';
import { MemberService } from './members/member.service.js';
import { InviteService } from './invites/invite.service.js';
import { WorkspaceAccess } from './members/workspace-access.js';
import { StoredImages } from '@teamchat/service-kit';

/** Workspaces, memberships, invites and seats: one transactional boundary, so one module. */
@Module({
  imports: [TypeOrmModule.forFeature(workspaceEntities)],
  controllers: [WorkspaceController],
  providers: [WorkspaceService, MemberService, InviteService, WorkspaceAccess, StoredImages],
})
export class WorkspaceDomainModule {}
