// The workspace service as its peers see it over a FakeBus (who belongs where with which role, until when they may
// write), for the tests of services that only ask it. Its refusals are the workspace service's own errors.
import { membershipErrors } from '@teamchat/service-kit';
import { WorkspaceContracts, type Actor, type WorkspaceRole } from '@teamchat/contracts';
import type { FakeBus } from './fake-bus.js';

export class FakeWorkspaces {
  /** Members of each workspace with their role, in the order they joined. */
  private readonly members = new Map<string, Map<string, WorkspaceRole>>();
  /** Write deadlines (ISO) by workspace; a workspace left out is paid, writable for good. */
  readonly writableUntil = new Map<string, string>();

  /** Answers `workspace.member.get`, `workspace.member.list` and `workspace.entitlement.get` on `bus`. */
  constructor(bus: FakeBus) {
    bus.reply(WorkspaceContracts.getMember, ({ workspaceId, userId }) => {
      const role = this.members.get(workspaceId)?.get(userId);
      if (!role) throw membershipErrors.memberNotFound();
      return { workspaceId, userId, role };
    });
    bus.reply(WorkspaceContracts.listMembers, ({ workspaceId, limit }) =>
      [...(this.members.get(workspaceId) ?? [])].slice(0, limit).map(([userId, role]) => ({ userId, role })),
    );
    bus.reply(WorkspaceContracts.entitlement, ({ workspaceId }) => ({
      workspaceId,
      writableUntil: this.writableUntil.get(workspaceId) ?? null,
    }));
  }

  /** Makes the user a member; answers them as an actor in that workspace. */
  join(workspaceId: string, userId: string, role: WorkspaceRole = 'member'): Actor {
    const members = this.members.get(workspaceId) ?? new Map<string, WorkspaceRole>();
    this.members.set(workspaceId, members.set(userId, role));
    return { userId, workspaceId };
  }

  leave(workspaceId: string, userId: string): void {
    this.members.get(workspaceId)?.delete(userId);
  }

  isMember(workspaceId: string, userId: string): boolean {
    return this.members.get(workspaceId)?.has(userId) ?? false;
  }
}
