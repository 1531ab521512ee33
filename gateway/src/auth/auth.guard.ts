import { createParamDecorator, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCodes } from '@teamchat/contracts';

/** Refuses requests without a signed-in session with 401. */
@Injectable()
export class AuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.session?.userId) throw new UnauthorizedException({ error: 'Unauthorized', code: ErrorCodes.unauthenticated });
    return true;
  }
}

/** The signed-in user's id (use behind AuthGuard). */
export const SessionUserId = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return req.session.userId!;
});
