import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_RESET_SENT_MESSAGE, RESET_TOKEN_INVALID_MESSAGE, WRONG_PASSWORD_MESSAGE } from '@teamchat/contracts';
import { mockFetch, renderWithApp } from '../../../test/render.js';
import { ChangePasswordForm } from '../settings/ChangePasswordForm.js';
import { ForgotPasswordPage } from './ForgotPasswordPage.js';
import { LoginPage } from './LoginPage.js';
import { ResetPasswordPage } from './ResetPasswordPage.js';

describe('forgotten password', () => {
  it('is offered from the login page', async () => {
    mockFetch({});
    renderWithApp(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password'));
  });

  it('checks the email, sends it, and says what happens next whatever the account', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/password-reset': { status: 202, body: { message: PASSWORD_RESET_SENT_MESSAGE } },
    });
    renderWithApp(<ForgotPasswordPage />, { route: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/password-reset')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(PASSWORD_RESET_SENT_MESSAGE);
    expect(screen.getByRole('status')).toHaveTextContent('ada@example.com');
    expect(calls.find((c) => c.url === '/api/auth/password-reset')?.body).toEqual({ email: 'ada@example.com' });
  });
});

describe('choosing a new password from the emailed link', () => {
  it('needs the two entries to match and 8 characters, then sets it and sends the person to log in', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/password-reset/confirm': { status: 204 } });
    renderWithApp(<ResetPasswordPage />, { route: '/reset-password?token=abc123' });
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-secret');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/password-reset/confirm')?.body).toEqual({
      token: 'abc123',
      newPassword: 'a-new-secret',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  });

  it('shows the server’s words for a used or expired link, with a way to ask again', async () => {
    mockFetch({
      'POST /api/auth/password-reset/confirm': {
        status: 400,
        body: { error: RESET_TOKEN_INVALID_MESSAGE, code: 'IDENTITY.RESET_TOKEN_INVALID' },
      },
    });
    renderWithApp(<ResetPasswordPage />, { route: '/reset-password?token=used' });
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-secret');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(RESET_TOKEN_INVALID_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute('href', '/forgot-password');
  });

  it('explains a link without its token instead of showing a form', () => {
    mockFetch({});
    renderWithApp(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe(ChangePasswordForm.name, () => {
  const fill = async (current: string, next: string, confirm = next) => {
    await userEvent.type(screen.getByLabelText('Current password'), current);
    await userEvent.type(screen.getByLabelText('New password'), next);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  };

  it('puts a wrong current password under its field', async () => {
    mockFetch({
      'POST /api/auth/password': {
        status: 400,
        body: { error: WRONG_PASSWORD_MESSAGE, code: 'IDENTITY.WRONG_PASSWORD' },
      },
    });
    renderWithApp(<ChangePasswordForm />);
    await fill('not-it', 'a-new-secret');
    expect(await screen.findByText(WRONG_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes it, says other sessions ended, and empties the form', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/password': { status: 204 } });
    renderWithApp(<ChangePasswordForm />);
    await fill('old-secret-1', 'a-new-secret', 'a-new-secre');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Confirm new password'), 't');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('You were signed out everywhere else.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/password')?.body).toEqual({
      currentPassword: 'old-secret-1',
      newPassword: 'a-new-secret',
    });
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
  });
});
