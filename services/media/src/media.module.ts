import { Module, type DynamicModule } from '@nestjs/common';
import { BusModule, createHealthController, type ServiceDefinition, type ServiceRuntime } from '@teamchat/bus';
import { DatabaseModule } from '@teamchat/database';
import { mediaEntities } from './media.entities.js';
import { mediaMigrations } from './migrations/index.js';
import { UploadModule } from './uploads/upload.module.js';

/** Root module of the media service. */
@Module({})
export class MediaServiceModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: MediaServiceModule,
      imports: [
        BusModule.forRoot(runtime.bus, runtime.broker),
        DatabaseModule.forService({
          schema: 'media',
          url: runtime.databaseUrl,
          entities: mediaEntities,
          migrations: mediaMigrations,
          poolSize: runtime.env.DB_POOL_SIZE,
          migrationsRun: runtime.env.MIGRATIONS_RUN,
        }),
        UploadModule.register(runtime.env),
      ],
      controllers: [createHealthController('media')],
    };
  }
}

export const mediaService: ServiceDefinition = {
  name: 'media',
  module: (runtime) => MediaServiceModule.register(runtime),
};
