import { Module } from '@nestjs/common';
import { ChatCommonModule } from '../common/common.module.js';
import { ChatStoreModule } from '../store/store.module.js';
import { ChannelsModule } from '../channels/channels.module.js';
import { NotificationPrefsController } from './notification-prefs.controller.js';
import { BroadcastMentions } from './broadcast-mentions.js';
import { MentionsService } from './mentions.service.js';
import { NotificationPrefsService } from './notification-prefs.service.js';

@Module({
  imports: [ChatCommonModule, ChatStoreModule, ChannelsModule],
  controllers: [NotificationPrefsController],
  providers: [NotificationPrefsService, MentionsService, BroadcastMentions],
  exports: [BroadcastMentions],
})
export class NotificationsModule {}
