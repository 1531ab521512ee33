// Form schemas of the wizard, built from the shared contracts so client and server say the same words.
import { AboutMeSchema, HANDLE_PATTERN_MESSAGE, LocalConfirmSchema, WorkspaceNameSchema } from '@teamchat/contracts';
import { z } from 'zod';

export const SignupWorkspaceSchema = z.object({ name: WorkspaceNameSchema });
export type SignupWorkspace = z.infer<typeof SignupWorkspaceSchema>;

/** Optional handle (spec 1 §5: max 50 "Handle too long"; allowed characters as elsewhere). */
export const SignupProfileSchema = z.object({
  handle: z
    .string()
    .trim()
    .max(50, 'Handle too long')
    .refine((h) => h === '' || /^[A-Za-z0-9_-]+$/.test(h), HANDLE_PATTERN_MESSAGE),
  aboutMe: AboutMeSchema,
});
export type SignupProfile = z.infer<typeof SignupProfileSchema>;

export const EXPIRY_MESSAGE = 'Expiry must be a future MM/YY date';
export const CVC_MESSAGE = 'CVC must be 3 or 4 digits';

const isFutureExpiry = (value: string, now = new Date()): boolean => {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
};

/** The offline card form: only the number goes to the server; expiry and CVC are checked like a real card form. */
export const OfflineCardSchema = z.object({
  cardNumber: LocalConfirmSchema.shape.cardNumber,
  expiry: z.string().refine((v) => isFutureExpiry(v), EXPIRY_MESSAGE),
  cvc: z.string().regex(/^\d{3,4}$/, CVC_MESSAGE),
});
export type OfflineCard = z.input<typeof OfflineCardSchema>;
