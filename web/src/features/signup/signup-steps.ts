// The wizard's steps and how a user's state picks one (spec 1 §2 Signup wizard, §4 Signup flow).
import type { CurrentUser } from '@teamchat/contracts';

export const SIGNUP_STEPS = [
  { id: 'user-info', label: 'Account Info' },
  { id: 'payment', label: 'Payment' },
  { id: 'workspace', label: 'Workspace' },
  { id: 'profile', label: 'Profile' },
] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number]['id'];

export const PAYMENT_POLL_INTERVAL_MS = 1000;
export const PAYMENT_POLL_MAX_ATTEMPTS = 10;

type UserState = Pick<CurrentUser, 'workspaceId' | 'paymentCompleted' | 'onboardingCompleted'>;

/** The step for a visitor or signed-in user, or 'home' when there is nothing left to do. */
export const chooseSignupStep = (user: UserState | null | undefined): SignupStep | 'home' => {
  if (!user) return 'user-info';
  if (user.workspaceId) return user.onboardingCompleted ? 'home' : 'profile';
  return user.paymentCompleted ? 'workspace' : 'payment';
};

export const stepIndex = (step: SignupStep): number => SIGNUP_STEPS.findIndex((s) => s.id === step);
