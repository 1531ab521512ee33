import { Module } from '@nestjs/common';
import { ChatCommonModule } from '../common/common.module.js';
import { ChatStoreModule } from '../store/store.module.js';
import { ChannelsModule } from '../channels/channels.module.js';
import { PinController } from './pin.controller.js';
import { PinService } from './pin.service.js';

/** Pinned messages of a channel. */
@Module({
  imports: [ChatCommonModule, ChatStoreModule, ChannelsModule],
  controllers: [PinController],
  providers: [PinService],
})
export class PinsModule {}
