// The one place a write to a read-only workspace is refused: every handler of a contract marked `workspaceWrite`
// (libs/contracts) runs behind this guard, on either transport, whether the write came over HTTP or the live socket.
import { Injectable, Optional, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ActorSchema, type Actor, type RequestContract } from '@teamchat/contracts';

const WORKSPACE_WRITE = 'teamchat:workspace-write';

/** Refuses (throws) when the actor may not write in their current workspace now; the service kit provides it. */
export abstract class WorkspaceWriteCheck {
  abstract requireWritable(actor: Actor & { workspaceId: string }): Promise<void>;
}

/** The handler's contract's `workspaceWrite`, for the guard. */
export const markWorkspaceWrite = (contract: RequestContract): MethodDecorator =>
  SetMetadata(WORKSPACE_WRITE, contract.workspaceWrite);

@Injectable()
export class WorkspaceWriteGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Optional() private readonly check?: WorkspaceWriteCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const writes = this.reflector.get<RequestContract['workspaceWrite']>(WORKSPACE_WRITE, context.getHandler());
    const data: unknown = context.switchToRpc().getData();
    if (!writes || typeof data !== 'object' || data === null) return true;
    const request = data as Record<string, unknown>;
    if (writes !== true && !writes(request)) return true;
    const actor = ActorSchema.safeParse(request.actor);
    // a malformed request is the handler's pipe's to refuse; one without a workspace, the handler's own check
    if (!actor.success || !actor.data.workspaceId) return true;
    if (!this.check) throw new Error('WorkspaceWriteGuard needs a WorkspaceWriteCheck provider (the service kit)');
    await this.check.requireWritable({ userId: actor.data.userId, workspaceId: actor.data.workspaceId });
    return true;
  }
}
