import { z } from 'zod';
import { RegisterSchema } from './accounts.schema.js';
import { WorkspaceAccessShape } from './billing.schema.js';

export const WorkspaceNameSchema = z
  .string({ error: 'Workspace name is required' })
  .trim()
  .min(1, 'Workspace name is required')
  .max(100, 'Name too long');

export const CreateWorkspaceSchema = z.object({
  name: WorkspaceNameSchema,
  profileImageUrl: z.string().max(2048).optional().nullable(),
});
export type CreateWorkspace = z.infer<typeof CreateWorkspaceSchema>;

export const WORKSPACE_ROLES = ['admin', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const WorkspaceListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  /** Read-only workspaces (trial over or subscription lapsed) refuse posting and inviting with 402 until paid. */
  ...WorkspaceAccessShape,
});
export type WorkspaceListItem = z.infer<typeof WorkspaceListItemSchema>;

export const UpdateWorkspaceImageSchema = z.object({ profileImageUrl: z.string().max(2048) });
export const SwitchWorkspaceSchema = z.object({
  workspaceId: z.string({ error: 'Workspace is required' }).min(1, 'Workspace is required'),
});
export const SetAdminSchema = z.object({ isAdmin: z.boolean({ error: 'isAdmin must be true or false' }) });

export const AcceptInviteSchema = RegisterSchema.pick({ email: true, firstName: true, lastName: true, password: true });
export type AcceptInvite = z.infer<typeof AcceptInviteSchema>;

/** `POST /api/invites` takes an empty body; an email may be attached to prefill the invitee's form. */
export const CreateInviteSchema = z.object({ email: RegisterSchema.shape.email.optional().nullable() });
export type CreateInvite = z.infer<typeof CreateInviteSchema>;

export const INVITE_NOT_VALID_MESSAGE = 'This invitation link is not valid';
export const INVITE_USED_MESSAGE = 'This invitation has already been used';

export const InviteSchema = z.object({
  id: z.uuid(),
  token: z.string(),
  createdAt: z.string(),
  email: z.string().nullable().optional(),
});
export type Invite = z.infer<typeof InviteSchema>;

export const ValidateInviteResponseSchema = z.object({
  invite: z.object({ workspace: z.object({ name: z.string() }), email: z.string().nullable(), invitedBy: z.string() }),
});
export type ValidateInviteResponse = z.infer<typeof ValidateInviteResponseSchema>;

export const OUT_OF_SEATS_MESSAGE =
  "You're out of seats. Purchase more licenses in the Billing tab before generating invite links.";
