import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { ChatContracts } from '@teamchat/contracts';
import { SectionService } from './section.service.js';

type In<K extends keyof typeof ChatContracts> = z.output<(typeof ChatContracts)[K]['request']>;

@Controller()
export class SectionController {
  constructor(private readonly sections: SectionService) {}

  @OnRequest(ChatContracts.listSections)
  list(@Payload(new ZodPipe(ChatContracts.listSections.request)) body: In<'listSections'>) {
    return this.sections.list(body.actor);
  }

  @OnRequest(ChatContracts.createSection)
  create(@Payload(new ZodPipe(ChatContracts.createSection.request)) body: In<'createSection'>) {
    return this.sections.create(body.actor, body);
  }

  @OnRequest(ChatContracts.deleteSection)
  remove(@Payload(new ZodPipe(ChatContracts.deleteSection.request)) body: In<'deleteSection'>) {
    return this.sections.remove(body.actor, body.sectionId);
  }
}
