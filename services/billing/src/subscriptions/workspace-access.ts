import { Injectable } from '@nestjs/common';
import { BusClient } from '@teamchat/bus';
import { WorkspaceContracts, type Actor } from '@teamchat/contracts';
import { BillingErrors } from '../billing.errors.js';

/** Re-checks with the workspace service that the actor administers their current workspace. */
@Injectable()
export class WorkspaceAccess {
  constructor(private readonly bus: BusClient) {}

  /** The actor's current workspace id; WORKSPACE.NONE without one, WORKSPACE.MEMBER_NOT_FOUND (404) if not a member, 403 if not admin. */
  async requireAdmin(actor: Actor): Promise<string> {
    if (!actor.workspaceId) throw BillingErrors.noWorkspace();
    const membership = await this.bus.request(WorkspaceContracts.getMember, {
      workspaceId: actor.workspaceId,
      userId: actor.userId,
    });
    if (membership.role !== 'admin') throw BillingErrors.notAdmin();
    return actor.workspaceId;
  }
}
