import { UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCodes, type CurrentUser, type IdentityUser } from '@teamchat/contracts';
import type { ActorService, RequestActor } from '../auth/actor.js';

/** `GET /api/auth/user`: the identity record plus the current workspace and whether the user is an admin there. */
export const toCurrentUser = (user: IdentityUser, actor: Pick<RequestActor, 'workspaceId' | 'role'>): CurrentUser => ({
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
  stripeSubscriptionId: user.stripeSubscriptionId,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
});

/** The user as `GET /api/auth/user` would answer, once the session changed within this request (sign-in, switch). */
export const freshCurrentUser = async (actors: ActorService, req: Request): Promise<CurrentUser> => {
  actors.reset(req);
  const resolved = await actors.resolve(req);
  if (!resolved) throw new UnauthorizedException({ error: 'Unauthorized', code: ErrorCodes.unauthenticated });
  return toCurrentUser(resolved.user, resolved.actor);
};
