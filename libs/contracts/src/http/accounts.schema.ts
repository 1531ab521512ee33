import { z } from 'zod';

/** Spec 1 §9: company size options and the seats each one requests. */
export const COMPANY_SIZES = ['2-5', '6-15', '16-50', '51-200', '201-500', '1000+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
export const seatsForCompanySize = (size: CompanySize): number => (size === '2-5' ? 5 : size === '6-15' ? 10 : 30);

/** Statuses the server accepts (roster values plus the picker's). */
export const USER_STATUSES = [
  'online',
  'offline',
  'away',
  'busy',
  'coffee-break',
  'deep-focus',
  'dnd',
  'in-meeting',
] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PASSWORD_MAX = 128;

/** The accounts' and invites' email columns are varchar(320). */
export const EMAIL_MAX = 320;
const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Invalid email address').max(EMAIL_MAX, 'Invalid email address'));
const password = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(PASSWORD_MAX, 'Password must be at most 128 characters');

export const RegisterSchema = z.object({
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name too long'),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name too long'),
  email: z.string({ error: 'Invalid email address' }).pipe(email),
  password,
  companySize: z.enum(COMPANY_SIZES, { error: 'Company size is required' }),
});
export type Register = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: z.string({ error: 'Invalid email address' }).pipe(email),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, 'Password is required'),
});
export type Login = z.infer<typeof LoginSchema>;

/** Password change (signed in) and recovery by emailed link. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const PASSWORD_RESET_SENT_MESSAGE =
  'If an account exists for that email, we have sent a link to reset its password.';
export const WRONG_PASSWORD_MESSAGE = 'Current password is incorrect.';
export const SAME_PASSWORD_MESSAGE = 'New password must be different from the current one.';
export const RESET_TOKEN_INVALID_MESSAGE = 'This reset link is invalid or has expired. Ask for a new one.';

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX, WRONG_PASSWORD_MESSAGE),
  newPassword: password,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const PasswordResetRequestSchema = z.object({ email: z.string({ error: 'Invalid email address' }).pipe(email) });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const PasswordResetConfirmSchema = z.object({
  token: z
    .string({ error: RESET_TOKEN_INVALID_MESSAGE })
    .min(1, RESET_TOKEN_INVALID_MESSAGE)
    .max(200, RESET_TOKEN_INVALID_MESSAGE),
  newPassword: password,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

export const PasswordResetSentSchema = z.object({ message: z.string() });

export const HANDLE_PATTERN_MESSAGE = 'Handle can only contain letters, numbers, underscores, and hyphens.';
export const HANDLE_LENGTH_MESSAGE = 'Handle must be between 1 and 50 characters.';
export const HandleSchema = z
  .string({ error: HANDLE_LENGTH_MESSAGE })
  .min(1, HANDLE_LENGTH_MESSAGE)
  .max(50, HANDLE_LENGTH_MESSAGE)
  .regex(/^[A-Za-z0-9_-]+$/, HANDLE_PATTERN_MESSAGE);

export const AboutMeSchema = z.string().max(500, 'About me too long');

export const UpdateUserSchema = z
  .object({
    // the profile form sends "" when the optional handle is left empty: that clears it
    handle: z.preprocess((v) => (v === '' ? null : v), HandleSchema.nullable()).optional(),
    aboutMe: AboutMeSchema.nullable().optional(),
    profileImageUrl: z.string().max(2048).nullable().optional(),
    onboardingCompleted: z.boolean().optional(),
    status: z.enum(USER_STATUSES, { error: 'Invalid status' }).optional(),
  })
  .strict();
export type UpdateUser = z.infer<typeof UpdateUserSchema>;

export const UpdateHandleSchema = z.object({ handle: HandleSchema });
export type UpdateHandle = z.infer<typeof UpdateHandleSchema>;

export const AwardStarsSchema = z.object({
  stars: z
    .number({ error: 'Please enter a positive number of stars.' })
    .int('Please enter a positive number of stars.')
    .positive('Please enter a positive number of stars.')
    .max(1_000_000, 'Please enter a positive number of stars.'),
});
export type AwardStars = z.infer<typeof AwardStarsSchema>;

/** The current user as `GET /api/auth/user` returns it (never the password hash). */
export const CurrentUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  handle: z.string().nullable(),
  aboutMe: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  status: z.string(),
  stars: z.number(),
  isAdmin: z.boolean(),
  agentId: z.string().nullable(),
  companySize: z.string().nullable(),
  workspaceId: z.uuid().nullable(),
  paymentCompleted: z.boolean(),
  onboardingCompleted: z.boolean(),
  stripeSubscriptionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** Public profile as listed by `GET /api/users`. */
export const PublicUserSchema = CurrentUserSchema.pick({
  id: true,
  username: true,
  firstName: true,
  lastName: true,
  handle: true,
  aboutMe: true,
  profileImageUrl: true,
  status: true,
  stars: true,
  agentId: true,
}).extend({ isAdmin: z.boolean() });
export type PublicUser = z.infer<typeof PublicUserSchema>;

/**
 * A cookie readable by the page, set while the browser holds a session cookie: the web app asks who is signed in only
 * when it is there (a signed-out visit then makes no request that answers 401). It grants nothing.
 */
export const SIGNED_IN_COOKIE = 'tc_signed_in';
