import { Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import {
  ChannelSchema,
  ChatContracts,
  CreateChannelSchema,
  CreateMessageSchema,
  ListMessagesHttpQuerySchema,
  MessageSchema,
  ReadStateSchema,
  RenameChannelSchema,
  ReorderChannelSchema,
  type CreateChannel,
  type CreateMessage,
  type ListMessagesQuery,
  type ReorderChannel,
} from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { ZodBody, ZodQuery } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { MessageRelay } from '../realtime/message-relay.service.js';
import { ChannelIdParam } from './chat-params.js';
import { ImageAddresses } from '../media/image-address.js';

/** Regular channels, their messages and read state (spec 1 §7, spec 2 §7). */
@Controller('channels')
@RequireWorkspace()
export class ChannelsController {
  constructor(
    private readonly bus: BusClient,
    private readonly relay: MessageRelay,
    private readonly images: ImageAddresses,
  ) {}

  @Get()
  @Api({ summary: 'Regular channels of the current workspace, in sidebar order', response: z.array(ChannelSchema) })
  list(@Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.listChannels, { actor });
  }

  @Post()
  @Api({
    summary: 'Create a channel (first section unless given; icon Hash unless a known one)',
    body: CreateChannelSchema,
    response: ChannelSchema,
  })
  create(@ZodBody(CreateChannelSchema) body: CreateChannel, @Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.createChannel, { actor, ...body });
  }

  @Post('reorder')
  @HttpCode(200)
  @Api({
    summary: 'Move a channel to a position in its section; answers the section, renumbered 0..n-1',
    body: ReorderChannelSchema,
    response: z.array(ChannelSchema),
  })
  reorder(@ZodBody(ReorderChannelSchema) body: ReorderChannel, @Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.reorderChannel, { actor, ...body });
  }

  @Patch(':id/name')
  @Api({ summary: 'Rename a channel (not a DM)', body: RenameChannelSchema, response: ChannelSchema })
  rename(
    @ChannelIdParam() channelId: string,
    @ZodBody(RenameChannelSchema) body: { name: string },
    @Actor() actor: WorkspaceActor,
  ) {
    return this.bus.request(ChatContracts.renameChannel, { actor, channelId, name: body.name });
  }

  @Get(':id/messages')
  @Api({
    summary:
      'A page of messages, oldest first (default 50, max 200): the newest, or the newest before `before`, the oldest after `after`, or the message `around` with the messages on both sides; at most one cursor',
    query: ListMessagesHttpQuerySchema,
    response: z.array(MessageSchema),
  })
  messages(
    @ChannelIdParam() channelId: string,
    @ZodQuery(ListMessagesHttpQuerySchema) query: ListMessagesQuery,
    @Actor() actor: WorkspaceActor,
  ) {
    return this.bus.request(ChatContracts.listMessages, { actor, channelId, ...query });
  }

  @Post(':id/messages')
  @Api({
    summary:
      'Post a message (the socket’s create path: stored, then delivered live; clientMsgId deduplicates); imageUrl is the /attachments/... address of a message-image upload of this workspace, fileUrl that of a file upload (its name, size and type come from the upload); threadId makes it a reply in the thread of that top-level message of this channel (400 otherwise), alsoInChannel shows the reply in the channel too',
    body: CreateMessageSchema,
    response: MessageSchema,
  })
  async post(
    @ChannelIdParam() channelId: string,
    @ZodBody(CreateMessageSchema) body: CreateMessage,
    @Actor() actor: WorkspaceActor,
    @Req() req: Request,
  ) {
    const imageUrl = this.images.siteRelative(body.imageUrl, req, 'message');
    const fileUrl = this.images.siteRelative(body.fileUrl, req, 'file');
    return (await this.relay.create(actor, { channelId, ...body, imageUrl, fileUrl })).message;
  }

  @Post(':id/read')
  @HttpCode(200)
  @Api({ summary: 'Mark the channel read up to now, for every device', response: ReadStateSchema })
  read(@ChannelIdParam() channelId: string, @Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.markRead, { actor, channelId });
  }
}
