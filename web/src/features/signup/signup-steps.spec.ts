import { chooseSignupStep } from './signup-steps.js';

const state = (workspaceId: string | null, paymentCompleted: boolean, onboardingCompleted: boolean) => ({
  workspaceId,
  paymentCompleted,
  onboardingCompleted,
});

describe(chooseSignupStep.name, () => {
  it('starts a visitor at Account Info', () => {
    expect(chooseSignupStep(null)).toBe('user-info');
  });

  it('sends a user with a workspace and onboarding not done to Profile', () => {
    expect(chooseSignupStep(state('w1', true, false))).toBe('profile');
  });

  it('sends a user with a workspace and onboarding done home', () => {
    expect(chooseSignupStep(state('w1', true, true))).toBe('home');
  });

  it('sends a user without a workspace who has paid to Workspace', () => {
    expect(chooseSignupStep(state(null, true, false))).toBe('workspace');
  });

  it('sends a user without a workspace or payment to Payment', () => {
    expect(chooseSignupStep(state(null, false, false))).toBe('payment');
  });
});
