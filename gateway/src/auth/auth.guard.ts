import {
  createParamDecorator,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCodes } from '@teamchat/contracts';
import { ActorService } from './actor.service.js';

const unauthorized = () => new UnauthorizedException({ error: 'Unauthorized', code: ErrorCodes.unauthenticated });

/**
 * Refuses requests without a signed-in session with 401, and sessions whose user no longer exists (the session is
 * destroyed). Resolves the caller's actor on the way, for `@Actor()`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly actors: ActorService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.session?.userId) throw unauthorized();
    if (!(await this.actors.resolve(req))) {
      await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      throw unauthorized();
    }
    return true;
  }
}

/** The signed-in user's id (use behind AuthGuard). */
export const SessionUserId = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return req.session.userId!;
});
