import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { IsNull, type DataSource, type Repository } from 'typeorm';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import {
  ErrorCodes,
  SECTION_NOT_EMPTY_MESSAGE,
  type Actor,
  type CreateSection,
  type Section,
} from '@teamchat/contracts';
import { isForeignKeyViolation } from '../common/ids.js';
import { WorkspaceSetupService } from '../workspace-events/workspace-setup.service.js';
import { ChannelEntity } from '../channels/channel.entity.js';
import { ChannelSectionEntity } from './channel-section.entity.js';
import { toSection } from './section.mapper.js';
import { sidebarChanged, visibleSection } from './sidebar.js';

export const SECTION_NOT_FOUND = 'Section not found';
export const SECTION_RENAME_OWN_ONLY = 'Only your own sections can be renamed.';

/**
 * Sidebar sections: the workspace's (everyone's defaults, spec 1) and each member's own (`personal`), which only they
 * see: another member's own section is not found, like another workspace's.
 */
@Injectable()
export class SectionService {
  private readonly logger = new Logger(SectionService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(ChannelSectionEntity) private readonly sections: Repository<ChannelSectionEntity>,
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly access: WorkspaceMembership,
    private readonly setup: WorkspaceSetupService,
    private readonly bus: BusClient,
  ) {}

  /** The workspace's sections and the member's own, in order. */
  async list(actor: Actor): Promise<Section[]> {
    const { workspaceId, userId } = await this.access.member(actor);
    await this.setup.ensure(workspaceId);
    const rows = await this.sections.find({
      where: [
        { workspaceId, ownerId: IsNull() },
        { workspaceId, ownerId: userId },
      ],
      order: { order: 'ASC', createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toSection);
  }

  async create(actor: Actor, input: CreateSection): Promise<Section> {
    const { workspaceId, userId } = await this.access.member(actor);
    await this.setup.ensure(workspaceId);
    const personal = input.personal ?? false;
    const saved = await this.sections.save(
      this.sections.create({
        workspaceId,
        name: input.name,
        order: input.order ?? 0,
        ownerId: personal ? userId : null,
      }),
    );
    if (personal) await sidebarChanged(this.bus, this.logger, workspaceId, userId);
    return toSection(saved);
  }

  /** One of the member's own sections; a workspace section is refused, another member's is not found. */
  async rename(actor: Actor, sectionId: string, name: string): Promise<Section> {
    const { workspaceId, userId } = await this.access.member(actor);
    const section = await visibleSection(this.db.manager, workspaceId, userId, sectionId);
    if (!section) throw new DomainError(ErrorCodes.sectionNotFound, SECTION_NOT_FOUND);
    if (section.ownerId === null) throw new DomainError(ErrorCodes.forbidden, SECTION_RENAME_OWN_ONLY);
    section.name = name;
    const saved = await this.sections.save(section);
    await sidebarChanged(this.bus, this.logger, workspaceId, userId);
    return toSection(saved);
  }

  /**
   * A workspace section is refused while channels remain in it (theirs by default, or the caller's own placements),
   * so no channel is ever left without one; other members' placements there fall back to the channels' defaults.
   * One of the member's own sections goes with its placements: its channels go back to their default sections.
   */
  async remove(actor: Actor, sectionId: string): Promise<{ id: string }> {
    const { workspaceId, userId } = await this.access.member(actor);
    const section = await visibleSection(this.db.manager, workspaceId, userId, sectionId);
    if (!section) throw new DomainError(ErrorCodes.sectionNotFound, SECTION_NOT_FOUND);
    if (section.ownerId !== null) {
      await this.sections.delete({ id: section.id, workspaceId, ownerId: userId });
      await sidebarChanged(this.bus, this.logger, workspaceId, userId);
      return { id: section.id };
    }
    if ((await this.channels.countBy({ sectionId: section.id })) > 0 || (await this.placedBy(userId, section.id)))
      throw new DomainError(ErrorCodes.sectionNotEmpty, SECTION_NOT_EMPTY_MESSAGE);
    let placedThere: string[];
    try {
      placedThere = await this.db.transaction(async (m) => {
        // whose channels fall back to their defaults with it: their screens are told
        const rows = (await m.query(
          `DELETE FROM "chat"."sidebar_placement" WHERE "section_id" = $1 RETURNING "user_id"`,
          [section.id],
        )) as [{ user_id: string }[], number];
        await m.delete(ChannelSectionEntity, { id: section.id, workspaceId });
        return [...new Set(rows[0].map((r) => r.user_id))];
      });
    } catch (err) {
      // a channel was created in it meanwhile: the foreign key refuses, with the same answer
      if (isForeignKeyViolation(err)) throw new DomainError(ErrorCodes.sectionNotEmpty, SECTION_NOT_EMPTY_MESSAGE);
      throw err;
    }
    await sidebarChanged(this.bus, this.logger, workspaceId, placedThere);
    return { id: section.id };
  }

  /** Whether the member put any channel of theirs in the section. */
  private async placedBy(userId: string, sectionId: string): Promise<boolean> {
    const rows = (await this.db.query(
      `SELECT 1 FROM "chat"."sidebar_placement" p JOIN "chat"."channel" c ON c."id" = p."channel_id"
       WHERE p."section_id" = $1 AND p."user_id" = $2 AND c."participant_ids" @> ARRAY[$2::uuid]
         AND c."archived_at" IS NULL LIMIT 1`,
      [sectionId, userId],
    )) as unknown[];
    return rows.length > 0;
  }
}
