import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChatCommonModule } from '../common/common.module.js';
import { WorkspaceEventsModule } from '../workspace-events/workspace-events.module.js';
import { ChannelEntity } from '../channels/channel.entity.js';
import { ChannelsModule } from '../channels/channels.module.js';
import { ChannelSectionEntity } from './channel-section.entity.js';
import { SectionController } from './section.controller.js';
import { SectionService } from './section.service.js';
import { SidebarService } from './sidebar.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([ChannelSectionEntity, ChannelEntity]),
    ChatCommonModule,
    WorkspaceEventsModule,
    ChannelsModule,
  ],
  controllers: [SectionController],
  providers: [SectionService, SidebarService],
})
export class SectionsModule {}
