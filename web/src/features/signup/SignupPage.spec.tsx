// The wizard: progress bar, the step chosen from the user's state, payment setup and the status poll.
import { jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { SignupPage } from './SignupPage.js';

const progress = () => screen.getByRole('progressbar', { name: 'Signup progress' });
const location = () => screen.getByTestId('location').textContent;

describe(SignupPage.name, () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  describe('step chosen on load', () => {
    it('shows Account Info to a visitor, with the progress bar at step 1 of 4, Back to Home and a Log in link', async () => {
      mockFetch({ 'GET /api/auth/user': { status: 401 } });
      renderWithApp(<SignupPage />, { route: '/signup' });
      expect(await screen.findByRole('form', { name: 'Account Info' })).toBeInTheDocument();
      expect(progress()).toHaveAttribute('aria-valuenow', '1');
      expect(progress()).toHaveAttribute('aria-valuemax', '4');
      for (const label of ['Account Info', 'Payment', 'Workspace', 'Profile'])
        expect(screen.getAllByText(label).length).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: /Back to Home/ })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    });

    it('shows Payment to a signed-in user with no workspace and no payment, announcing the free trial', async () => {
      const { calls } = mockFetch({
        'GET /api/auth/user': { body: aUser({ companySize: '6-15' }) },
        'GET /api/billing/config': { body: { stripePublishableKey: null } },
        'POST /api/create-signup-subscription': { body: { clientSecret: 'local_secret_1' } },
      });
      renderWithApp(<SignupPage />, { route: '/signup' });
      expect(await screen.findByRole('form', { name: 'Card details' })).toBeInTheDocument();
      expect(progress()).toHaveAttribute('aria-valuenow', '2');
      expect(screen.getByText(/No charge until the trial ends/)).toBeInTheDocument();
      // 6-15 users asks for 10 seats.
      expect(calls.find((c) => c.url === '/api/create-signup-subscription')?.body).toEqual({ seats: 10 });
    });

    it('shows Workspace to a user without a workspace whose payment is complete', async () => {
      mockFetch({ 'GET /api/auth/user': { body: aUser({ paymentCompleted: true }) } });
      renderWithApp(<SignupPage />, { route: '/signup' });
      expect(await screen.findByRole('form', { name: 'Workspace' })).toBeInTheDocument();
      expect(progress()).toHaveAttribute('aria-valuenow', '3');
    });

    it('shows Profile to a user with a workspace who has not finished onboarding', async () => {
      mockFetch({ 'GET /api/auth/user': { body: aUser({ paymentCompleted: true, workspaceId: WORKSPACE_ID }) } });
      renderWithApp(<SignupPage />, { route: '/signup' });
      expect(await screen.findByRole('form', { name: 'Profile' })).toBeInTheDocument();
      expect(progress()).toHaveAttribute('aria-valuenow', '4');
    });

    it('sends a user who finished onboarding to /', async () => {
      mockFetch({
        'GET /api/auth/user': {
          body: aUser({ paymentCompleted: true, workspaceId: WORKSPACE_ID, onboardingCompleted: true }),
        },
      });
      renderWithApp(<SignupPage />, { route: '/signup' });
      await waitFor(() => expect(location()).toBe('/'));
    });
  });

  describe('payment', () => {
    const payer = aUser();

    it('posts the offline card to /api/local-payments/confirm and returns to /signup?payment=success', async () => {
      let paid = false;
      const { calls } = mockFetch({
        'GET /api/auth/user': () => ({ body: aUser({ paymentCompleted: paid }) }),
        'GET /api/billing/config': { body: { stripePublishableKey: null } },
        'POST /api/create-signup-subscription': { body: { clientSecret: 'local_secret_1' } },
        'POST /api/local-payments/confirm': () => {
          paid = true;
          return { body: { ok: true } };
        },
        'POST /api/verify-payment-status': () => ({ body: { paymentCompleted: paid } }),
      });
      renderWithApp(<SignupPage />, { route: '/signup' });
      await userEvent.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
      await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/39');
      await userEvent.type(screen.getByLabelText('CVC'), '123');
      await userEvent.click(screen.getByRole('button', { name: /Start Free Trial/ }));
      expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
      expect(calls.find((c) => c.url === '/api/local-payments/confirm')?.body).toEqual({
        clientSecret: 'local_secret_1',
        cardNumber: '4242424242424242',
      });
      expect(await screen.findByRole('form', { name: 'Workspace' })).toBeInTheDocument();
      await waitFor(() => expect(location()).toBe('/signup'));
    });

    it('shows "Payment Failed" with the server message when the card is refused', async () => {
      mockFetch({
        'GET /api/auth/user': { body: payer },
        'GET /api/billing/config': { body: { stripePublishableKey: null } },
        'POST /api/create-signup-subscription': { body: { clientSecret: 'local_secret_1' } },
        'POST /api/local-payments/confirm': {
          status: 402,
          body: { error: 'Your card was declined.', code: 'BILLING.CARD_DECLINED' },
        },
      });
      renderWithApp(<SignupPage />, { route: '/signup' });
      await userEvent.type(await screen.findByLabelText('Card number'), '4000000000000002');
      await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/39');
      await userEvent.type(screen.getByLabelText('CVC'), '123');
      await userEvent.click(screen.getByRole('button', { name: /Start Free Trial/ }));
      expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
      expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    });

    it('says "Failed to create subscription" when the server refuses the subscription', async () => {
      mockFetch({
        'GET /api/auth/user': { body: payer },
        'GET /api/billing/config': { body: { stripePublishableKey: null } },
        'POST /api/create-signup-subscription': { status: 500, body: { error: 'boom' } },
      });
      renderWithApp(<SignupPage />, { route: '/signup' });
      expect(await screen.findByText('Failed to create subscription')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    });

    it('says "Payment initialization failed - no client secret received" when the answer has no secret', async () => {
      mockFetch({
        'GET /api/auth/user': { body: payer },
        'GET /api/billing/config': { body: { stripePublishableKey: null } },
        'POST /api/create-signup-subscription': { body: {} },
      });
      renderWithApp(<SignupPage />, { route: '/signup' });
      expect(await screen.findByText('Payment initialization failed - no client secret received')).toBeInTheDocument();
    });

    it('says "Failed to initialize payment. Please try again." when the call cannot be made', async () => {
      mockFetch({
        'GET /api/auth/user': { body: payer },
        'GET /api/billing/config': { body: { stripePublishableKey: null } },
        'POST /api/create-signup-subscription': () => {
          throw new TypeError('Failed to fetch');
        },
      });
      renderWithApp(<SignupPage />, { route: '/signup' });
      expect(await screen.findByText('Failed to initialize payment. Please try again.')).toBeInTheDocument();
    });

    it('polls payment status once a second, 10 times at most, then shows the timeout toast', async () => {
      jest.useFakeTimers({ advanceTimers: false, doNotFake: ['queueMicrotask', 'nextTick'] });
      (globalThis as { jest?: unknown }).jest = jest;
      const { calls } = mockFetch({
        'GET /api/auth/user': { body: payer },
        'GET /api/billing/config': { body: { stripePublishableKey: null } },
        'POST /api/create-signup-subscription': { body: { clientSecret: 'local_secret_1' } },
        'POST /api/verify-payment-status': { body: { paymentCompleted: false } },
      });
      renderWithApp(<SignupPage />, { route: '/signup?payment=success' });
      const polls = () => calls.filter((c) => c.url === '/api/verify-payment-status').length;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      expect(screen.getByText(/VERIFYING PAYMENT/)).toBeInTheDocument();
      expect(polls()).toBe(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      expect(polls()).toBe(2);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(8000);
      });
      expect(polls()).toBe(10);
      expect(screen.getByText('Payment Verification Timeout')).toBeInTheDocument();
      expect(
        screen.getByText('Payment may still be processing. Please refresh the page in a moment.'),
      ).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5000);
      });
      expect(polls()).toBe(10);
      delete (globalThis as { jest?: unknown }).jest;
    });
  });
});
