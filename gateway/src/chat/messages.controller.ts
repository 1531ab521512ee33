import { Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import {
  ChatContracts,
  MessageReactionsSchema,
  ReactionBodySchema,
  SEARCH_CURSOR_HEADER,
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
    summary:
      'Search the messages you may read in the current workspace: words, "phrases", -exclusions and the filters ' +
      'from:@handle, in:#channel (or in:@person), before:/after:/on:YYYY-MM-DD and has:image. Best first, 50 a page.',
    query: SearchQuerySchema,
    response: z.array(SearchResultSchema),
    responseHeaders: {
      [SEARCH_CURSOR_HEADER]: 'Present when there are more results: pass it back as `cursor` with the same q and tz.',
    },
  })
  async search(
    @ZodQuery(SearchQuerySchema) query: SearchQuery,
    @Actor() actor: WorkspaceActor,
    @Res({ passthrough: true }) res: Response,
  ) {
    const page = await this.bus.request(ChatContracts.search, { actor, ...query });
    if (page.nextCursor) res.setHeader(SEARCH_CURSOR_HEADER, page.nextCursor);
    return page.results;
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
