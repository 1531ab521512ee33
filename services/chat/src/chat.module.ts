import { defineService } from '@teamchat/service-kit';
import { chatEntities } from './chat.entities.js';
import { chatMigrations } from './migrations/index.js';
import { ChatFeaturesModule } from './chat-features.module.js';

/** The chat service: its schema, its features and its health ping (see defineService). */
export const chatService = defineService({
  name: 'chat',
  entities: chatEntities,
  migrations: chatMigrations,
  features: () => [ChatFeaturesModule],
});
