// Settings against scripted API answers: tab visibility by role, billing prices, seat rules, invites, users, stars.
import { jest } from '@jest/globals';
import { OUT_OF_SEATS_MESSAGE, type CurrentUser } from '@teamchat/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, directoryAnswer, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { NO_PERMISSION, SettingsDialog, type SettingsTab } from './SettingsDialog.js';

const admin = aUser({ isAdmin: true, workspaceId: WORKSPACE_ID, stripeSubscriptionId: 'sub_1' });
const member = aUser({ isAdmin: false, workspaceId: WORKSPACE_ID });
const grace = { ...aUser({ id: '55555555-5555-4555-8555-555555555555', username: 'grace', stars: 2 }), isAdmin: false };
const invite = {
  id: '77777777-7777-4777-8777-777777777777',
  token: 'tok3nABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  createdAt: '2025-03-01T10:00:00.000Z',
};

const open = (user: CurrentUser, initialTab: SettingsTab = 'appearance') =>
  renderWithApp(<SettingsDialog open onOpenChange={() => undefined} user={user} initialTab={initialTab} />);

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe(SettingsDialog.name, () => {
  afterEach(() => {
    jest.useRealTimers();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('shows 5 tabs to admins and 3 to everyone else', () => {
    mockFetch({});
    open(admin);
    expect(tabNames()).toEqual(['Appearance', 'Profile', 'Reactions', 'Billing', 'Admin']);
  });

  it('shows a member only Appearance, Profile and Reactions, and the permission texts for the rest', () => {
    mockFetch({});
    const { unmount } = open(member, 'billing');
    expect(tabNames()).toEqual(['Appearance', 'Profile', 'Reactions']);
    expect(screen.getByText(NO_PERMISSION.billing)).toBeInTheDocument();
    unmount();
    open(member, 'admin');
    expect(screen.getByText("You don't have permission to access admin settings.")).toBeInTheDocument();
  });

  describe('Billing', () => {
    it('shows seats, amount and the trial badge, and prices added seats by the spec rule', async () => {
      mockFetch({
        'GET /api/subscription-details': {
          body: { seats: 10, amount: 50, onTrial: true, trialEnd: '2025-03-04T12:00:00.000Z' },
        },
      });
      open(admin, 'billing');
      await waitFor(() => expect(screen.getByTestId('billing-seats')).toHaveTextContent('10'));
      expect(screen.getByTestId('billing-amount')).toHaveTextContent('$50');
      expect(screen.getByText('FREE TRIAL')).toBeInTheDocument();
      expect(screen.getByText(/^Ends /)).toBeInTheDocument();
      const input = screen.getByRole('spinbutton', { name: 'Seats to add' });
      fireEvent.change(input, { target: { value: '39' } });
      expect(screen.getByTestId('billing-new-price')).toHaveTextContent(
        'New total: 49 seats at $245/month ($5 per seat)',
      );
      fireEvent.change(input, { target: { value: '40' } });
      expect(screen.getByTestId('billing-new-price')).toHaveTextContent('New total: 50 seats at $250/month flat rate');
      fireEvent.change(input, { target: { value: '51' } });
      expect(screen.getByRole('button', { name: /Add Seats/ })).toBeDisabled();
      fireEvent.change(input, { target: { value: '0' } });
      expect(screen.getByRole('button', { name: /Add Seats/ })).toBeDisabled();
    });

    it('shows 1 seat and $5 until the details arrive', () => {
      mockFetch({ 'GET /api/subscription-details': () => new Promise(() => undefined) });
      open(admin, 'billing');
      expect(screen.getByTestId('billing-seats')).toHaveTextContent('1');
      expect(screen.getByTestId('billing-amount')).toHaveTextContent('$5');
    });

    it('buys seats and says "Seats Added Successfully", or "Failed to Add Seats" with the server message', async () => {
      const { calls } = mockFetch({
        'GET /api/subscription-details': { body: { seats: 5, amount: 25, onTrial: false, trialEnd: null } },
        'POST /api/purchase-seats': { body: { message: 'Added 3 seats' } },
      });
      open(admin, 'billing');
      await screen.findByText('$25');
      fireEvent.change(screen.getByRole('spinbutton', { name: 'Seats to add' }), { target: { value: '3' } });
      fireEvent.click(screen.getByRole('button', { name: /Add Seats/ }));
      expect(await screen.findByText('Seats Added Successfully')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ additionalSeats: 3 });

      mockFetch({
        'GET /api/subscription-details': { body: { seats: 5, amount: 25, onTrial: false, trialEnd: null } },
        'POST /api/purchase-seats': {
          status: 400,
          body: { error: 'Seats to add must be a whole number from 1 to 50' },
        },
      });
      fireEvent.click(screen.getByRole('button', { name: /Add Seats/ }));
      expect(await screen.findByText('Failed to Add Seats')).toBeInTheDocument();
      expect(screen.getByText('Seats to add must be a whole number from 1 to 50')).toBeInTheDocument();
    });
  });

  describe('Admin', () => {
    const adminApi = (seats: number, extra: Record<string, unknown> = {}) =>
      mockFetch({
        'GET /api/subscription-details': { body: { seats, amount: seats * 5, onTrial: false, trialEnd: null } },
        'GET /api/users': directoryAnswer([{ ...admin }, grace]),
        'GET /api/invites': { body: [invite] },
        ...(extra as Record<string, never>),
      });

    it('lists pending invites by their first 12 characters with a PENDING badge', async () => {
      adminApi(5);
      open(admin, 'admin');
      const row = await screen.findByTestId('pending-invite');
      expect(within(row).getByTitle('Invite token')).toHaveTextContent('tok3nABCDEFG…');
      expect(within(row).getByText('PENDING')).toBeInTheDocument();
      expect(await screen.findByTestId('available-seats')).toHaveTextContent('2 of 5 seats available');
    });

    it('disables invite generation and explains when seats minus users minus pending invites is 0', async () => {
      adminApi(3);
      open(admin, 'admin');
      expect(await screen.findByText(OUT_OF_SEATS_MESSAGE)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Generate Invite Link/ })).toBeDisabled();
    });

    it('generates a link, copies it, and shows the check mark for 2 seconds', async () => {
      const writeText = jest.fn(async (_text: string) => undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      const { calls } = adminApi(5, { 'POST /api/invites': { body: { ...invite, token: 'freshtoken123456789' } } });
      open(admin, 'admin');
      const button = await screen.findByRole('button', { name: /Generate Invite Link/ });
      await waitFor(() => expect(button).toBeEnabled());
      jest.useFakeTimers();
      await act(async () => {
        fireEvent.click(button);
      });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/invites', body: {} });
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite/freshtoken123456789`);
      expect(screen.getByText('Invite link generated')).toBeInTheDocument();
      expect(within(button).getByLabelText('Copied')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1990);
      });
      expect(within(button).queryByLabelText('Copied')).not.toBeInTheDocument();
    });

    it('shows the link in full, with a way to copy it by hand, when the clipboard refuses', async () => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      adminApi(5, { 'POST /api/invites': { body: invite } });
      open(admin, 'admin');
      const button = await screen.findByRole('button', { name: /Generate Invite Link/ });
      await waitFor(() => expect(button).toBeEnabled());
      fireEvent.click(button);
      expect(await screen.findByText('Copy the link shown below.')).toBeInTheDocument();
      // the whole link, selectable, with a visible word on copying it by hand
      expect(screen.getByLabelText('Invite link')).toHaveValue(`${window.location.origin}/invite/${invite.token}`);
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/select the link and copy it/);
    });

    it('says "No available seats" when the server refuses for seats', async () => {
      adminApi(5, {
        'POST /api/invites': { status: 409, body: { error: OUT_OF_SEATS_MESSAGE, code: 'BILLING.NO_SEATS' } },
      });
      open(admin, 'admin');
      const button = await screen.findByRole('button', { name: /Generate Invite Link/ });
      await waitFor(() => expect(button).toBeEnabled());
      fireEvent.click(button);
      expect(await screen.findByText('No available seats')).toBeInTheDocument();
    });

    it('never lets an admin change their own admin switch or remove themselves', async () => {
      adminApi(5);
      open(admin, 'admin');
      const rows = await screen.findAllByTestId('admin-user-row');
      const mine = rows.find((r) => within(r).queryByText('(you)'))!;
      const theirs = rows.find((r) => r !== mine)!;
      expect(within(mine).getByRole('switch')).toBeDisabled();
      expect(within(mine).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
      expect(within(theirs).getByRole('switch')).toBeEnabled();
      expect(within(theirs).getByRole('button', { name: 'Remove grace' })).toBeInTheDocument();
    });

    it('searches the members on the server and counts seats over every member, not the page', async () => {
      const { calls } = adminApi(5);
      open(admin, 'admin');
      expect(await screen.findAllByTestId('admin-user-row')).toHaveLength(2);
      expect(await screen.findByTestId('available-seats')).toHaveTextContent('2 of 5 seats available');
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search members' }), { target: { value: 'gra' } });
      await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(1));
      expect(within(screen.getByTestId('admin-user-row')).getByText('grace')).toBeInTheDocument();
      expect(calls.some((c) => c.url.startsWith('/api/users?') && c.url.includes('q=gra'))).toBe(true);
      expect(screen.getByTestId('available-seats')).toHaveTextContent('2 of 5 seats available');
    });

    it('removes a user only after confirmation', async () => {
      const { calls } = adminApi(5, { [`DELETE /api/workspaces/${WORKSPACE_ID}/users/${grace.id}`]: { status: 204 } });
      open(admin, 'admin');
      fireEvent.click(await screen.findByRole('button', { name: 'Remove grace' }));
      const confirm = screen.getByRole('alertdialog');
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
      fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('User removed')).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    });

    it('validates star awards with the spec messages and awards them', async () => {
      const { calls } = adminApi(5, { [`POST /api/users/${grace.id}/stars`]: { body: { ...grace, stars: 5 } } });
      open(admin, 'admin');
      const award = await screen.findByRole('button', { name: /Award Stars/ });
      await screen.findByRole('option', { name: 'grace' });
      fireEvent.click(award);
      expect(screen.getByText('Please select a user to award stars to.')).toBeInTheDocument();
      fireEvent.change(screen.getByRole('combobox', { name: 'User to award' }), { target: { value: grace.id } });
      fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of stars' }), { target: { value: '0' } });
      fireEvent.click(award);
      expect(screen.getByText('Please enter a positive number of stars.')).toBeInTheDocument();
      fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of stars' }), { target: { value: '3' } });
      fireEvent.click(award);
      expect(await screen.findByText('Stars awarded')).toBeInTheDocument();
      expect(calls.find((c) => c.url.endsWith('/stars'))?.body).toEqual({ stars: 3 });
    });
  });

  describe('Profile', () => {
    it('keeps the username read-only and counts about-me characters to 500', () => {
      mockFetch({});
      open(member, 'profile');
      expect(screen.getByDisplayValue('ada')).toHaveAttribute('readonly');
      fireEvent.change(screen.getByLabelText('About me'), { target: { value: 'hello' } });
      expect(screen.getByText('5/500')).toBeInTheDocument();
    });

    it('refuses a bad handle with the spec message and reverts to the stored handle when the server refuses', async () => {
      mockFetch({
        [`PATCH /api/users/${member.id}/handle`]: { status: 409, body: { error: 'Handle is already taken' } },
      });
      open({ ...member, handle: 'ada_l' }, 'profile');
      const handle = screen.getByLabelText('Handle');
      fireEvent.change(handle, { target: { value: 'no spaces' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
      expect(
        screen.getByText('Handle can only contain letters, numbers, underscores, and hyphens.'),
      ).toBeInTheDocument();
      fireEvent.change(handle, { target: { value: 'taken' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
      expect(await screen.findByText('Handle is already taken')).toBeInTheDocument();
      expect(handle).toHaveValue('ada_l');
    });

    it('splits the tab into Profile, Notifications and Password forms, each with one button of its own', async () => {
      mockFetch({
        'GET /api/notification-preferences': {
          body: { level: 'mentions', keywords: ['deploy'], sound: false, channels: [] },
        },
      });
      open(member, 'profile');
      const forms = screen.getAllByRole('form');
      expect(forms.map((f) => within(f).getByRole('heading').textContent)).toEqual([
        'Profile',
        'Notifications',
        'Password',
      ]);
      expect(forms.map((f) => within(f).getAllByRole('button', { name: /^(Save|Change Password)/ }).length)).toEqual([
        1, 1, 1,
      ]);
      const [profile, notifications, password] = forms;
      expect(within(profile!).getByRole('button', { name: 'Save Profile' })).toHaveAttribute('type', 'submit');
      expect(within(notifications!).getByRole('button', { name: 'Save Notifications' })).toHaveAttribute(
        'type',
        'submit',
      );
      expect(within(password!).getByRole('button', { name: 'Change Password' })).toHaveAttribute('type', 'submit');
      // no other save button anywhere on the tab
      expect(screen.getAllByRole('button', { name: /save/i })).toHaveLength(2);
      await screen.findByDisplayValue('deploy');
    });

    it('saves a new handle and about me with the one Save Profile, and says "Profile updated"', async () => {
      const { calls } = mockFetch({
        [`PATCH /api/users/${member.id}/handle`]: { body: { ...member, handle: 'ada_l' } },
        [`PATCH /api/users/${member.id}`]: { body: { ...member, aboutMe: 'Poet of numbers' } },
      });
      open(member, 'profile');
      fireEvent.change(screen.getByLabelText('Handle'), { target: { value: 'ada_l' } });
      fireEvent.change(screen.getByLabelText('About me'), { target: { value: 'Poet of numbers' } });
      fireEvent.submit(screen.getByLabelText('Handle'));
      expect(await screen.findByText('Profile updated')).toBeInTheDocument();
      const patches = calls.filter((c) => c.method === 'PATCH');
      expect(patches.map((c) => [c.url, c.body])).toEqual([
        [`/api/users/${member.id}/handle`, { handle: 'ada_l' }],
        [`/api/users/${member.id}`, { aboutMe: 'Poet of numbers' }],
      ]);
      expect(screen.queryByText('Handle updated')).not.toBeInTheDocument();
    });

    it('says "Handle updated" when only the handle changed, without touching about me', async () => {
      const { calls } = mockFetch({
        [`PATCH /api/users/${member.id}/handle`]: { body: { ...member, handle: 'countess' } },
      });
      open(member, 'profile');
      fireEvent.change(screen.getByLabelText('Handle'), { target: { value: 'countess' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
      expect(await screen.findByText('Handle updated')).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.url)).toEqual([`/api/users/${member.id}/handle`]);
    });

    it('refuses a profile image of 3MB or more', () => {
      const { calls } = mockFetch({});
      open(member, 'profile');
      const file = new File(['x'], 'me.png', { type: 'image/png' });
      Object.defineProperty(file, 'size', { value: 3 * 1024 * 1024 });
      fireEvent.change(screen.getByLabelText('Profile image'), { target: { files: [file] } });
      expect(screen.getByText('Please upload an image smaller than 3MB.')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('Profile image'), {
        target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
      });
      expect(screen.getByText('Please upload an image file.')).toBeInTheDocument();
      // nothing was uploaded (the Notifications section of the same tab reads its preferences)
      expect(calls.filter((c) => c.url !== '/api/notification-preferences')).toHaveLength(0);
    });
  });
});
