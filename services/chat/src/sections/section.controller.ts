import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { ChatContracts } from '@teamchat/contracts';
import { SectionService } from './section.service.js';
import { SidebarService } from './sidebar.service.js';

type In<K extends keyof typeof ChatContracts> = z.output<(typeof ChatContracts)[K]['request']>;

@Controller()
export class SectionController {
  constructor(
    private readonly sections: SectionService,
    private readonly sidebar: SidebarService,
  ) {}

  @OnRequest(ChatContracts.listSections)
  list(@Payload(new ZodPipe(ChatContracts.listSections.request)) body: In<'listSections'>) {
    return this.sections.list(body.actor);
  }

  @OnRequest(ChatContracts.createSection)
  create(@Payload(new ZodPipe(ChatContracts.createSection.request)) body: In<'createSection'>) {
    return this.sections.create(body.actor, body);
  }

  @OnRequest(ChatContracts.renameSection)
  rename(@Payload(new ZodPipe(ChatContracts.renameSection.request)) body: In<'renameSection'>) {
    return this.sections.rename(body.actor, body.sectionId, body.name);
  }

  @OnRequest(ChatContracts.deleteSection)
  remove(@Payload(new ZodPipe(ChatContracts.deleteSection.request)) body: In<'deleteSection'>) {
    return this.sections.remove(body.actor, body.sectionId);
  }

  /** Moves a channel in the caller's own sidebar (spec 1 §7 `POST /api/channels/reorder`). */
  @OnRequest(ChatContracts.reorderChannel)
  reorder(@Payload(new ZodPipe(ChatContracts.reorderChannel.request)) body: In<'reorderChannel'>) {
    return this.sidebar.move(body.actor, body);
  }
}
