import { Module } from '@nestjs/common';
import { ChatCommonModule } from '../common/common.module.js';
import { ChatStoreModule } from '../store/store.module.js';
import { ChannelsModule } from '../channels/channels.module.js';
import { ReactionController } from './reaction.controller.js';
import { ReactionService } from './reaction.service.js';

@Module({
  imports: [ChatCommonModule, ChatStoreModule, ChannelsModule],
  controllers: [ReactionController],
  providers: [ReactionService],
})
export class ReactionsModule {}
