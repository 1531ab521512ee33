import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import { ErrorCodes, type Actor, type Channel, type ReorderChannel } from '@teamchat/contracts';
import { ChannelEntity } from '../channels/channel.entity.js';
import { CHANNEL_NOT_FOUND, ChannelAccessService } from '../channels/channel-access.service.js';
import { toChannel } from '../channels/channel.mapper.js';
import { moveTo } from '../channels/reorder.js';
import { SECTION_NOT_FOUND } from './section.service.js';
import { channelsInSection, place, placedSection, sidebarChanged, visibleSection } from './sidebar.js';

export const DM_REORDER_REFUSED = 'Direct messages cannot be reordered.';

/**
 * Moving channels in one member's sidebar: within a section or into another (the workspace's or their own). Only the
 * member's placements are written, so no one else's sidebar changes and the channel's defaults stay as they are.
 */
@Injectable()
export class SidebarService {
  private readonly logger = new Logger(SidebarService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly bus: BusClient,
  ) {}

  /**
   * Puts the channel at `newOrder` in its section of the member's sidebar (or in `sectionId`), and fixes the order of
   * every other channel there for them alone: answers that section's channels as they see it, ordered 0..n-1.
   */
  async move(actor: Actor, input: ReorderChannel): Promise<Channel[]> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readable(member, input.channelId);
    if (channel.type === 'direct' || !channel.sectionId)
      throw new DomainError(ErrorCodes.channelIsDirect, DM_REORDER_REFUSED);
    const { workspaceId, userId } = member;
    const rows = await this.db.transaction(async (m) => {
      // only a channel of the member's sidebar has a place in it; the shared row lock makes a concurrent leave wait,
      // so it removes this placement too
      const now = await m.findOne(ChannelEntity, { where: { id: channel.id }, lock: { mode: 'pessimistic_read' } });
      if (!now || !(now.participantIds ?? []).includes(userId) || now.archivedAt)
        throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
      const target = input.sectionId ?? (await placedSection(m, userId, channel));
      // the target section's row lock: the member's concurrent moves into one section take turns
      const section = target ? await visibleSection(m, workspaceId, userId, target, true) : null;
      if (!section) throw new DomainError(ErrorCodes.sectionNotFound, SECTION_NOT_FOUND);
      const ordered = moveTo(await channelsInSection(m, workspaceId, userId, section.id), channel.id, input.newOrder);
      await place(m, workspaceId, userId, section.id, ordered);
      const found = await m.findBy(ChannelEntity, { id: In(ordered) });
      const byId = new Map(found.map((c) => [c.id, c]));
      return ordered.map((id, order) => ({ ...toChannel(byId.get(id)!, userId), sectionId: section.id, order }));
    });
    await sidebarChanged(this.bus, this.logger, workspaceId, userId);
    return rows;
  }
}
