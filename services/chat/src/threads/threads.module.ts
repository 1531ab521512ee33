import { Module } from '@nestjs/common';
import { ChatCommonModule } from '../common/common.module.js';
import { ChatStoreModule } from '../store/store.module.js';
import { ChannelsModule } from '../channels/channels.module.js';
import { ThreadController } from './thread.controller.js';
import { ThreadService } from './thread.service.js';

/** Thread replies (through MessageService.create), thread reads, followers and their unread replies. */
@Module({
  imports: [ChatCommonModule, ChatStoreModule, ChannelsModule],
  controllers: [ThreadController],
  providers: [ThreadService],
  exports: [ThreadService],
})
export class ThreadsModule {}
