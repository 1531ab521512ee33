import { z } from 'zod';
import { defineEvent, defineRequest, workspaceWrite } from '../contract.js';
import { withActor } from '../actor.js';
import {
  AwardStarsSchema,
  COMPANY_SIZES,
  CurrentUserSchema,
  ChangePasswordSchema,
  LoginSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  PublicUserSchema,
  RegisterSchema,
  UpdateUserSchema,
} from '../http/accounts.schema.js';
import { DirectoryPageSchema, DirectoryQueryShape } from '../http/directory.schema.js';

/** The user as identity stores it: everything but the password hash and the per-workspace fields (role, current workspace). */
export const IdentityUserSchema = CurrentUserSchema.omit({ isAdmin: true, workspaceId: true }).extend({
  stripeCustomerId: z.string().nullable(),
});
export type IdentityUser = z.infer<typeof IdentityUserSchema>;

/** A profile other members may see (no email, no billing fields). */
export const UserProfileSchema = PublicUserSchema.omit({ isAdmin: true });
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** Signup asks for the company size; an account created by accepting an invite has none. */
export const RegisterUserSchema = RegisterSchema.extend({ companySize: z.enum(COMPANY_SIZES).nullable() });
export type RegisterUser = z.infer<typeof RegisterUserSchema>;

export const IdentityContracts = {
  /** Creates an account (email unique, argon2id hash, derived username); IDENTITY.EMAIL_TAKEN otherwise. */
  register: defineRequest('identity.user.register', RegisterUserSchema, IdentityUserSchema),
  /** Checks credentials; IDENTITY.INVALID_CREDENTIALS for an unknown email and a wrong password alike. */
  authenticate: defineRequest('identity.user.authenticate', LoginSchema, z.object({ userId: z.uuid() })),
  /** One user's own record; IDENTITY.USER_NOT_FOUND when it does not exist (any more). */
  get: defineRequest('identity.user.get', z.object({ userId: z.uuid() }), IdentityUserSchema),
  /** Public profiles of the given users, in no particular order; unknown ids are left out. */
  getMany: defineRequest(
    'identity.user.get-many',
    z.object({ userIds: z.array(z.uuid()).max(5000) }),
    z.array(UserProfileSchema),
  ),
  /**
   * The users a search filter names (`from:@ada`, `in:@ada.lovelace`): usernames (lower case already) and handles,
   * compared case-insensitively. Search results stay scoped to what the searcher may read, so an answer naming
   * someone outside the workspace finds nothing rather than telling that they exist.
   */
  findByNames: defineRequest(
    'identity.user.find-by-names',
    z.object({ names: z.array(z.string().min(1).max(64)).max(20) }),
    z.array(z.object({ id: z.uuid(), username: z.string(), handle: z.string().nullable() })),
  ),
  /** The members of the actor's current workspace with their role (`GET /api/users`). */
  listWorkspace: defineRequest('identity.user.list', withActor({}), z.array(PublicUserSchema)),
  /**
   * The members directory (`GET /api/users`): members of the actor's current workspace by username, filtered, a page
   * at a time with `limit`; a channel's members first with `channelId`. Another workspace's ids are simply absent.
   */
  directory: defineRequest('identity.user.directory', withActor(DirectoryQueryShape), DirectoryPageSchema),
  /** The actor edits their own profile (another id → AUTH.FORBIDDEN); handles are unique within the workspace. */
  update: defineRequest(
    'identity.user.update',
    withActor({ userId: z.uuid(), changes: UpdateUserSchema }),
    IdentityUserSchema,
  ),
  /** An admin of the actor's current workspace adds stars to a member of it. */
  awardStars: workspaceWrite(
    defineRequest(
      'identity.user.award-stars',
      withActor({ userId: z.uuid(), stars: AwardStarsSchema.shape.stars }),
      UserProfileSchema,
    ),
  ),
  /**
   * Closes an account for good (support tools, erasure requests): the user record goes, and `identity.user.deleted`
   * ends their sessions on every gateway. IDENTITY.USER_NOT_FOUND when there is no such user.
   */
  delete: defineRequest('identity.user.delete', z.object({ userId: z.uuid() }), z.object({ userId: z.uuid() })),
  /**
   * The user changes their password, proving the current one (IDENTITY.WRONG_PASSWORD otherwise). Outstanding reset
   * links of the user stop working. The gateway then ends the user's other sessions.
   */
  changePassword: defineRequest(
    'identity.password.change',
    ChangePasswordSchema.extend({ userId: z.uuid() }),
    z.object({ userId: z.uuid() }),
  ),
  /**
   * Someone asks for a reset link for `email`. Answers at once and alike whether or not the account exists; when it
   * does, a single-use link (`resetUrl` + `?token=`, valid PASSWORD_RESET_TTL_MINUTES, stored hashed) is mailed
   * through SMTP_URL, or written to the service log as one labelled line when no SMTP server is configured.
   */
  requestPasswordReset: defineRequest(
    'identity.password.request-reset',
    PasswordResetRequestSchema.extend({ resetUrl: z.url() }),
    z.object({}),
  ),
  /** Sets a new password with a reset link's token (IDENTITY.RESET_TOKEN_INVALID when unknown, used or expired). */
  confirmPasswordReset: defineRequest(
    'identity.password.confirm-reset',
    PasswordResetConfirmSchema,
    z.object({ userId: z.uuid() }),
  ),
  /** Billing marks the signup payment as done (and records the provider ids when it has them). */
  markPaymentCompleted: defineRequest(
    'identity.user.mark-payment-completed',
    z.object({
      userId: z.uuid(),
      stripeCustomerId: z.string().min(1).max(255).nullable().optional(),
      stripeSubscriptionId: z.string().min(1).max(255).nullable().optional(),
    }),
    IdentityUserSchema,
  ),
} as const;

export const IdentityEvents = {
  /** A profile changed (handle, about me, image, status, stars): lets live views refresh names and presence. */
  userUpdated: defineEvent('identity.user.updated', UserProfileSchema),
  /** An account was closed: gateways drop what they hold of it, so its sessions answer 401 from then on. */
  userDeleted: defineEvent('identity.user.deleted', z.object({ userId: z.uuid() })),
} as const;
