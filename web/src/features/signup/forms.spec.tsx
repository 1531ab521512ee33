// Every validation message and toast of the wizard's forms (spec 1 §5, §8).
import { CARD_NUMBER_INVALID_MESSAGE } from '@teamchat/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { AccountInfoStep } from './AccountInfoStep.js';
import { OfflineCardForm } from './PaymentStep.js';
import { ProfileStep } from './ProfileStep.js';
import { WorkspaceStep } from './WorkspaceStep.js';

describe(AccountInfoStep.name, () => {
  it('names every missing or bad field', async () => {
    mockFetch({});
    renderWithApp(<AccountInfoStep />, { route: '/signup' });
    await userEvent.type(screen.getByLabelText('Work email'), 'ada@');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Company size is required')).toBeInTheDocument();
  });

  it('offers the six company sizes', () => {
    mockFetch({});
    renderWithApp(<AccountInfoStep />, { route: '/signup' });
    const options = Array.from((screen.getByLabelText('Company size') as HTMLSelectElement).options)
      .filter((o) => !o.disabled)
      .map((o) => o.value);
    expect(options).toEqual(['2-5', '6-15', '16-50', '51-200', '201-500', '1000+']);
  });

  const fill = async () => {
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Work email'), 'Ada@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'analytical');
    await userEvent.selectOptions(screen.getByLabelText('Company size'), '6-15');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  };

  it('registers and says "Account Created"', async () => {
    const { calls } = mockFetch({ 'POST /api/register': { status: 201, body: aUser() } });
    renderWithApp(<AccountInfoStep />, { route: '/signup' });
    await fill();
    expect(await screen.findByText('Account Created')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/register')?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical',
      companySize: '6-15',
    });
  });

  it('shows "Registration Failed" with the server error', async () => {
    mockFetch({ 'POST /api/register': { status: 409, body: { error: 'Email already registered' } } });
    renderWithApp(<AccountInfoStep />, { route: '/signup' });
    await fill();
    expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
    expect(screen.getByText('Email already registered')).toBeInTheDocument();
  });

  it('falls back to "Failed to create account. Please try again."', async () => {
    mockFetch({ 'POST /api/register': { status: 500 } });
    renderWithApp(<AccountInfoStep />, { route: '/signup' });
    await fill();
    expect(await screen.findByText('Failed to create account. Please try again.')).toBeInTheDocument();
  });
});

describe(OfflineCardForm.name, () => {
  it('refuses a card number that is not one, and checks expiry and CVC', async () => {
    mockFetch({});
    renderWithApp(<OfflineCardForm clientSecret="s" />, { route: '/signup' });
    await userEvent.type(screen.getByLabelText('Card number'), '1234');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '13/20');
    await userEvent.type(screen.getByLabelText('CVC'), '1');
    await userEvent.click(screen.getByRole('button', { name: /Start Free Trial/ }));
    expect(await screen.findByText(CARD_NUMBER_INVALID_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Expiry must be a future MM/YY date')).toBeInTheDocument();
    expect(screen.getByText('CVC must be 3 or 4 digits')).toBeInTheDocument();
  });
});

describe(WorkspaceStep.name, () => {
  it('requires a name with "Workspace name is required"', async () => {
    mockFetch({});
    renderWithApp(<WorkspaceStep />, { route: '/signup' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Workspace name is required')).toBeInTheDocument();
  });

  it('refuses more than 100 characters with "Name too long"', async () => {
    mockFetch({});
    renderWithApp(<WorkspaceStep />, { route: '/signup' });
    fireEvent.change(screen.getByLabelText('Workspace name'), { target: { value: 'x'.repeat(101) } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Name too long')).toBeInTheDocument();
  });

  it('refuses a logo that is not png or jpeg', async () => {
    mockFetch({});
    renderWithApp(<WorkspaceStep />, { route: '/signup' });
    const gif = new File(['x'], 'logo.gif', { type: 'image/gif' });
    await userEvent.upload(screen.getByLabelText('Workspace logo (optional)'), gif, { applyAccept: false });
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
  });

  it('uploads the logo through /api/upload-url, then creates the workspace with its address', async () => {
    const { calls } = mockFetch({
      'POST /api/upload-url': { body: { uploadUrl: 'http://localhost/uploads/logo-1.png?sig=abc' } },
      'PUT http://localhost/uploads/logo-1.png': { status: 200 },
      'POST /api/workspaces': { status: 201, body: { id: WORKSPACE_ID, name: 'Acme', profileImageUrl: null } },
    });
    renderWithApp(<WorkspaceStep />, { route: '/signup' });
    await userEvent.type(screen.getByLabelText('Workspace name'), 'Acme');
    await userEvent.upload(
      screen.getByLabelText('Workspace logo (optional)'),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText('Workspace logo (optional) preview')).toHaveAttribute(
      'src',
      'http://localhost/uploads/logo-1.png',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Workspace Created')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/upload-url')?.body).toEqual({
      filename: 'logo.png',
      contentType: 'image/png',
      kind: 'logo',
    });
    expect(calls.find((c) => c.url === '/api/workspaces')?.body).toEqual({
      name: 'Acme',
      profileImageUrl: 'http://localhost/uploads/logo-1.png',
    });
  });

  it('says "Failed to get upload URL" and "Failed to upload file" when an upload breaks', async () => {
    mockFetch({ 'POST /api/upload-url': { status: 500 } });
    renderWithApp(<WorkspaceStep />, { route: '/signup' });
    await userEvent.upload(
      screen.getByLabelText('Workspace logo (optional)'),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to get upload URL')).toBeInTheDocument();

    mockFetch({
      'POST /api/upload-url': { body: { uploadUrl: 'http://localhost/uploads/logo-2.png?sig=abc' } },
      'PUT http://localhost/uploads/logo-2.png': { status: 403 },
    });
    await userEvent.upload(
      screen.getByLabelText('Workspace logo (optional)'),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Failed to upload file')).toBeInTheDocument();
  });

  it('says "Failed to create workspace" when the server refuses', async () => {
    mockFetch({ 'POST /api/workspaces': { status: 500 } });
    renderWithApp(<WorkspaceStep />, { route: '/signup' });
    await userEvent.type(screen.getByLabelText('Workspace name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Failed to create workspace')).toBeInTheDocument();
  });
});

describe(ProfileStep.name, () => {
  const user = aUser({ workspaceId: WORKSPACE_ID, paymentCompleted: true });

  it('refuses a handle over 50 characters with "Handle too long" and an about me over 500 with "About me too long"', async () => {
    mockFetch({});
    renderWithApp(<ProfileStep user={user} />, { route: '/signup' });
    fireEvent.change(screen.getByLabelText('Handle (optional)'), { target: { value: 'h'.repeat(51) } });
    fireEvent.change(screen.getByLabelText('About me (optional)'), { target: { value: 'a'.repeat(501) } });
    await userEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByText('Handle too long')).toBeInTheDocument();
    expect(screen.getByText('About me too long')).toBeInTheDocument();
  });

  it('refuses a handle with other characters', async () => {
    mockFetch({});
    renderWithApp(<ProfileStep user={user} />, { route: '/signup' });
    await userEvent.type(screen.getByLabelText('Handle (optional)'), 'ada lovelace!');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(
      await screen.findByText('Handle can only contain letters, numbers, underscores, and hyphens.'),
    ).toBeInTheDocument();
  });

  it('saves the profile with onboarding done and says "Profile Complete"', async () => {
    const { calls } = mockFetch({ [`PATCH /api/users/${user.id}`]: { body: {} } });
    renderWithApp(<ProfileStep user={user} />, { route: '/signup' });
    await userEvent.type(screen.getByLabelText('Handle (optional)'), 'ada_l');
    await userEvent.type(screen.getByLabelText('About me (optional)'), 'Poet of numbers');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByText('Profile Complete')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      handle: 'ada_l',
      aboutMe: 'Poet of numbers',
      onboardingCompleted: true,
    });
  });

  it('can be skipped, which still finishes onboarding', async () => {
    const { calls } = mockFetch({ [`PATCH /api/users/${user.id}`]: { body: {} } });
    renderWithApp(<ProfileStep user={user} />, { route: '/signup' });
    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ onboardingCompleted: true });
  });

  it('says "Failed to update profile" when the server refuses', async () => {
    mockFetch({ [`PATCH /api/users/${user.id}`]: { status: 500 } });
    renderWithApp(<ProfileStep user={user} />, { route: '/signup' });
    await userEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('says "User not authenticated" without a user', async () => {
    mockFetch({});
    renderWithApp(<ProfileStep user={null} />, { route: '/signup' });
    await userEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByText('User not authenticated')).toBeInTheDocument();
  });
});
