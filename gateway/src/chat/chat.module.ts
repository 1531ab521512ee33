import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { ChannelSectionsController } from './channel-sections.controller.js';
import { ChannelsController } from './channels.controller.js';
import { CustomReactionsController } from './custom-reactions.controller.js';
import { DmController } from './dm.controller.js';
import { MessagesController } from './messages.controller.js';
import { PinsController } from './pins.controller.js';
import { UnreadController } from './unread.controller.js';
import { ThreadsController } from './threads.controller.js';
import { NotificationPrefsController } from './notification-prefs.controller.js';
import { ImageAddresses } from '../media/image-address.js';

/** HTTP routes of the chat service; the live socket is the RealtimeModule's. */
@Module({
  imports: [RealtimeModule],
  controllers: [
    ChannelSectionsController,
    ChannelsController,
    DmController,
    MessagesController,
    PinsController,
    CustomReactionsController,
    UnreadController,
    ThreadsController,
    NotificationPrefsController,
  ],
  providers: [ImageAddresses],
})
export class ChatModule {}
