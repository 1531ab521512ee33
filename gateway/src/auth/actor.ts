// The caller of a request: `@Actor()` gives `{ userId, workspaceId, role }`; `@RequireWorkspace()` needs a current workspace.
import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  NotFoundException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCodes, type IdentityUser } from '@teamchat/contracts';
import { AuthGuard } from './auth.guard.js';
import { ActorService, resolvedOf, type RequestActor } from './actor.service.js';

export { ActorService, type RequestActor, type WorkspaceActor } from './actor.service.js';

export const NO_WORKSPACE_MESSAGE = 'No active workspace';

/** Answers 404 `{"error":"No active workspace","code":"WORKSPACE.NONE"}` when the caller has no current workspace. */
@Injectable()
export class WorkspaceGuard implements CanActivate {
  constructor(private readonly actors: ActorService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const resolved = await this.actors.resolve(context.switchToHttp().getRequest<Request>());
    if (!resolved?.actor.workspaceId)
      throw new NotFoundException({ error: NO_WORKSPACE_MESSAGE, code: ErrorCodes.noWorkspace });
    return true;
  }
}

/** Signed in, and with a current workspace; pair with `@Actor() actor: WorkspaceActor`. */
export const RequireWorkspace = () => applyDecorators(UseGuards(AuthGuard, WorkspaceGuard));

/** `{ userId, workspaceId, role }` of the caller (behind AuthGuard or RequireWorkspace). */
export const Actor = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestActor => {
  const resolved = resolvedOf(ctx.switchToHttp().getRequest<Request>());
  if (!resolved) throw new Error('@Actor() used on a route without AuthGuard');
  return resolved.actor;
});

/** The signed-in user's own identity record (behind AuthGuard). */
export const CurrentIdentity = createParamDecorator((_: unknown, ctx: ExecutionContext): IdentityUser => {
  const resolved = resolvedOf(ctx.switchToHttp().getRequest<Request>());
  if (!resolved) throw new Error('@CurrentIdentity() used on a route without AuthGuard');
  return resolved.user;
});
