import { Controller, Delete, Get, Post } from '@nestjs/common';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import { ChatContracts, CreateSectionSchema, SectionSchema, type CreateSection } from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { ZodBody } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { SectionIdParam } from './chat-params.js';

/** Channel sections of the current workspace (spec 1 §2 sidebar, §7). */
@Controller('channel-sections')
@RequireWorkspace()
export class ChannelSectionsController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @Api({ summary: 'Sections of the current workspace, in order', response: z.array(SectionSchema) })
  list(@Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.listSections, { actor });
  }

  @Post()
  @Api({ summary: 'Create a section (order 0 unless given)', body: CreateSectionSchema, response: SectionSchema })
  create(@ZodBody(CreateSectionSchema) body: CreateSection, @Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.createSection, { actor, ...body });
  }

  @Delete(':id')
  @Api({ summary: 'Delete an empty section (409 while it has channels)', response: z.object({ id: z.uuid() }) })
  remove(@SectionIdParam() sectionId: string, @Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.deleteSection, { actor, sectionId });
  }
}
