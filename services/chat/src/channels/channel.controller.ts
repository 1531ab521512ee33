import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { ChatContracts } from '@teamchat/contracts';
import { ChannelService } from './channel.service.js';
import { ChannelAccessService } from './channel-access.service.js';
import { DmService } from './dm.service.js';

type In<K extends keyof typeof ChatContracts> = z.output<(typeof ChatContracts)[K]['request']>;

@Controller()
export class ChannelController {
  constructor(
    private readonly channels: ChannelService,
    private readonly access: ChannelAccessService,
    private readonly dms: DmService,
  ) {}

  @OnRequest(ChatContracts.listChannels)
  list(@Payload(new ZodPipe(ChatContracts.listChannels.request)) body: In<'listChannels'>) {
    return this.channels.list(body.actor);
  }

  @OnRequest(ChatContracts.createChannel)
  create(@Payload(new ZodPipe(ChatContracts.createChannel.request)) body: In<'createChannel'>) {
    return this.channels.create(body.actor, body);
  }

  @OnRequest(ChatContracts.renameChannel)
  rename(@Payload(new ZodPipe(ChatContracts.renameChannel.request)) body: In<'renameChannel'>) {
    return this.channels.rename(body.actor, body.channelId, body.name);
  }

  @OnRequest(ChatContracts.reorderChannel)
  reorder(@Payload(new ZodPipe(ChatContracts.reorderChannel.request)) body: In<'reorderChannel'>) {
    return this.channels.reorder(body.actor, body);
  }

  @OnRequest(ChatContracts.channelAccess)
  describe(@Payload(new ZodPipe(ChatContracts.channelAccess.request)) body: In<'channelAccess'>) {
    return this.access.describe(body.actor, body.channelId);
  }

  @OnRequest(ChatContracts.listDms)
  listDms(@Payload(new ZodPipe(ChatContracts.listDms.request)) body: In<'listDms'>) {
    return this.dms.list(body.actor);
  }

  @OnRequest(ChatContracts.createDm)
  openDm(@Payload(new ZodPipe(ChatContracts.createDm.request)) body: In<'createDm'>) {
    return this.dms.start(body.actor, body);
  }
}
