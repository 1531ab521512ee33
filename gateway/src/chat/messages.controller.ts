import { Controller, Delete, Get, HttpCode, Patch, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import {
  ChatContracts,
  EditMessageSchema,
  MessageReactionsSchema,
  MessageSchema,
  ReactionBodySchema,
  SEARCH_CURSOR_HEADER,
  SearchQuerySchema,
  SearchResultSchema,
  type EditMessage,
  type ReactionBody,
  type SearchQuery,
} from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { ZodBody, ZodQuery } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { MessageRelay } from '../realtime/message-relay.service.js';
import { MessageIdParam } from './chat-params.js';

/** Message search and reactions (spec 2 §2 search dialog, §7). */
@Controller('messages')
@RequireWorkspace()
export class MessagesController {
  constructor(
    private readonly bus: BusClient,
    private readonly relay: MessageRelay,
  ) {}

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

  @Patch(':id')
  @Api({
    summary:
      'Edit your message: new content with the rules of a new message (blank only when it has an attachment); it gains editedAt and reaches every member live',
    body: EditMessageSchema,
    response: MessageSchema,
  })
  async edit(
    @MessageIdParam() messageId: string,
    @ZodBody(EditMessageSchema) body: EditMessage,
    @Actor() actor: WorkspaceActor,
  ) {
    const change = await this.bus.request(ChatContracts.editMessage, { actor, messageId, content: body.content });
    await this.relay.publishChange(change);
    return change.message;
  }

  @Delete(':id')
  @HttpCode(204)
  @Api({
    summary:
      'Delete a message (its author or a workspace admin): gone for everyone, or "This message was deleted." while it has thread replies; its attachment is no longer served',
  })
  async delete(@MessageIdParam() messageId: string, @Actor() actor: WorkspaceActor): Promise<void> {
    const { root, ...change } = await this.bus.request(ChatContracts.deleteMessage, { actor, messageId });
    await this.relay.publishChange(change);
    if (root) await this.relay.publishChange({ ...change, message: root });
  }

  @Post(':id/reactions')
  @HttpCode(200)
  @Api({
    summary:
      'React to a message with `emoji` (one Unicode emoji) or `reactionId` (a custom reaction id or a standard emoji), exactly one (max 50 distinct per message); every member sees it live',
    body: ReactionBodySchema,
    response: MessageReactionsSchema,
  })
  async react(
    @MessageIdParam() messageId: string,
    @ZodBody(ReactionBodySchema) body: ReactionBody,
    @Actor() actor: WorkspaceActor,
  ) {
    return this.relay.publishReactions(
      await this.bus.request(ChatContracts.addReaction, { actor, messageId, ...body }),
    );
  }

  @Delete(':id/reactions')
  @Api({
    summary: 'Remove your reaction (`emoji` or `reactionId`, as added) from a message; every member sees it live',
    body: ReactionBodySchema,
    response: MessageReactionsSchema,
  })
  async unreact(
    @MessageIdParam() messageId: string,
    @ZodBody(ReactionBodySchema) body: ReactionBody,
    @Actor() actor: WorkspaceActor,
  ) {
    return this.relay.publishReactions(
      await this.bus.request(ChatContracts.removeReaction, { actor, messageId, ...body }),
    );
  }
}
