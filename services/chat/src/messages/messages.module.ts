import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChatCommonModule } from '../common/common.module.js';
import { ChannelsModule } from '../channels/channels.module.js';
import { ReactionsModule } from '../reactions/reactions.module.js';
import { MessageEntity } from './message.entity.js';
import { MessageController } from './message.controller.js';
import { MessageService } from './message.service.js';
import { SearchService } from './search.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([MessageEntity]), ChatCommonModule, ChannelsModule, ReactionsModule],
  controllers: [MessageController],
  providers: [MessageService, SearchService],
})
export class MessagesModule {}
