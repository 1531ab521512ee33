import { Module } from '@nestjs/common';
import { SectionsModule } from './sections/sections.module.js';
import { ChannelsModule } from './channels/channels.module.js';
import { MessagesModule } from './messages/messages.module.js';
import { ReactionsModule } from './reactions/reactions.module.js';
import { PinsModule } from './pins/pins.module.js';
import { UnreadModule } from './unread/unread.module.js';
import { ThreadsModule } from './threads/threads.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { WorkspaceEventsModule } from './workspace-events/workspace-events.module.js';

/** Every bounded context of the chat service; needs a TypeORM data source and a BusClient from the importer. */
@Module({
  imports: [
    WorkspaceEventsModule,
    SectionsModule,
    ChannelsModule,
    MessagesModule,
    ReactionsModule,
    PinsModule,
    UnreadModule,
    ThreadsModule,
    NotificationsModule,
  ],
})
export class ChatFeaturesModule {}
