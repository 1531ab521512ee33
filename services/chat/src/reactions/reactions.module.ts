import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChatCommonModule } from '../common/common.module.js';
import { ChannelEntity } from '../channels/channel.entity.js';
import { MessageEntity } from '../messages/message.entity.js';
import { CustomReactionEntity } from './custom-reaction.entity.js';
import { MessageReactionEntity } from './message-reaction.entity.js';
import { ReactionController } from './reaction.controller.js';
import { ReactionService } from './reaction.service.js';
import { ReactionSummaryReader } from './reaction-summary.reader.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([CustomReactionEntity, MessageReactionEntity, MessageEntity, ChannelEntity]),
    ChatCommonModule,
  ],
  controllers: [ReactionController],
  providers: [ReactionService, ReactionSummaryReader],
  exports: [ReactionSummaryReader],
})
export class ReactionsModule {}
