// A new password typed twice: the reset page and the profile's change form check it the same way.
import { PasswordResetConfirmSchema } from '@teamchat/contracts';
import { z } from 'zod';

export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match';

/** A new password typed twice (the reset page and the profile's change form). */
export const NewPasswordSchema = z
  .object({ newPassword: PasswordResetConfirmSchema.shape.newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER_MESSAGE });
export type NewPassword = z.infer<typeof NewPasswordSchema>;
