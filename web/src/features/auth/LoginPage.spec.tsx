import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderWithApp } from '../../../test/render.js';
import { LoginPage } from './LoginPage.js';

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Log In' }));

describe(LoginPage.name, () => {
  it('refuses a bad email with "Invalid email address" and an empty password with "Password is required"', async () => {
    const { calls } = mockFetch({});
    renderWithApp(<LoginPage />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await submit();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.url === '/api/login')).toHaveLength(0);
  });

  it('logs in, says "Welcome Back" and goes to /', async () => {
    const { calls } = mockFetch({ 'POST /api/login': { body: aUser() }, 'GET /api/auth/user': { body: aUser() } });
    renderWithApp(<LoginPage />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await submit();
    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows "Login Failed" with the server error', async () => {
    mockFetch({
      'POST /api/login': {
        status: 401,
        body: { error: 'Invalid email or password', code: 'IDENTITY.INVALID_CREDENTIALS' },
      },
    });
    renderWithApp(<LoginPage />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await submit();
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
  });

  it('falls back to "Invalid email or password." when the server gives no error', async () => {
    mockFetch({ 'POST /api/login': { status: 500 } });
    renderWithApp(<LoginPage />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await submit();
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  });

  it('has a Back to Home button and a link to sign up', () => {
    mockFetch({});
    renderWithApp(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('button', { name: /Back to Home/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});
