import { Module } from '@nestjs/common';
import { ChatCommonModule } from '../common/common.module.js';
import { ChatStoreModule } from '../store/store.module.js';
import { ChannelsModule } from '../channels/channels.module.js';
import { ReactionsModule } from '../reactions/reactions.module.js';
import { ThreadsModule } from '../threads/threads.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PostgresSearchModule } from '../search/postgres-search.module.js';
import { MessageController } from './message.controller.js';
import { MessageChangesController } from './message-changes.controller.js';
import { MessageChangesService } from './message-changes.service.js';
import { MessageFiles } from './message-files.js';
import { MessageService } from './message.service.js';
import { MessageWriter } from './message-writer.js';
import { SearchService } from './search.service.js';
import { PostgresTimeZones } from './time-zones.js';

@Module({
  imports: [
    ChatCommonModule,
    ChatStoreModule,
    ChannelsModule,
    ReactionsModule,
    ThreadsModule,
    NotificationsModule,
    PostgresSearchModule,
  ],
  controllers: [MessageController, MessageChangesController],
  providers: [MessageService, MessageWriter, SearchService, PostgresTimeZones, MessageChangesService, MessageFiles],
})
export class MessagesModule {}
