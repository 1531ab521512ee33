import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import {
  ChatContracts,
  MessageReactionsSchema,
  ReactionBodySchema,
  SearchQuerySchema,
  SearchResultSchema,
  type ReactionBody,
  type SearchQuery,
} from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { ZodBody, ZodQuery } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { MessageIdParam } from './chat-params.js';

/** Message search and reactions (spec 2 §2 search dialog, §7). */
@Controller('messages')
@RequireWorkspace()
export class MessagesController {
  constructor(private readonly bus: BusClient) {}

  @Get('search')
  @Api({
    summary: 'Full-text search over the messages you may read in the current workspace (best first, max 50)',
    query: SearchQuerySchema,
    response: z.array(SearchResultSchema),
  })
  search(@ZodQuery(SearchQuerySchema) query: SearchQuery, @Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.search, { actor, q: query.q });
  }

  @Post(':id/reactions')
  @HttpCode(200)
  @Api({
    summary: 'React to a message with a custom reaction id or a standard emoji (max 50 distinct per message)',
    body: ReactionBodySchema,
    response: MessageReactionsSchema,
  })
  react(
    @MessageIdParam() messageId: string,
    @ZodBody(ReactionBodySchema) body: ReactionBody,
    @Actor() actor: WorkspaceActor,
  ) {
    return this.bus.request(ChatContracts.addReaction, { actor, messageId, reactionId: body.reactionId });
  }

  @Delete(':id/reactions')
  @Api({ summary: 'Remove your reaction from a message', body: ReactionBodySchema, response: MessageReactionsSchema })
  unreact(
    @MessageIdParam() messageId: string,
    @ZodBody(ReactionBodySchema) body: ReactionBody,
    @Actor() actor: WorkspaceActor,
  ) {
    return this.bus.request(ChatContracts.removeReaction, { actor, messageId, reactionId: body.reactionId });
  }
}
