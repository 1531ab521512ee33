import { Module } from '@nestjs/common';
import { ChatCommonModule } from '../common/common.module.js';
import { ChatStoreModule } from '../store/store.module.js';
import { ReactionController } from './reaction.controller.js';
import { ReactionService } from './reaction.service.js';

@Module({
  imports: [ChatCommonModule, ChatStoreModule],
  controllers: [ReactionController],
  providers: [ReactionService],
})
export class ReactionsModule {}
