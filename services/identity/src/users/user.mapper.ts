import type { IdentityUser, UserProfile } from '@teamchat/contracts';
import type { UserEntity } from './user.entity.js';

export const toIdentityUser = (u: UserEntity): IdentityUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  username: u.username,
  handle: u.handle,
  aboutMe: u.aboutMe,
  profileImageUrl: u.profileImageUrl,
  status: u.status,
  stars: u.stars,
  agentId: u.agentId,
  companySize: u.companySize,
  paymentCompleted: u.paymentCompleted,
  onboardingCompleted: u.onboardingCompleted,
  stripeCustomerId: u.stripeCustomerId,
  stripeSubscriptionId: u.stripeSubscriptionId,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});

export const toUserProfile = (u: UserEntity): UserProfile => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  handle: u.handle,
  aboutMe: u.aboutMe,
  profileImageUrl: u.profileImageUrl,
  status: u.status,
  stars: u.stars,
  agentId: u.agentId,
});
