import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Routes, type CreateMessage, type Message } from '@teamchat/contracts';
import { Actor, type WorkspaceActor } from '../auth/actor.js';
import { Route, RouteBody, RouteParam } from '../http/route-table.js';
import { MessageRelay } from '../realtime/message-relay.service.js';
import { ImageAddresses } from '../media/image-address.js';

const route = Routes.postMessage;

/**
 * Posting over HTTP takes the socket's create path (MessageRelay: stored, then delivered live to every node), so it is
 * the one chat route that does more than forward; the others are the route table's (see chat.module.ts).
 */
@Controller()
export class PostMessageController {
  constructor(
    private readonly relay: MessageRelay,
    private readonly images: ImageAddresses,
  ) {}

  @Route(route)
  async post(
    @RouteParam(route, 'channelId') channelId: string,
    @RouteBody(route) body: CreateMessage,
    @Actor() actor: WorkspaceActor,
    @Req() req: Request,
  ): Promise<Message> {
    const imageUrl = this.images.siteRelative(body.imageUrl, req, 'message');
    const fileUrl = this.images.siteRelative(body.fileUrl, req, 'file');
    return (await this.relay.create(actor, { channelId, ...body, imageUrl, fileUrl })).message;
  }
}
