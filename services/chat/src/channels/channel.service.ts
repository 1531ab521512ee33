import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import {
  ErrorCodes,
  normalizeIcon,
  type Actor,
  type Channel,
  type CreateChannel,
  type ReorderChannel,
} from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { isUniqueViolation, isUuid } from '../common/ids.js';
import { ChannelSectionEntity } from '../sections/channel-section.entity.js';
import { SECTION_NOT_FOUND } from '../sections/section.service.js';
import { DEFAULT_SECTION_NAME, WorkspaceSetupService } from '../workspace-events/workspace-setup.service.js';
import { ChannelEntity } from './channel.entity.js';
import { CHANNEL_NOT_FOUND, ChannelAccessService } from './channel-access.service.js';
import { CHANNEL_COLUMNS, channelFromRow, toChannel, type ChannelRow } from './channel.mapper.js';
import { moveTo } from './reorder.js';

export const CHANNEL_NAME_TAKEN = 'A channel with this name already exists.';
export const DM_RENAME_REFUSED = 'Direct messages cannot be renamed.';
export const DM_REORDER_REFUSED = 'Direct messages cannot be reordered.';

/** The sidebar's regular channels: by section (sections without order last), then by order within it. */
const LIST_CHANNELS = new PreparedStatement<ChannelRow>(
  'chat.channel.list',
  `SELECT ${CHANNEL_COLUMNS} FROM "chat"."channel" c
   LEFT JOIN "chat"."channel_section" s ON s."id" = c."section_id"
   WHERE c."workspace_id" = $1 AND c."type" = 'regular'
   ORDER BY s."order" ASC NULLS LAST, s."created_at" ASC, c."order" ASC, c."created_at" ASC`,
);

@Injectable()
export class ChannelService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly setup: WorkspaceSetupService,
    private readonly statements: PreparedStatements,
  ) {}

  /** Regular channels of the workspace, in sidebar order: by section, then by order within it. */
  async list(actor: Actor): Promise<Channel[]> {
    const { workspaceId } = await this.workspace.member(actor);
    await this.setup.ensure(workspaceId);
    const rows = await this.statements.rows(LIST_CHANNELS, [workspaceId]);
    return rows.map(channelFromRow);
  }

  /** Appended at the end of its section (the first one unless named); the name is unique in the workspace. */
  async create(actor: Actor, input: CreateChannel): Promise<Channel> {
    const { workspaceId } = await this.workspace.member(actor);
    await this.setup.ensure(workspaceId);
    try {
      const saved = await this.db.transaction(async (m) => {
        const section = await this.lockSection(m, workspaceId, input.sectionId ?? null);
        const [{ next }] = (await m.query(
          `SELECT coalesce(max("order") + 1, 0)::int AS next FROM "chat"."channel" WHERE "section_id" = $1`,
          [section.id],
        )) as { next: number }[];
        return m.save(
          m.create(ChannelEntity, {
            workspaceId,
            name: input.name,
            description: input.description?.trim() || null,
            sectionId: section.id,
            type: 'regular',
            participantIds: null,
            dmKey: null,
            icon: normalizeIcon(input.icon),
            order: next,
          }),
        );
      });
      return toChannel(saved);
    } catch (err) {
      if (isUniqueViolation(err, 'UQ_CHANNEL_WORKSPACE_NAME'))
        throw new DomainError(ErrorCodes.channelNameTaken, CHANNEL_NAME_TAKEN);
      throw err;
    }
  }

  async rename(actor: Actor, channelId: string, name: string): Promise<Channel> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readable(member, channelId);
    if (channel.type === 'direct') throw new DomainError(ErrorCodes.channelIsDirect, DM_RENAME_REFUSED);
    channel.name = name;
    try {
      return toChannel(await this.channels.save(channel));
    } catch (err) {
      if (isUniqueViolation(err, 'UQ_CHANNEL_WORKSPACE_NAME'))
        throw new DomainError(ErrorCodes.channelNameTaken, CHANNEL_NAME_TAKEN);
      throw err;
    }
  }

  /** Moves the channel to `newOrder` within its section and renumbers the rest densely; answers the section. */
  async reorder(actor: Actor, input: ReorderChannel): Promise<Channel[]> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readable(member, input.channelId);
    if (channel.type === 'direct' || !channel.sectionId)
      throw new DomainError(ErrorCodes.channelIsDirect, DM_REORDER_REFUSED);
    const sectionId = channel.sectionId;
    const rows = await this.db.transaction(async (m) => {
      await this.lockSection(m, member.workspaceId, sectionId);
      const inSection = await m.find(ChannelEntity, {
        where: { sectionId },
        order: { order: 'ASC', createdAt: 'ASC', id: 'ASC' },
      });
      if (!inSection.some((c) => c.id === channel.id))
        throw new DomainError(ErrorCodes.channelNotFound, CHANNEL_NOT_FOUND);
      const ordered = moveTo(
        inSection.map((c) => c.id),
        channel.id,
        input.newOrder,
      );
      const byId = new Map(inSection.map((c) => [c.id, c]));
      for (const [index, id] of ordered.entries()) {
        const c = byId.get(id)!;
        if (c.order !== index) {
          c.order = index;
          await m.update(ChannelEntity, { id }, { order: index });
        }
      }
      return ordered.map((id) => byId.get(id)!);
    });
    return rows.map(toChannel);
  }

  /**
   * Locks the section a channel goes into (its first one when none is named; a default one if the workspace has
   * none left), so concurrent creates and reorders in one section take turns and orders stay unique.
   */
  private async lockSection(
    m: EntityManager,
    workspaceId: string,
    sectionId: string | null,
  ): Promise<ChannelSectionEntity> {
    if (sectionId !== null) {
      const found = isUuid(sectionId)
        ? await m.findOne(ChannelSectionEntity, {
            where: { id: sectionId, workspaceId },
            lock: { mode: 'pessimistic_write' },
          })
        : null;
      if (!found) throw new DomainError(ErrorCodes.sectionNotFound, SECTION_NOT_FOUND);
      return found;
    }
    const first = await m.findOne(ChannelSectionEntity, {
      where: { workspaceId },
      order: { order: 'ASC', createdAt: 'ASC', id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    return first ?? m.save(m.create(ChannelSectionEntity, { workspaceId, name: DEFAULT_SECTION_NAME, order: 0 }));
  }
}
