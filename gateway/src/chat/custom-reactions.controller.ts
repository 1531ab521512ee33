import { Controller, Get, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import {
  ChatContracts,
  CreateCustomReactionSchema,
  CustomReactionSchema,
  type CreateCustomReaction,
} from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { ZodBody } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { ImageAddresses } from '../media/image-address.js';

/** Custom reactions of the current workspace (spec 2 §2 settings, §7). */
@Controller('custom-reactions')
@RequireWorkspace()
export class CustomReactionsController {
  constructor(
    private readonly bus: BusClient,
    private readonly images: ImageAddresses,
  ) {}

  @Get()
  @Api({ summary: 'Custom reactions of the current workspace', response: z.array(CustomReactionSchema) })
  list(@Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.listCustomReactions, { actor });
  }

  @Post()
  @Api({
    summary:
      'Add a custom reaction (name unique in the workspace, 1–32 letters, digits, _ or -; imageUrl the objectPath of a reaction upload of this workspace, or its upload address without the query)',
    body: CreateCustomReactionSchema,
    response: CustomReactionSchema,
  })
  create(
    @ZodBody(CreateCustomReactionSchema) body: CreateCustomReaction,
    @Actor() actor: WorkspaceActor,
    @Req() req: Request,
  ) {
    const imageUrl = this.images.siteRelative(body.imageUrl, req, 'reaction');
    return this.bus.request(ChatContracts.createCustomReaction, { actor, ...body, imageUrl });
  }
}
