import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChatCommonModule } from '../common/common.module.js';
import { ChatStoreModule } from '../store/store.module.js';
import { ChannelsModule } from '../channels/channels.module.js';
import { ChannelReadEntity } from './channel-read.entity.js';
import { UnreadController } from './unread.controller.js';
import { UnreadService } from './unread.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ChannelReadEntity]), ChatCommonModule, ChatStoreModule, ChannelsModule],
  controllers: [UnreadController],
  providers: [UnreadService],
})
export class UnreadModule {}
