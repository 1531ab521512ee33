import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import { RealtimeEvents, type Actor, type ReadState, type UnreadCount } from '@teamchat/contracts';
import { ChannelAccessService } from '../channels/channel-access.service.js';
import { ChannelMembershipService } from '../channels/channel-membership.service.js';
import { ReadStateStore } from '../store/read-state.store.js';

/** Read state kept on the server, so every device of a user shows the same unread counts. */
@Injectable()
export class UnreadService {
  private readonly logger = new Logger(UnreadService.name);

  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly store: ReadStateStore,
    private readonly membership: ChannelMembershipService,
    private readonly bus: BusClient,
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

  /**
   * Marks everything in the channel up to now as read; never moves the mark backwards (see MARK_CHANNEL_READ). A mark
   * that moved is told to the user's other sockets (a `read` frame): their unread count and Mentions badge follow.
   */
  async markRead(actor: Actor, channelId: string): Promise<ReadState> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readableRef(member, channelId);
    const { mark, moved } = await this.store.markChannelRead(member.userId, channel.id, member.workspaceId);
    const state = { channelId: channel.id, lastReadAt: mark.toISOString() };
    if (moved) {
      // the mark is stored: a frame that fails to go out only leaves the other tabs to their next refetch
      await this.bus
        .emit(RealtimeEvents.workspaceBroadcast, {
          workspaceId: member.workspaceId,
          frame: { type: 'read', ...state },
          userIds: [member.userId],
        })
        .catch((err: unknown) => this.logger.warn(`read frame not sent: ${String(err)}`));
    }
    return state;
  }
}
