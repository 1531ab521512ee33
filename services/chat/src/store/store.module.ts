import { Module } from '@nestjs/common';
import { ChatCommonModule } from '../common/common.module.js';
import { ChatDatabase } from './chat-database.js';
import { MessageStore } from './message.store.js';
import { NewestPageCache } from './newest-page-cache.service.js';
import { PinReactionStore } from './pin-reaction.store.js';
import { ReadStateStore } from './read-state.store.js';
import { ThreadStore } from './thread.store.js';

/** Chat's persistence of messages and what hangs on them: the stores, and the caches around them. */
@Module({
  imports: [ChatCommonModule],
  providers: [ChatDatabase, MessageStore, ThreadStore, PinReactionStore, ReadStateStore, NewestPageCache],
  exports: [MessageStore, ThreadStore, PinReactionStore, ReadStateStore, NewestPageCache],
})
export class ChatStoreModule {}
