// Invitation validation and acceptance (spec 1 §2 Invitation screen).
import type { AcceptInvite, ValidateInviteResponse } from '@teamchat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../lib/request.js';
import { markSignedIn } from './auth.js';

export const inviteKeys = {
  validate: (token: string) => ['/api/invites/validate', token] as const,
  list: ['/api/invites'] as const,
};

export const validateInviteQuery = (token: string) =>
  queryOptions<ValidateInviteResponse>({ queryKey: inviteKeys.validate(token), enabled: token.length > 0 });

/** Accepting signs the person in (a new account, or the one they signed in with). */
export const acceptInvite = (token: string, body: AcceptInvite) =>
  apiJson<unknown>('POST', `/api/invites/${encodeURIComponent(token)}/accept`, body).then(markSignedIn);
