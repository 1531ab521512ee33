import { Module } from '@nestjs/common';
import {
  ChannelRoutes,
  DmRoutes,
  MessageRoutes,
  NotificationRoutes,
  ReactionRoutes,
  SectionRoutes,
  ThreadRoutes,
} from '@teamchat/contracts';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { ImageAddresses } from '../media/image-address.js';
import { forwardingController } from '../http/forwarding.controller.js';
import { PostMessageController } from './post-message.controller.js';

/** HTTP routes of the chat service (from the route table); the live socket is the RealtimeModule's. */
@Module({
  imports: [RealtimeModule],
  controllers: [
    PostMessageController,
    forwardingController('Chat', {
      ...ChannelRoutes,
      ...SectionRoutes,
      ...DmRoutes,
      ...MessageRoutes,
      ...ThreadRoutes,
      ...ReactionRoutes,
      ...NotificationRoutes,
    }),
  ],
  providers: [ImageAddresses],
})
export class ChatModule {}
