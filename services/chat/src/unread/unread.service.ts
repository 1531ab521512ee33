import { Injectable } from '@nestjs/common';
import { WorkspaceMembership } from '@teamchat/service-kit';
import { type Actor, type ReadState, type UnreadCount } from '@teamchat/contracts';
import { ChannelAccessService } from '../channels/channel-access.service.js';
import { ChannelMembershipService } from '../channels/channel-membership.service.js';
import { ReadStateStore } from '../store/read-state.store.js';

/** Read state kept on the server, so every device of a user shows the same unread counts. */
@Injectable()
export class UnreadService {
  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly store: ReadStateStore,
    private readonly membership: ChannelMembershipService,
  ) {}

  /**
   * Per channel the user belongs to (not archived) with any: messages from others after the user's last read (all of
   * them if never read), up to UNREAD_COUNT_CAP.
   */
  async list(actor: Actor): Promise<UnreadCount[]> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    await this.membership.ensureMember(workspaceId, userId);
    const rows = await this.store.unread(workspaceId, userId);
    return rows.map((r) => ({ channelId: r.channel_id, count: r.count }));
  }

  /** Marks everything in the channel up to now as read; never moves the mark backwards (see MARK_CHANNEL_READ). */
  async markRead(actor: Actor, channelId: string): Promise<ReadState> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readableRef(member, channelId);
    const mark = await this.store.markChannelRead(member.userId, channel.id, member.workspaceId);
    return { channelId: channel.id, lastReadAt: mark.toISOString() };
  }
}
