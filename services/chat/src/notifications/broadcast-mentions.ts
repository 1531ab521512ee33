import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceMembership, type WorkspaceMember } from '@teamchat/service-kit';
import {
  BROADCAST_MENTION,
  broadcastMentionRestricted,
  ErrorCodes,
  LARGE_CHANNEL_MEMBERS,
  WorkspaceContracts,
  type Actor,
  type BroadcastMentionPolicy,
  type UpdateBroadcastMentionPolicy,
} from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import type { ChannelRef } from '../channels/channel-access.service.js';

export const ADMINS_ONLY_MESSAGE = 'Only admins can change who may notify a whole channel.';

interface PolicyRow {
  admins_only: boolean;
  large: number;
}
const POLICY = new PreparedStatement<PolicyRow>(
  'chat.broadcast-policy.get',
  `SELECT "admins_only_in_large_channels" AS "admins_only", "large_channel_members" AS "large"
   FROM "chat"."broadcast_mention_policy" WHERE "workspace_id" = $1`,
);
/** `$3` null keeps the size that makes a channel large. */
const SET_POLICY = new PreparedStatement<PolicyRow>(
  'chat.broadcast-policy.set',
  `INSERT INTO "chat"."broadcast_mention_policy" ("workspace_id", "admins_only_in_large_channels", "large_channel_members")
   VALUES ($1, $2, coalesce($3::int, ${LARGE_CHANNEL_MEMBERS}))
   ON CONFLICT ("workspace_id") DO UPDATE SET "admins_only_in_large_channels" = $2,
     "large_channel_members" = coalesce($3::int, "broadcast_mention_policy"."large_channel_members"), "updated_at" = now()
   RETURNING "admins_only_in_large_channels" AS "admins_only", "large_channel_members" AS "large"`,
);
const toPolicy = (row: PolicyRow | undefined): BroadcastMentionPolicy => ({
  adminsOnlyInLargeChannels: row?.admins_only ?? false,
  largeChannelMembers: row?.large ?? LARGE_CHANNEL_MEMBERS,
});

/**
 * Who may notify a whole channel (issue 19): a workspace's admins may keep @channel, @everyone and @here in channels of
 * more members than the workspace calls large (20 unless they chose otherwise) to themselves. Checked when a message is stored, only for a message that
 * has such a mention (so an ordinary message pays nothing).
 */
@Injectable()
export class BroadcastMentions {
  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly statements: PreparedStatements,
    private readonly bus: BusClient,
  ) {}

  async get(actor: Actor): Promise<BroadcastMentionPolicy> {
    const { workspaceId } = await this.workspace.member(actor);
    return this.policyOf(workspaceId);
  }

  async set(actor: Actor, update: UpdateBroadcastMentionPolicy): Promise<BroadcastMentionPolicy> {
    const member = await this.workspace.member(actor);
    if (member.role !== 'admin') throw new DomainError(ErrorCodes.forbidden, ADMINS_ONLY_MESSAGE);
    const [row] = await this.statements.rows(SET_POLICY, [
      member.workspaceId,
      update.adminsOnlyInLargeChannels,
      update.largeChannelMembers ?? null,
    ]);
    return toPolicy(row);
  }

  /** Refuses (AUTH.FORBIDDEN) a whole-channel mention by a member who may not make one in this channel. */
  async requireAllowed(member: WorkspaceMember, channel: ChannelRef, content: string | null): Promise<void> {
    if (!content || !BROADCAST_MENTION.test(content) || member.role === 'admin') return;
    const policy = await this.policyOf(member.workspaceId);
    if (!policy.adminsOnlyInLargeChannels) return;
    const audience =
      channel.type === 'direct'
        ? (channel.participantIds ?? []).length
        : (await this.bus.request(WorkspaceContracts.listMembers, { workspaceId: member.workspaceId })).length;
    if (audience > policy.largeChannelMembers)
      throw new DomainError(ErrorCodes.forbidden, broadcastMentionRestricted(policy.largeChannelMembers));
  }

  private async policyOf(workspaceId: string): Promise<BroadcastMentionPolicy> {
    const [row] = await this.statements.rows(POLICY, [workspaceId]);
    return toPolicy(row);
  }
}
