import { defineService } from '@teamchat/service-kit';
import { DirectoryModule } from './directory/directory.module.js';
import { identityEntities } from './identity.entities.js';
import { identityMigrations } from './migrations/index.js';
import { PasswordsModule } from './passwords/passwords.module.js';
import { UsersModule } from './users/users.module.js';

/** The identity service: its schema, its features and its health ping (see defineService). */
export const identityService = defineService({
  name: 'identity',
  entities: identityEntities,
  migrations: identityMigrations,
  durableEvents: true,
  features: (runtime) => [UsersModule, DirectoryModule, PasswordsModule.register(runtime.env)],
});
