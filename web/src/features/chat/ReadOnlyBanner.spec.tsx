// A read-only workspace on the channel screen: the banner (admins get a button to the Billing tab, members a short
// notice), the composer disabled with the reason, and a `workspace` socket frame unlocking it without a reload.
import { jest } from '@jest/globals';
import { WORKSPACE_READ_ONLY_MESSAGE, type WorkspaceListItem } from '@teamchat/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useMatch } from 'react-router-dom';
import { emit, fakeRealtime, listeners } from '../../../test/fake-realtime.js';
import { aChannel, aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';

jest.unstable_mockModule('./realtime.js', () => ({ realtime: fakeRealtime, RealtimeConnection: class {} }));
const { ChannelScreen } = await import('./ChannelScreen.js');
const { useLiveUpdates } = await import('./use-live-updates.js');
const { COMPOSER_PLACEHOLDER } = await import('./Composer.js');
const { OPEN_BILLING_LABEL, READ_ONLY_ADMIN_HINT, READ_ONLY_MEMBER_HINT } = await import('./ReadOnlyBanner.js');
const { resetLiveState } = await import('./live-store.js');

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const general = aChannel({ id: GENERAL });
const PAST = '2025-03-01T00:00:00.000Z';
const workspace = (role: 'admin' | 'member', access: Pick<WorkspaceListItem, 'readOnly' | 'writableUntil'>) => ({
  id: WORKSPACE_ID,
  name: 'Acme',
  profileImageUrl: null,
  role,
  ...access,
});

const render = (isAdmin: boolean, access: { readOnly: boolean; writableUntil: string | null }) => {
  const me = aUser({ workspaceId: WORKSPACE_ID, isAdmin });
  let current = access;
  const Shell = () => {
    const id = useMatch('/channel/:id')?.params.id;
    useLiveUpdates(me, id);
    return (
      <Routes>
        <Route path="/channel/:id" element={<ChannelScreen />} />
      </Routes>
    );
  };
  mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/channels': { body: [general] },
    'GET /api/dm': { body: [] },
    'GET /api/users': { body: [{ ...me }] },
    'GET /api/unread': { body: [] },
    [`GET /api/channels/${GENERAL}/messages`]: { body: [] },
    'GET /api/workspaces': () => ({ body: [workspace(isAdmin ? 'admin' : 'member', current)] }),
    'GET /api/subscription-details': { body: { seats: 5, amount: 25, onTrial: false, trialEnd: null } },
    'GET /api/billing/config': { body: { stripePublishableKey: null } },
  });
  renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
  return { unlock: (next: typeof access) => (current = next) };
};

describe('read-only workspace on the channel screen', () => {
  beforeEach(() => {
    listeners.clear();
    resetLiveState();
    localStorage.clear();
  });

  it('tells a member the workspace is read-only and disables the composer with that reason', async () => {
    render(false, { readOnly: true, writableUntil: PAST });
    const banner = await screen.findByTestId('read-only-banner');
    expect(banner).toHaveTextContent(WORKSPACE_READ_ONLY_MESSAGE);
    expect(banner).toHaveTextContent(READ_ONLY_MEMBER_HINT);
    expect(screen.queryByRole('button', { name: OPEN_BILLING_LABEL })).not.toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', WORKSPACE_READ_ONLY_MESSAGE);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('gives an admin a button to the Billing tab, which offers to add a card', async () => {
    render(true, { readOnly: true, writableUntil: PAST });
    const banner = await screen.findByTestId('read-only-banner');
    expect(banner).toHaveTextContent(READ_ONLY_ADMIN_HINT);
    await userEvent.setup().click(screen.getByRole('button', { name: OPEN_BILLING_LABEL }));
    expect(await screen.findByRole('tab', { name: 'Billing', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add payment method' })).toBeInTheDocument();
  });

  it('shows no banner while the trial runs, and locks the composer once its end passes', async () => {
    jest.useFakeTimers({ now: Date.parse('2025-03-01T10:00:00.000Z'), doNotFake: ['queueMicrotask'] });
    try {
      render(false, { readOnly: false, writableUntil: '2025-03-01T10:00:05.000Z' });
      const input = await screen.findByRole('textbox', { name: 'Message' });
      expect(input).toBeEnabled();
      expect(screen.queryByTestId('read-only-banner')).not.toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(6000);
      });
      expect(screen.getByTestId('read-only-banner')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('unlocks without a reload when the server says the workspace is paid', async () => {
    const api = render(false, { readOnly: true, writableUntil: PAST });
    await screen.findByTestId('read-only-banner');
    api.unlock({ readOnly: false, writableUntil: null });
    act(() => emit({ type: 'workspace', workspaceId: WORKSPACE_ID, readOnly: false, writableUntil: null }));
    await waitFor(() => expect(screen.queryByTestId('read-only-banner')).not.toBeInTheDocument());
    expect(screen.getByPlaceholderText(COMPOSER_PLACEHOLDER)).toBeEnabled();
  });
});
