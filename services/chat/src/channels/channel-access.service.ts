import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { ErrorCodes, type Actor, type ChannelAccess } from '@teamchat/contracts';
import { WorkspaceAccess, type Member } from '../common/workspace-access.service.js';
import { isUuid } from '../common/ids.js';
import { ChannelEntity } from './channel.entity.js';

export const CHANNEL_NOT_FOUND = 'Channel not found';

/** Who may read and post: every member in a regular channel, only participants in a DM. Anything else is a 404. */
export const canRead = (channel: ChannelEntity, userId: string): boolean =>
  channel.type === 'regular' || (channel.participantIds ?? []).includes(userId);

export const audienceOf = (channel: ChannelEntity): ChannelAccess['audience'] => ({
  userIds: channel.type === 'direct' ? [...(channel.participantIds ?? [])] : null,
});

@Injectable()
export class ChannelAccessService {
  constructor(
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly workspace: WorkspaceAccess,
  ) {}

  /** The channel, if the member may read it; CHAT.CHANNEL_NOT_FOUND otherwise (other workspaces' ids included). */
  async readable(member: Member, channelId: string): Promise<ChannelEntity> {
    if (!isUuid(channelId)) throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
    const channel = await this.channels.findOneBy({ id: channelId, workspaceId: member.workspaceId });
    if (!channel || !canRead(channel, member.userId))
      throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
    return channel;
  }

  async describe(actor: Actor, channelId: string): Promise<ChannelAccess> {
    const member = await this.workspace.member(actor);
    const channel = await this.readable(member, channelId);
    return {
      channelId: channel.id,
      workspaceId: channel.workspaceId,
      type: channel.type,
      audience: audienceOf(channel),
    };
  }
}
