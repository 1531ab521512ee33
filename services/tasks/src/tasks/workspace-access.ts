import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { ErrorCodes, WorkspaceContracts, type Actor } from '@teamchat/contracts';

/** Re-checks with the workspace service that the actor still belongs to the workspace the gateway resolved. */
@Injectable()
export class WorkspaceAccess {
  constructor(private readonly bus: BusClient) {}

  /** The actor's current workspace id; WORKSPACE.NONE without one, WORKSPACE.MEMBER_NOT_FOUND when no longer a member. */
  async currentWorkspace(actor: Actor): Promise<string> {
    if (!actor.workspaceId) throw new DomainError(ErrorCodes.noWorkspace, 'No active workspace');
    await this.bus.request(WorkspaceContracts.getMember, { workspaceId: actor.workspaceId, userId: actor.userId });
    return actor.workspaceId;
  }
}
