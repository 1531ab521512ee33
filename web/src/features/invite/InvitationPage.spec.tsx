import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { mockFetch, renderWithApp } from '../../../test/render.js';
import { InvitationPage } from './InvitationPage.js';

const invite = (email: string | null) => ({
  body: { invite: { workspace: { name: 'Acme' }, email, invitedBy: 'Grace Hopper' } },
});
const renderAt = (route: string) =>
  renderWithApp(
    <Routes>
      <Route path="/invite/:token" element={<InvitationPage />} />
      <Route path="/invite" element={<InvitationPage />} />
      <Route path="*" element={<p>home</p>} />
    </Routes>,
    { route },
  );
const location = () => screen.getByTestId('location').textContent;

describe(InvitationPage.name, () => {
  it('shows the workspace and who invited, with Accept Invitation and Decline', async () => {
    mockFetch({ 'GET /api/invites/validate/tok1': invite(null) });
    renderAt('/invite/tok1');
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Invitation' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(location()).toBe('/');
  });

  it('prefills the email from the invite, refuses bad fields, then creates the account and goes to /', async () => {
    const { calls } = mockFetch({
      'GET /api/invites/validate/tok1': invite('grace@acme.test'),
      'POST /api/invites/tok1/accept': { status: 201, body: {} },
      'GET /api/auth/user': { status: 401 },
    });
    renderAt('/invite/tok1');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(screen.getByLabelText('Email')).toHaveValue('grace@acme.test');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account & Join' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'grace@acme.test');
    await userEvent.type(screen.getByLabelText('First name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'cobol1959');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account & Join' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls.find((c) => c.url === '/api/invites/tok1/accept')?.body).toEqual({
      email: 'grace@acme.test',
      firstName: 'Grace',
      lastName: 'Hopper',
      password: 'cobol1959',
    });
  });

  it('says "Failed to create account" when joining fails', async () => {
    mockFetch({
      'GET /api/invites/validate/tok1': invite('grace@acme.test'),
      'POST /api/invites/tok1/accept': { status: 409, body: { error: 'Email already registered' } },
    });
    renderAt('/invite/tok1');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    await userEvent.type(screen.getByLabelText('First name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
    await userEvent.type(screen.getByLabelText('Password'), 'cobol1959');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account & Join' }));
    expect(await screen.findByText('Failed to create account')).toBeInTheDocument();
    expect(screen.getByText('Email already registered')).toBeInTheDocument();
  });

  it('says "Invalid Invitation" / "This invitation link is not valid" and goes to / for an unknown token', async () => {
    mockFetch({ 'GET /api/invites/validate/nope': { status: 404, body: { error: 'Invite not found' } } });
    renderAt('/invite/nope');
    expect(await screen.findByText('Invalid Invitation')).toBeInTheDocument();
    expect(screen.getByText('This invitation link is not valid')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('says "Invalid Link" / "No invitation token found" and goes to / without a token', async () => {
    mockFetch({});
    renderAt('/invite');
    expect(await screen.findByText('Invalid Link')).toBeInTheDocument();
    expect(screen.getByText('No invitation token found')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
  });
});
