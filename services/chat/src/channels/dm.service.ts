import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import { ErrorCodes, type Actor, type Channel } from '@teamchat/contracts';
import { UserDirectory } from '../common/user-directory.service.js';
import { isUuid } from '../common/ids.js';
import { ChannelEntity } from './channel.entity.js';
import { toChannel } from './channel.mapper.js';

export const DM_USER_NOT_FOUND = 'User not found in this workspace';

/** One DM channel per pair of users and workspace, whichever of them starts it. */
export const dmKeyOf = (a: string, b: string): string => [a.toLowerCase(), b.toLowerCase()].sort().join(':');

@Injectable()
export class DmService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly workspace: WorkspaceMembership,
    private readonly directory: UserDirectory,
  ) {}

  async list(actor: Actor): Promise<Channel[]> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    const rows = await this.channels
      .createQueryBuilder('c')
      .where('c.workspaceId = :workspaceId', { workspaceId })
      .andWhere(`c.type = 'direct'`)
      .andWhere('c.participantIds @> ARRAY[:userId]::uuid[]', { userId })
      .orderBy('c.createdAt', 'ASC')
      .getMany();
    return rows.map((c) => toChannel(c, userId));
  }

  /** Returns the existing DM with that user when there is one; the other user must be a member of the workspace. */
  async open(actor: Actor, otherUserId: string): Promise<Channel> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    if (!isUuid(otherUserId)) throw new DomainError(ErrorCodes.memberNotFound, DM_USER_NOT_FOUND);
    const other = otherUserId.toLowerCase();
    if (other !== userId && !(await this.workspace.isMember(workspaceId, other))) {
      throw new DomainError(ErrorCodes.memberNotFound, DM_USER_NOT_FOUND);
    }
    const dmKey = dmKeyOf(userId, other);
    const existing = await this.channels.findOneBy({ workspaceId, dmKey });
    if (existing) return toChannel(existing, userId);
    const participantIds = [...new Set([userId, other])];
    const authors = await this.directory.authors(participantIds);
    const name = participantIds
      .map((id) => authors.get(id)?.username ?? 'Unknown')
      .join(', ')
      .slice(0, 80);
    // a concurrent open of the same pair inserts nothing here and reads the winner's row below
    await this.db.query(
      `INSERT INTO "chat"."channel" ("workspace_id", "name", "type", "participant_ids", "dm_key", "icon", "order")
       VALUES ($1, $2, 'direct', $3::uuid[], $4, 'MessageCircle', 0)
       ON CONFLICT ("workspace_id", "dm_key") WHERE "dm_key" IS NOT NULL DO NOTHING`,
      [workspaceId, name, participantIds, dmKey],
    );
    return toChannel(await this.channels.findOneByOrFail({ workspaceId, dmKey }), userId);
  }
}
