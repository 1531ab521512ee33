import { Global, Module } from '@nestjs/common';
import { ActorService } from './actor.service.js';
import { AuthGuard } from './auth.guard.js';
import { WorkspaceGuard } from './actor.js';
import { AuthThrottleGuard, authThrottlersProvider } from './auth-throttle.js';

/** Session authentication for every feature module: AuthGuard, `@Actor()`, `@RequireWorkspace()`, login throttling. */
@Global()
@Module({
  providers: [ActorService, AuthGuard, WorkspaceGuard, AuthThrottleGuard, authThrottlersProvider],
  exports: [ActorService, AuthGuard, WorkspaceGuard, AuthThrottleGuard, authThrottlersProvider],
})
export class AuthModule {}
