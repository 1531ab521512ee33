import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { ActorService } from './actor.service.js';

/**
 * `@ChangesActors('id')`: once the route succeeds, the cached actors of the caller and of the users named by these
 * route parameters are dropped on every gateway node. The services' events do the same, but they may reach this node
 * after the caller's next request; this keeps a user's own changes visible to them at once.
 */
export const ChangesActors = (...userParams: string[]) =>
  applyDecorators(SetMetadata(CHANGED_USER_PARAMS, userParams), UseInterceptors(ChangedActorsInterceptor));

const CHANGED_USER_PARAMS = 'teamchat:changed-user-params';

@Injectable()
export class ChangedActorsInterceptor implements NestInterceptor {
  constructor(
    private readonly actors: ActorService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    return from(
      (async () => {
        const result: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
        const params = this.reflector.get<string[]>(CHANGED_USER_PARAMS, context.getHandler());
        const users = new Set([req.session?.userId, ...params.map((p) => req.params[p])]);
        await Promise.all([...users].filter((u): u is string => !!u).map((u) => this.actors.forget(u)));
        return result;
      })(),
    );
  }
}
