import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import {
  ErrorCodes,
  SECTION_NOT_EMPTY_MESSAGE,
  type Actor,
  type CreateSection,
  type Section,
} from '@teamchat/contracts';
import { isForeignKeyViolation, isUuid } from '../common/ids.js';
import { WorkspaceSetupService } from '../workspace-events/workspace-setup.service.js';
import { ChannelEntity } from '../channels/channel.entity.js';
import { ChannelSectionEntity } from './channel-section.entity.js';
import { toSection } from './section.mapper.js';

export const SECTION_NOT_FOUND = 'Section not found';

@Injectable()
export class SectionService {
  constructor(
    @InjectRepository(ChannelSectionEntity) private readonly sections: Repository<ChannelSectionEntity>,
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly access: WorkspaceMembership,
    private readonly setup: WorkspaceSetupService,
  ) {}

  async list(actor: Actor): Promise<Section[]> {
    const { workspaceId } = await this.access.member(actor);
    await this.setup.ensure(workspaceId);
    const rows = await this.sections.find({
      where: { workspaceId },
      order: { order: 'ASC', createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toSection);
  }

  async create(actor: Actor, input: CreateSection): Promise<Section> {
    const { workspaceId } = await this.access.member(actor);
    await this.setup.ensure(workspaceId);
    const saved = await this.sections.save(
      this.sections.create({ workspaceId, name: input.name, order: input.order ?? 0 }),
    );
    return toSection(saved);
  }

  /** Refused while channels remain in the section, so no channel is ever left without one. */
  async remove(actor: Actor, sectionId: string): Promise<{ id: string }> {
    const { workspaceId } = await this.access.member(actor);
    if (!isUuid(sectionId)) throw new DomainError(ErrorCodes.sectionNotFound, SECTION_NOT_FOUND);
    const section = await this.sections.findOneBy({ id: sectionId, workspaceId });
    if (!section) throw new DomainError(ErrorCodes.sectionNotFound, SECTION_NOT_FOUND);
    if ((await this.channels.countBy({ sectionId })) > 0) {
      throw new DomainError(ErrorCodes.sectionNotEmpty, SECTION_NOT_EMPTY_MESSAGE);
    }
    try {
      await this.sections.delete({ id: sectionId, workspaceId });
    } catch (err) {
      // a channel was created in it meanwhile: the foreign key refuses, with the same answer
      if (isForeignKeyViolation(err)) throw new DomainError(ErrorCodes.sectionNotEmpty, SECTION_NOT_EMPTY_MESSAGE);
      throw err;
    }
    return { id: sectionId };
  }
}
