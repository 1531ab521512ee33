// The read-only rule behind every handler of a contract marked `workspaceWrite` (the bus's WorkspaceWriteGuard asks it).
import { WorkspaceWriteCheck } from '@teamchat/bus';
import type { Actor } from '@teamchat/contracts';
import type { WorkspaceEntitlements } from './workspace-entitlements.js';
import type { WorkspaceMembership } from './workspace-membership.js';

export class WorkspaceWrites extends WorkspaceWriteCheck {
  constructor(
    private readonly membership: WorkspaceMembership,
    private readonly entitlements: WorkspaceEntitlements,
  ) {
    super();
  }

  /** Both answers are cached per process, so a write costs no bus round trip for this. */
  async requireWritable(actor: Actor & { workspaceId: string }): Promise<void> {
    // membership first: someone outside the workspace hears "not found", never about its billing
    const member = await this.membership.member(actor);
    await this.entitlements.requireWritable(member.workspaceId);
  }
}
