import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { ErrorCodes, WorkspaceContracts } from '@teamchat/contracts';

/** Membership as the workspace service knows it right now (the gateway's view of the actor is re-checked here). */
@Injectable()
export class WorkspaceAccess {
  constructor(private readonly bus: BusClient) {}

  async isMember(workspaceId: string, userId: string): Promise<boolean> {
    try {
      await this.bus.request(WorkspaceContracts.getMember, { workspaceId, userId });
      return true;
    } catch (err) {
      if (
        err instanceof DomainError &&
        (err.code === ErrorCodes.memberNotFound || err.code === ErrorCodes.workspaceNotFound)
      ) {
        return false;
      }
      throw err;
    }
  }
}
