import { Module, type DynamicModule } from '@nestjs/common';
import { BusModule, createHealthController, type ServiceDefinition, type ServiceRuntime } from '@teamchat/bus';
import { DatabaseModule } from '@teamchat/database';
import { chatEntities } from './chat.entities.js';
import { chatMigrations } from './migrations/index.js';
import { ChatFeaturesModule } from './chat-features.module.js';

/** Root module of the chat service. */
@Module({})
export class ChatServiceModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: ChatServiceModule,
      imports: [
        BusModule.forRoot(runtime.bus, runtime.broker),
        DatabaseModule.forService({
          schema: 'chat',
          url: runtime.databaseUrl,
          entities: chatEntities,
          migrations: chatMigrations,
          poolSize: runtime.env.DB_POOL_SIZE,
          migrationsRun: runtime.env.MIGRATIONS_RUN,
        }),
        ChatFeaturesModule,
      ],
      controllers: [createHealthController('chat')],
    };
  }
}

export const chatService: ServiceDefinition = {
  name: 'chat',
  module: (runtime) => ChatServiceModule.register(runtime),
};
