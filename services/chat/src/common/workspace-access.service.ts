import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { ErrorCodes, WorkspaceContracts, type Actor } from '@teamchat/contracts';

/** An actor whose membership of their current workspace the workspace service has just confirmed. */
export interface Member {
  userId: string;
  workspaceId: string;
}

/** Chat trusts no workspace id it is handed: every call re-asks the workspace service about the membership. */
@Injectable()
export class WorkspaceAccess {
  constructor(private readonly bus: BusClient) {}

  async member(actor: Actor): Promise<Member> {
    if (!actor.workspaceId) throw new DomainError(ErrorCodes.noWorkspace, 'No active workspace');
    if (!(await this.isMember(actor.workspaceId, actor.userId))) {
      throw new DomainError(ErrorCodes.workspaceNotFound, 'Workspace not found');
    }
    return { userId: actor.userId, workspaceId: actor.workspaceId };
  }

  async isMember(workspaceId: string, userId: string): Promise<boolean> {
    try {
      await this.bus.request(WorkspaceContracts.getMember, { workspaceId, userId });
      return true;
    } catch (err) {
      if (err instanceof DomainError && err.code === ErrorCodes.memberNotFound) return false;
      throw err;
    }
  }
}
