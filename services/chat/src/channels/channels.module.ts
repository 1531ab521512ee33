import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChatCommonModule } from '../common/common.module.js';
import { WorkspaceEventsModule } from '../workspace-events/workspace-events.module.js';
import { ChannelSectionEntity } from '../sections/channel-section.entity.js';
import { ChannelEntity } from './channel.entity.js';
import { ChannelAccessService } from './channel-access.service.js';
import { ChannelController } from './channel.controller.js';
import { ChannelService } from './channel.service.js';
import { DmService } from './dm.service.js';
import { ChatStoreModule } from '../store/store.module.js';
import { ChannelMembershipService } from './channel-membership.service.js';
import { ChannelNotices } from './channel-notices.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([ChannelEntity, ChannelSectionEntity]),
    ChatCommonModule,
    ChatStoreModule,
    WorkspaceEventsModule,
  ],
  controllers: [ChannelController],
  providers: [ChannelService, ChannelAccessService, DmService, ChannelMembershipService, ChannelNotices],
  exports: [ChannelAccessService, ChannelMembershipService],
})
export class ChannelsModule {}
