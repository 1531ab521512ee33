import { Controller, Get, Post } from '@nestjs/common';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import { ChannelSchema, ChatContracts, CreateDmSchema, type CreateDm } from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { ZodBody } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';

/** Direct-message channels of the caller (spec 1 §4). */
@Controller('dm')
@RequireWorkspace()
export class DmController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @Api({ summary: 'Your direct-message channels in the current workspace', response: z.array(ChannelSchema) })
  list(@Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.listDms, { actor });
  }

  @Post()
  @Api({
    summary: 'Start a DM with a member (the existing one is returned when there is one)',
    body: CreateDmSchema,
    response: ChannelSchema,
  })
  open(@ZodBody(CreateDmSchema) body: CreateDm, @Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.createDm, { actor, userId2: body.userId2 });
  }
}
