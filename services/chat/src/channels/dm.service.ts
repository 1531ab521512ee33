import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import { ErrorCodes, GROUP_DM_SELF, type Actor, type Channel, type CreateDm } from '@teamchat/contracts';
import { UserDirectory } from '../common/user-directory.service.js';
import { isUuid } from '../common/ids.js';
import { ChannelEntity } from './channel.entity.js';
import { toChannel } from './channel.mapper.js';

export const DM_USER_NOT_FOUND = 'User not found in this workspace';

/**
 * One DM per set of people and workspace, whoever starts it and in whatever order: the sorted ids. A pair's key is the
 * one 1:1 DMs always had; a note-to-self DM is the pair of the same id.
 */
export const dmKeyOf = (...userIds: string[]): string =>
  userIds
    .map((id) => id.toLowerCase())
    .sort()
    .join(':');

const notFound = () => new DomainError(ErrorCodes.memberNotFound, DM_USER_NOT_FOUND);

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

  /** `POST /api/dm`: a 1:1 DM (`userId2`) or a group DM (`userIds`; the schema has checked its size and repeats). */
  start(actor: Actor, people: CreateDm): Promise<Channel> {
    return people.userIds ? this.openGroup(actor, people.userIds) : this.open(actor, people.userId2 ?? '');
  }

  /** Returns the existing DM with that user when there is one; the other user must be a member of the workspace. */
  async open(actor: Actor, otherUserId: string): Promise<Channel> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    if (!isUuid(otherUserId)) throw notFound();
    const other = otherUserId.toLowerCase();
    if (other !== userId && !(await this.workspace.isMember(workspaceId, other))) throw notFound();
    return this.findOrCreate(workspaceId, userId, [...new Set([userId, other])], dmKeyOf(userId, other));
  }

  /**
   * Returns the existing DM of the caller and these 2–8 other members when there is one. The caller is in every DM they
   * start, so naming them in the list counts them twice: refused like any other repeat.
   */
  async openGroup(actor: Actor, otherUserIds: readonly string[]): Promise<Channel> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    const others = otherUserIds.map((id) => id.toLowerCase());
    if (others.includes(userId)) throw new DomainError(ErrorCodes.validation, GROUP_DM_SELF);
    if (!others.every(isUuid)) throw notFound();
    const members = await Promise.all(others.map((id) => this.workspace.isMember(workspaceId, id)));
    if (members.includes(false)) throw notFound();
    return this.findOrCreate(workspaceId, userId, [userId, ...others], dmKeyOf(userId, ...others));
  }

  /** The DM of these participants, as `viewer` (the one who asked) sees it. */
  private async findOrCreate(
    workspaceId: string,
    viewer: string,
    participantIds: string[],
    dmKey: string,
  ): Promise<Channel> {
    const existing = await this.channels.findOneBy({ workspaceId, dmKey });
    if (existing) return toChannel(existing, viewer);
    // a DM has no name of its own (each client names it by its participants): the stored name is for people reading
    // the table
    const authors = await this.directory.authors(participantIds);
    const name = participantIds
      .map((id) => authors.get(id)?.username ?? 'Unknown')
      .join(', ')
      .slice(0, 80);
    // a concurrent open of the same people inserts nothing here and reads the winner's row below
    await this.db.query(
      `INSERT INTO "chat"."channel" ("workspace_id", "name", "type", "participant_ids", "dm_key", "icon", "order")
       VALUES ($1, $2, 'direct', $3::uuid[], $4, 'MessageCircle', 0)
       ON CONFLICT ("workspace_id", "dm_key") WHERE "dm_key" IS NOT NULL DO NOTHING`,
      [workspaceId, name, participantIds, dmKey],
    );
    return toChannel(await this.channels.findOneByOrFail({ workspaceId, dmKey }), viewer);
  }
}
