import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import { ChatContracts, MessageSchema } from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { Api } from '../openapi/api.decorator.js';
import { MessageRelay } from '../realtime/message-relay.service.js';
import { ChannelIdParam, MessageIdParam } from './chat-params.js';

/** Pinned messages: pin and unpin a message, list a channel's pins (issue 18). */
@Controller()
@RequireWorkspace()
export class PinsController {
  constructor(
    private readonly bus: BusClient,
    private readonly relay: MessageRelay,
  ) {}

  @Post('messages/:id/pin')
  @HttpCode(200)
  @Api({
    summary:
      'Pin a message of a channel you may read (not a deleted one); it gains pinnedAt and pinnedBy and every member sees it live. Pinning a pinned message changes nothing',
    response: MessageSchema,
  })
  async pin(@MessageIdParam() messageId: string, @Actor() actor: WorkspaceActor) {
    const change = await this.bus.request(ChatContracts.pinMessage, { actor, messageId });
    await this.relay.publishChange(change);
    return change.message;
  }

  @Delete('messages/:id/pin')
  @Api({
    summary: 'Unpin a message; every member sees it live. Unpinning a message that is not pinned changes nothing',
    response: MessageSchema,
  })
  async unpin(@MessageIdParam() messageId: string, @Actor() actor: WorkspaceActor) {
    const change = await this.bus.request(ChatContracts.unpinMessage, { actor, messageId });
    await this.relay.publishChange(change);
    return change.message;
  }

  @Get('channels/:id/pins')
  @Api({
    summary: 'The pinned messages of a channel, newest pin first (at most 100)',
    response: z.array(MessageSchema),
  })
  pins(@ChannelIdParam() channelId: string, @Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.listPins, { actor, channelId });
  }
}
