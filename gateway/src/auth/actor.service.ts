import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { WorkspaceContracts, type IdentityUser, type WorkspaceRole } from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { sessionUser } from './session-user.js';

/** Who is calling: `workspaceId`/`role` describe the user's current workspace (null when they have none). */
export interface RequestActor {
  userId: string;
  workspaceId: string | null;
  role: WorkspaceRole | null;
}

/** The actor on routes behind `@RequireWorkspace()`. */
export interface WorkspaceActor extends RequestActor {
  workspaceId: string;
  role: WorkspaceRole;
}

export interface ResolvedRequest {
  actor: RequestActor;
  user: IdentityUser;
}

const PENDING = Symbol('teamchat.actor.pending');
const RESOLVED = Symbol('teamchat.actor');
type WithActor = Request & { [PENDING]?: Promise<ResolvedRequest | null>; [RESOLVED]?: ResolvedRequest | null };

/** What `ActorService.resolve` found for this request, once it has finished (i.e. behind AuthGuard). */
export const resolvedOf = (req: Request): ResolvedRequest | null | undefined => (req as WithActor)[RESOLVED];

@Injectable()
export class ActorService {
  constructor(private readonly bus: BusClient) {}

  /**
   * The user and actor of the request's session, or null when there is no session or its user no longer exists.
   * Asked once per request (identity and workspace in parallel); later calls reuse the answer.
   */
  resolve(req: Request): Promise<ResolvedRequest | null> {
    const r = req as WithActor;
    const userId = req.session?.userId;
    if (!userId) return Promise.resolve(null);
    r[PENDING] ??= this.lookUp(userId).then((resolved) => (r[RESOLVED] = resolved));
    return r[PENDING];
  }

  /** Forgets what was resolved (after signing in or switching workspace within the same request). */
  reset(req: Request): void {
    delete (req as WithActor)[PENDING];
    delete (req as WithActor)[RESOLVED];
  }

  private async lookUp(userId: string): Promise<ResolvedRequest | null> {
    const [user, current] = await Promise.all([
      sessionUser(this.bus, userId),
      this.bus.request(WorkspaceContracts.resolveActor, { userId }),
    ]);
    if (!user) return null;
    return { user, actor: { userId, workspaceId: current.workspaceId, role: current.role } };
  }
}
