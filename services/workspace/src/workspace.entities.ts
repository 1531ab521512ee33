import { WorkspaceEntity } from './workspaces/workspace.entity.js';
import { CurrentWorkspaceEntity, MembershipEntity } from './members/membership.entity.js';
import { InviteEntity } from './invites/invite.entity.js';

/** Entities of the workspace schema. */
export const workspaceEntities: Function[] = [WorkspaceEntity, MembershipEntity, CurrentWorkspaceEntity, InviteEntity];
