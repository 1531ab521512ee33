import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChatCommonModule } from '../common/common.module.js';
import { WorkspaceEventsModule } from '../workspace-events/workspace-events.module.js';
import { ChannelEntity } from '../channels/channel.entity.js';
import { ChannelSectionEntity } from './channel-section.entity.js';
import { SectionController } from './section.controller.js';
import { SectionService } from './section.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ChannelSectionEntity, ChannelEntity]), ChatCommonModule, WorkspaceEventsModule],
  controllers: [SectionController],
  providers: [SectionService],
})
export class SectionsModule {}
