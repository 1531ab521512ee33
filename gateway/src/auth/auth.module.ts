import { Global, Module } from '@nestjs/common';
import { ActorService } from './actor.service.js';
import { AuthGuard } from './auth.guard.js';
import { WorkspaceGuard } from './actor.js';
import { AuthThrottleGuard, rateLimitStorageProvider } from './auth-throttle.js';

/** Session authentication for every feature module: AuthGuard, `@Actor()`, `@RequireWorkspace()`, login throttling. */
@Global()
@Module({
  providers: [ActorService, AuthGuard, WorkspaceGuard, AuthThrottleGuard, rateLimitStorageProvider],
  exports: [ActorService, AuthGuard, WorkspaceGuard, AuthThrottleGuard, rateLimitStorageProvider],
})
export class AuthModule {}
