import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { WorkspaceMembership, type WorkspaceMember } from '@teamchat/service-kit';
import { ErrorCodes, type Actor, type ChannelAccess } from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { isUuid } from '../common/ids.js';
import { ChannelEntity } from './channel.entity.js';

export const CHANNEL_NOT_FOUND = 'Channel not found';

/** What decides who may use a channel; none of it ever changes once the channel exists. */
export type ChannelRef = Pick<ChannelEntity, 'id' | 'workspaceId' | 'type' | 'participantIds'>;

/** Who may read and post: every member in a regular channel, only participants in a DM. Anything else is a 404. */
export const canRead = (channel: ChannelRef, userId: string): boolean =>
  channel.type === 'regular' || (channel.participantIds ?? []).includes(userId);

export const audienceOf = (channel: ChannelRef): ChannelAccess['audience'] => ({
  userIds: channel.type === 'direct' ? [...(channel.participantIds ?? [])] : null,
});

const MAX_REFS = 50_000;

const CHANNEL_REF = new PreparedStatement<{
  id: string;
  workspace_id: string;
  type: ChannelRef['type'];
  participant_ids: string[] | null;
}>('chat.channel.ref', `SELECT "id", "workspace_id", "type", "participant_ids" FROM "chat"."channel" WHERE "id" = $1`);

/** Who reads: a member, or (on the message hot path) the ids a member check running alongside will confirm. */
type Reader = Pick<WorkspaceMember, 'userId' | 'workspaceId'>;

@Injectable()
export class ChannelAccessService {
  /** Channel refs by id: immutable, so kept without expiry (bounded) for the per-message hot path. */
  private readonly refs = new Map<string, ChannelRef>();

  constructor(
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly workspace: WorkspaceMembership,
    private readonly statements: PreparedStatements,
  ) {}

  /** The channel, if the member may read it; CHAT.CHANNEL_NOT_FOUND otherwise (other workspaces' ids included). */
  async readable(member: Reader, channelId: string): Promise<ChannelEntity> {
    if (!isUuid(channelId)) throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
    const channel = await this.channels.findOneBy({ id: channelId, workspaceId: member.workspaceId });
    if (!channel || !canRead(channel, member.userId))
      throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
    return channel;
  }

  /** Like `readable`, for the hot path: answers from memory once the channel has been seen. */
  async readableRef(member: Reader, channelId: string): Promise<ChannelRef> {
    const id = channelId.toLowerCase();
    let ref = this.refs.get(id);
    if (!ref) {
      if (!isUuid(id)) throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
      const rows = await this.statements.rows(CHANNEL_REF, [id]);
      if (rows.length === 0) throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
      const [row] = rows;
      ref = { id: row.id, workspaceId: row.workspace_id, type: row.type, participantIds: row.participant_ids };
      if (this.refs.size >= MAX_REFS) this.refs.clear();
      this.refs.set(id, ref);
    }
    if (ref.workspaceId !== member.workspaceId || !canRead(ref, member.userId)) {
      throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
    }
    return ref;
  }

  async describe(actor: Actor, channelId: string): Promise<ChannelAccess> {
    const member = await this.workspace.member(actor);
    const channel = await this.readableRef(member, channelId);
    return {
      channelId: channel.id,
      workspaceId: channel.workspaceId,
      type: channel.type,
      audience: audienceOf(channel),
    };
  }
}
