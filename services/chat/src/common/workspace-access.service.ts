import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { ErrorCodes, WorkspaceContracts, type Actor } from '@teamchat/contracts';

/** An actor whose membership of their current workspace the workspace service has confirmed. */
export interface Member {
  userId: string;
  workspaceId: string;
}

/**
 * How long a confirmed membership is trusted without asking again. Short: it only spares the workspace service a
 * round trip per message of a busy conversation. A removal also drops the entry at once (`forget`), and the gateway
 * closes a removed member's sockets, so nothing relies on the cache to keep them out.
 */
export const MEMBERSHIP_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

/** Chat trusts no workspace id it is handed: calls are checked against the workspace service's memberships. */
@Injectable()
export class WorkspaceAccess {
  private readonly confirmed = new Map<string, number>();

  constructor(private readonly bus: BusClient) {}

  async member(actor: Actor): Promise<Member> {
    if (!actor.workspaceId) throw new DomainError(ErrorCodes.noWorkspace, 'No active workspace');
    if (!(await this.isMember(actor.workspaceId, actor.userId))) {
      throw new DomainError(ErrorCodes.workspaceNotFound, 'Workspace not found');
    }
    return { userId: actor.userId, workspaceId: actor.workspaceId };
  }

  async isMember(workspaceId: string, userId: string): Promise<boolean> {
    const key = `${workspaceId}:${userId}`;
    const until = this.confirmed.get(key);
    if (until !== undefined && until > Date.now()) return true;
    try {
      await this.bus.request(WorkspaceContracts.getMember, { workspaceId, userId });
    } catch (err) {
      if (err instanceof DomainError && err.code === ErrorCodes.memberNotFound) {
        this.confirmed.delete(key);
        return false;
      }
      throw err;
    }
    if (this.confirmed.size >= MAX_ENTRIES) this.confirmed.clear();
    this.confirmed.set(key, Date.now() + MEMBERSHIP_TTL_MS);
    return true;
  }

  /** A member left or was removed: stop trusting the cached answer. */
  forget(workspaceId: string, userId: string): void {
    this.confirmed.delete(`${workspaceId}:${userId}`);
  }
}
