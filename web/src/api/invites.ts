// Invitation validation and acceptance (spec 1 §2 Invitation screen).
import { Routes, type AcceptInvite } from '@teamchat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi, type RouteResult } from '../lib/api-client.js';
import { markSignedIn } from './auth.js';

export const inviteKeys = {
  validate: (token: string) => ['/api/invites/validate', token] as const,
  list: ['/api/invites'] as const,
};

export const validateInviteQuery = (token: string) =>
  queryOptions<RouteResult<typeof Routes.validateInvite>>({
    queryKey: inviteKeys.validate(token),
    enabled: token.length > 0,
  });

/** Accepting signs the person in (a new account, or the one they signed in with). */
export const acceptInvite = (token: string, body: AcceptInvite) =>
  callApi(Routes.acceptInvite, { params: { token }, body }).then(markSignedIn);
