import { z } from 'zod';
import { defineEvent, defineRequest, workspaceWrite } from '../contract.js';
import { withActor } from '../actor.js';
import {
  AcceptInviteSchema,
  CreateInviteSchema,
  CreateWorkspaceSchema,
  InviteSchema,
  ValidateInviteResponseSchema,
  WORKSPACE_ROLES,
  WorkspaceListItemSchema,
} from '../http/workspace.schema.js';
import { WorkspaceAccessShape } from '../http/billing.schema.js';

export const WorkspaceRoleSchema = z.enum(WORKSPACE_ROLES);

export const WorkspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  createdBy: z.uuid(),
  createdAt: z.string(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  role: WorkspaceRoleSchema,
  ...WorkspaceAccessShape,
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

/** The user's current workspace and their role there; both null when they have none. */
export const ResolvedActorSchema = z.object({
  workspaceId: z.uuid().nullable(),
  role: WorkspaceRoleSchema.nullable(),
});
export type ResolvedActor = z.infer<typeof ResolvedActorSchema>;

export const MembershipSchema = z.object({ userId: z.uuid(), workspaceId: z.uuid(), role: WorkspaceRoleSchema });
export type Membership = z.infer<typeof MembershipSchema>;

export const SeatUsageSchema = z.object({
  seats: z.number().int(),
  members: z.number().int(),
  pendingInvites: z.number().int(),
  /** seats − members − pending invites; may be negative when seats were reduced. */
  available: z.number().int(),
});
export type SeatUsage = z.infer<typeof SeatUsageSchema>;

const id = z.uuid();

export const WorkspaceContracts = {
  /** The user's current workspace: the one last chosen while still a member, else their earliest remaining one. */
  resolveActor: defineRequest('workspace.actor.resolve', z.object({ userId: id }), ResolvedActorSchema),
  /** One membership; WORKSPACE.MEMBER_NOT_FOUND when the user is not (or no longer) a member. */
  getMember: defineRequest('workspace.member.get', z.object({ workspaceId: id, userId: id }), MembershipSchema),
  /**
   * Every member of a workspace with their role, in the order they joined; the first `limit` when given; only those
   * of `userIds` when given (the others are not members).
   */
  listMembers: defineRequest(
    'workspace.member.list',
    z.object({
      workspaceId: id,
      limit: z.number().int().positive().max(100_000).optional(),
      userIds: z.array(id).max(1000).optional(),
    }),
    z.array(z.object({ userId: id, role: WorkspaceRoleSchema })),
  ),
  /** Creates a workspace; the actor becomes its admin and it becomes their current workspace. */
  create: defineRequest('workspace.workspace.create', withActor(CreateWorkspaceSchema.shape), WorkspaceSchema),
  /** One workspace of the actor with their role there (members only, WORKSPACE.NOT_FOUND otherwise). */
  get: defineRequest('workspace.workspace.get', withActor({ workspaceId: id }), WorkspaceSchema),
  /** The actor's workspaces with their role in each. */
  list: defineRequest('workspace.workspace.list', withActor({}), z.array(WorkspaceListItemSchema)),
  /** Admin only; "" removes the logo. */
  updateImage: defineRequest(
    'workspace.workspace.update-image',
    withActor({ workspaceId: id, profileImageUrl: z.string().max(2048) }),
    WorkspaceSchema,
  ),
  /** Makes a workspace the actor's current one (member only, WORKSPACE.NOT_FOUND otherwise). */
  switch: defineRequest('workspace.workspace.switch', withActor({ workspaceId: id }), ResolvedActorSchema),
  /** Admin of the current workspace promotes or demotes another member. */
  setAdmin: defineRequest(
    'workspace.member.set-admin',
    withActor({ userId: id, isAdmin: z.boolean() }),
    MembershipSchema,
  ),
  /** Admin removes another member from the workspace. */
  removeMember: defineRequest(
    'workspace.member.remove',
    withActor({ workspaceId: id, userId: id }),
    z.object({ workspaceId: id, userId: id }),
  ),
  /** Seat usage of a workspace (members of it may ask). */
  seats: defineRequest('workspace.seats.get', withActor({ workspaceId: id }), SeatUsageSchema),
  /**
   * Until when members of a workspace may write (see WorkspaceAccessSchema); every service's cached write check asks
   * this once per workspace and then follows `billing.entitlement.changed`.
   */
  entitlement: defineRequest(
    'workspace.entitlement.get',
    z.object({ workspaceId: id }),
    z.object({ workspaceId: id, writableUntil: z.iso.datetime({ offset: true }).nullable() }),
  ),
  /**
   * Admin creates an invite for the current workspace; BILLING.NO_SEATS when no seat is available,
   * BILLING.WORKSPACE_READ_ONLY when the workspace is read-only.
   */
  createInvite: workspaceWrite(
    defineRequest('workspace.invite.create', withActor(CreateInviteSchema.shape), InviteSchema),
  ),
  /** Admin lists the pending invites of the current workspace. */
  listInvites: defineRequest('workspace.invite.list', withActor({}), z.array(InviteSchema)),
  /** Admin cancels a pending invite of the current workspace. */
  cancelInvite: defineRequest('workspace.invite.cancel', withActor({ inviteId: id }), z.object({ id })),
  /** Public: what a pending invite is for; WORKSPACE.INVITE_NOT_FOUND otherwise. */
  validateInvite: defineRequest(
    'workspace.invite.validate',
    z.object({ token: z.string().min(1).max(200) }),
    ValidateInviteResponseSchema,
  ),
  /**
   * Public: accepts an invite with a new account (created through identity) or an existing one (password checked),
   * within the workspace's seats. The invited workspace becomes the user's current one.
   */
  acceptInvite: defineRequest(
    'workspace.invite.accept',
    z.object({ token: z.string().min(1).max(200), ...AcceptInviteSchema.shape }),
    z.object({ userId: id, workspaceId: id, created: z.boolean() }),
  ),
} as const;

const MemberEventSchema = z.object({ workspaceId: id, userId: id, role: WorkspaceRoleSchema });

export const WorkspaceEvents = {
  /** Chat creates the default section and the `general` channel from it. */
  workspaceCreated: defineEvent(
    'workspace.workspace.created',
    z.object({ workspaceId: id, name: z.string(), createdBy: id }),
  ),
  memberAdded: defineEvent('workspace.member.added', MemberEventSchema),
  /** Live sockets of that user for that workspace are closed by the gateway (see gateway/src/realtime). */
  memberRemoved: defineEvent('workspace.member.removed', MemberEventSchema),
  memberRoleChanged: defineEvent('workspace.member.role-changed', MemberEventSchema),
} as const;
