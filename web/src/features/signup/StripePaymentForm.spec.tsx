// With a publishable key from the server the wizard uses Stripe Elements; the provider's answers become toasts.
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { aUser, mockFetch, renderWithApp } from '../../../test/render.js';

const confirmSetup = jest.fn<(args: unknown) => Promise<{ error?: { message: string } }>>();
const confirmPayment = jest.fn<(args: unknown) => Promise<{ error?: { message: string } }>>();
const elementsOptions: unknown[] = [];

jest.unstable_mockModule('@stripe/stripe-js', () => ({ loadStripe: async (key: string) => ({ key }) }));
jest.unstable_mockModule('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    elementsOptions.push(options);
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmSetup, confirmPayment }),
  useElements: () => ({}),
}));

const { SignupPage } = await import('./SignupPage.js');

const api = (clientSecret: string) =>
  mockFetch({
    'GET /api/auth/user': { body: aUser() },
    'GET /api/billing/config': { body: { stripePublishableKey: 'pk_test_123' } },
    'POST /api/create-signup-subscription': { body: { clientSecret } },
  });

describe('Stripe card form', () => {
  beforeEach(() => {
    confirmSetup.mockReset();
    confirmPayment.mockReset();
    elementsOptions.length = 0;
  });

  it('mounts Stripe Elements with the subscription client secret instead of the offline form', async () => {
    api('seti_123_secret_abc');
    renderWithApp(<SignupPage />, { route: '/signup' });
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(elementsOptions.at(-1)).toMatchObject({ clientSecret: 'seti_123_secret_abc' });
  });

  it('confirms a trial (setup intent) and returns to /signup?payment=success', async () => {
    confirmSetup.mockResolvedValue({});
    mockFetch({
      'GET /api/auth/user': { body: aUser() },
      'GET /api/billing/config': { body: { stripePublishableKey: 'pk_test_123' } },
      'POST /api/create-signup-subscription': { body: { clientSecret: 'seti_123_secret_abc' } },
      'POST /api/verify-payment-status': { body: { paymentCompleted: false } },
    });
    renderWithApp(<SignupPage />, { route: '/signup' });
    await userEvent.click(await screen.findByRole('button', { name: /Start Free Trial/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signup?payment=success'));
    expect(confirmSetup).toHaveBeenCalledWith(
      expect.objectContaining({ confirmParams: { return_url: `${window.location.origin}/signup?payment=success` } }),
    );
    expect(confirmPayment).not.toHaveBeenCalled();
  });

  it('shows "Payment Failed" with the provider message', async () => {
    api('pi_123_secret_abc');
    confirmPayment.mockResolvedValue({ error: { message: 'Your card has insufficient funds.' } });
    renderWithApp(<SignupPage />, { route: '/signup' });
    await userEvent.click(await screen.findByRole('button', { name: /Start Free Trial/ }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card has insufficient funds.')).toBeInTheDocument();
  });

  it('shows "Payment Error" with "An unexpected error occurred" when the provider throws without a message', async () => {
    api('pi_123_secret_abc');
    confirmPayment.mockRejectedValue(new Error(''));
    renderWithApp(<SignupPage />, { route: '/signup' });
    await userEvent.click(await screen.findByRole('button', { name: /Start Free Trial/ }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
  });
});
