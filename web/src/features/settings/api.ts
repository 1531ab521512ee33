// Settings calls of spec 2 §7: profile, handle, stars, admin role, removal, invites, billing, custom reactions.
import type {
  CustomReaction,
  Invite,
  SubscriptionDetails,
  UploadURLResponse,
  VerifyWorkspacePaymentResponse,
  WorkspacePaymentResponse,
} from '@teamchat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { inviteKeys } from '../../api/invites.js';
import { apiJson, apiRequest } from '../../lib/request.js';

export const settingsKeys = {
  invites: inviteKeys.list,
  subscription: ['/api/subscription-details'] as const,
  reactions: ['/api/custom-reactions'] as const,
};

export const invitesQuery = () => queryOptions<Invite[]>({ queryKey: settingsKeys.invites });
export const subscriptionQuery = () => queryOptions<SubscriptionDetails>({ queryKey: settingsKeys.subscription });
export const customReactionsQuery = () => queryOptions<CustomReaction[]>({ queryKey: settingsKeys.reactions });

export const updateHandle = (userId: string, handle: string) =>
  apiJson<unknown>('PATCH', `/api/users/${userId}/handle`, { handle });
export const awardStars = (userId: string, stars: number) =>
  apiJson<unknown>('POST', `/api/users/${userId}/stars`, { stars });
export const setAdmin = (userId: string, isAdmin: boolean) =>
  apiJson<unknown>('PATCH', `/api/users/${userId}/admin`, { isAdmin });
export const removeUser = (workspaceId: string, userId: string) =>
  apiRequest('DELETE', `/api/workspaces/${workspaceId}/users/${userId}`);

export const createInvite = () => apiJson<Invite>('POST', '/api/invites', {});
export const cancelInvite = (id: string) => apiRequest('DELETE', `/api/invites/${id}`);
/** Spec 2 §2: the invite link is /invite/{token}, built from the site origin. */
export const inviteLink = (token: string): string => `${window.location.origin}/invite/${token}`;

export const purchaseSeats = (additionalSeats: number) =>
  apiJson<{ message?: string }>('POST', '/api/purchase-seats', { additionalSeats });
/** A card setup paying for the current workspace (admins), then its confirmation once the card form succeeded. */
export const startWorkspacePayment = () => apiJson<WorkspacePaymentResponse>('POST', '/api/workspace-payment', {});
export const verifyWorkspacePayment = () =>
  apiJson<VerifyWorkspacePaymentResponse>('POST', '/api/workspace-payment/verify', {});

export const requestReactionUpload = (filename: string) =>
  apiJson<UploadURLResponse>('POST', '/api/reactions/upload', { filename });
export const createCustomReaction = (body: { name: string; imageUrl: string; createdBy: string }) =>
  apiJson<CustomReaction>('POST', '/api/custom-reactions', body);
