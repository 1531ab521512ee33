// Settings calls of spec 2 §7: profile, handle, stars, admin role, removal, invites, billing, custom reactions.
import { Routes } from '@teamchat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { inviteKeys } from '../../api/invites.js';
import { callApi, type RouteResult } from '../../lib/api-client.js';

/** The workspace payment's button, in the form that starts it and in the Stripe form that completes it. */
export const PAY_NOW_LABEL = 'Pay and unlock';

export const settingsKeys = {
  invites: inviteKeys.list,
  subscription: ['/api/subscription-details'] as const,
  reactions: ['/api/custom-reactions'] as const,
};

export const invitesQuery = () =>
  queryOptions<RouteResult<typeof Routes.listInvites>>({ queryKey: settingsKeys.invites });
export const subscriptionQuery = () =>
  queryOptions<RouteResult<typeof Routes.getSubscriptionDetails>>({ queryKey: settingsKeys.subscription });
export const customReactionsQuery = () =>
  queryOptions<RouteResult<typeof Routes.listCustomReactions>>({ queryKey: settingsKeys.reactions });

export const updateHandle = (userId: string, handle: string) =>
  callApi(Routes.updateHandle, { params: { userId }, body: { handle } });
export const awardStars = (userId: string, stars: number) =>
  callApi(Routes.awardStars, { params: { userId }, body: { stars } });
export const setAdmin = (userId: string, isAdmin: boolean) =>
  callApi(Routes.setAdmin, { params: { userId }, body: { isAdmin } });
export const removeUser = (workspaceId: string, userId: string) =>
  callApi(Routes.removeMember, { params: { workspaceId, userId } });

export const createInvite = () => callApi(Routes.createInvite, { body: {} });
export const cancelInvite = (id: string) => callApi(Routes.cancelInvite, { params: { inviteId: id } });
/** Spec 2 §2: the invite link is /invite/{token}, built from the site origin. */
export const inviteLink = (token: string): string => `${window.location.origin}/invite/${token}`;

export const purchaseSeats = (additionalSeats: number) => callApi(Routes.purchaseSeats, { body: { additionalSeats } });
/** A card setup paying for the current workspace (admins), then its confirmation once the card form succeeded. */
export const startWorkspacePayment = () => callApi(Routes.startWorkspacePayment);
export const verifyWorkspacePayment = () => callApi(Routes.verifyWorkspacePayment);

export const requestReactionUpload = (filename: string) => callApi(Routes.createReactionUpload, { body: { filename } });
export const createCustomReaction = (body: { name: string; imageUrl: string; createdBy: string }) =>
  callApi(Routes.createCustomReaction, { body });
