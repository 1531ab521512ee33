import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { BusClient, DomainError } from '@teamchat/bus';
import { ErrorCodes, WorkspaceContracts, type CurrentUser, type IdentityUser } from '@teamchat/contracts';
import { ActorService, type RequestActor } from '../auth/actor.js';

/** `GET /api/auth/user`: the identity record plus the current workspace and whether the user is an admin there. */
export const toCurrentUser = (
  user: IdentityUser,
  actor: Pick<RequestActor, 'workspaceId' | 'role'>,
  stripeSubscriptionId: string | null = user.stripeSubscriptionId,
): CurrentUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  username: user.username,
  handle: user.handle,
  aboutMe: user.aboutMe,
  profileImageUrl: user.profileImageUrl,
  status: user.status,
  stars: user.stars,
  isAdmin: actor.role === 'admin',
  agentId: user.agentId,
  companySize: user.companySize,
  workspaceId: actor.workspaceId,
  paymentCompleted: user.paymentCompleted,
  onboardingCompleted: user.onboardingCompleted,
  stripeSubscriptionId,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
});

/** The current user as every account route answers it. */
@Injectable()
export class CurrentUsers {
  constructor(
    private readonly bus: BusClient,
    private readonly actors: ActorService,
  ) {}

  /**
   * The SPA asks for billing details only when the user has a subscription id (spec 2 §7). For an admin that is the
   * subscription paying for the current workspace (an admin by invite or of an additional workspace never paid
   * themselves), or their own while the workspace has none yet; everyone else keeps their own.
   */
  async describe(user: IdentityUser, actor: RequestActor): Promise<CurrentUser> {
    if (actor.role !== 'admin' || !actor.workspaceId) return toCurrentUser(user, actor);
    const workspace = await this.bus
      .request(WorkspaceContracts.get, { actor, workspaceId: actor.workspaceId })
      .catch((err: unknown) => {
        // removed from it since the actor was resolved: nothing of the workspace to show
        if (err instanceof DomainError && err.code === ErrorCodes.workspaceNotFound) return null;
        throw err;
      });
    const subscriptionId = workspace?.role === 'admin' ? workspace.stripeSubscriptionId : null;
    return toCurrentUser(user, actor, subscriptionId ?? user.stripeSubscriptionId);
  }

  /** The user as `GET /api/auth/user` would answer, once the session changed within this request (sign-in, switch). */
  async fresh(req: Request): Promise<CurrentUser> {
    this.actors.reset(req);
    if (req.session?.userId) await this.actors.forget(req.session.userId);
    const resolved = await this.actors.resolve(req);
    if (!resolved) throw new UnauthorizedException({ error: 'Unauthorized', code: ErrorCodes.unauthenticated });
    return this.describe(resolved.user, resolved.actor);
  }
}
