import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { ChatContracts } from '@teamchat/contracts';
import { ChannelService } from './channel.service.js';
import { ChannelAccessService } from './channel-access.service.js';
import { DmService } from './dm.service.js';
import { ChannelMembershipService } from './channel-membership.service.js';

type In<K extends keyof typeof ChatContracts> = z.output<(typeof ChatContracts)[K]['request']>;

@Controller()
export class ChannelController {
  constructor(
    private readonly channels: ChannelService,
    private readonly access: ChannelAccessService,
    private readonly dms: DmService,
    private readonly membership: ChannelMembershipService,
  ) {}

  @OnRequest(ChatContracts.browseChannels)
  browse(@Payload(new ZodPipe(ChatContracts.browseChannels.request)) body: In<'browseChannels'>) {
    return this.channels.browse(body.actor, body.q);
  }

  @OnRequest(ChatContracts.getChannel)
  get(@Payload(new ZodPipe(ChatContracts.getChannel.request)) body: In<'getChannel'>) {
    return this.channels.get(body.actor, body.channelId);
  }

  @OnRequest(ChatContracts.listPrivateChannels)
  listPrivate(@Payload(new ZodPipe(ChatContracts.listPrivateChannels.request)) body: In<'listPrivateChannels'>) {
    return this.channels.listPrivate(body.actor);
  }

  @OnRequest(ChatContracts.updateChannel)
  update(@Payload(new ZodPipe(ChatContracts.updateChannel.request)) body: In<'updateChannel'>) {
    const { actor, channelId, ...input } = body;
    return this.channels.update(actor, channelId, input);
  }

  @OnRequest(ChatContracts.convertChannel)
  convert(@Payload(new ZodPipe(ChatContracts.convertChannel.request)) body: In<'convertChannel'>) {
    return this.channels.convert(body.actor, body.channelId);
  }

  @OnRequest(ChatContracts.archiveChannel)
  archive(@Payload(new ZodPipe(ChatContracts.archiveChannel.request)) body: In<'archiveChannel'>) {
    return this.channels.archive(body.actor, body.channelId, true);
  }

  @OnRequest(ChatContracts.unarchiveChannel)
  unarchive(@Payload(new ZodPipe(ChatContracts.unarchiveChannel.request)) body: In<'unarchiveChannel'>) {
    return this.channels.archive(body.actor, body.channelId, false);
  }

  @OnRequest(ChatContracts.joinChannel)
  join(@Payload(new ZodPipe(ChatContracts.joinChannel.request)) body: In<'joinChannel'>) {
    return this.membership.join(body.actor, body.channelId);
  }

  @OnRequest(ChatContracts.leaveChannel)
  leave(@Payload(new ZodPipe(ChatContracts.leaveChannel.request)) body: In<'leaveChannel'>) {
    return this.membership.leave(body.actor, body.channelId);
  }

  @OnRequest(ChatContracts.listChannelMembers)
  members(@Payload(new ZodPipe(ChatContracts.listChannelMembers.request)) body: In<'listChannelMembers'>) {
    return this.membership.members(body.actor, body.channelId);
  }

  @OnRequest(ChatContracts.addChannelMembers)
  addMembers(@Payload(new ZodPipe(ChatContracts.addChannelMembers.request)) body: In<'addChannelMembers'>) {
    return this.membership.add(body.actor, body.channelId, body.userIds);
  }

  @OnRequest(ChatContracts.removeChannelMember)
  removeMember(@Payload(new ZodPipe(ChatContracts.removeChannelMember.request)) body: In<'removeChannelMember'>) {
    return this.membership.remove(body.actor, body.channelId, body.userId);
  }

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
