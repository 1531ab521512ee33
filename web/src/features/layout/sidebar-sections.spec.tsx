// The user's own sidebar: sections only they see, moving a channel to another section from its context menu, and the
// live frames that keep it (their other screens' changes; a channel's change elsewhere leaves it where they put it).
import { jest } from '@jest/globals';
import type { Channel, Section } from '@teamchat/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { emit, fakeRealtime, listeners } from '../../../test/fake-realtime.js';
import { aChannel, aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';

jest.unstable_mockModule('../chat/realtime.js', () => ({ realtime: fakeRealtime, RealtimeConnection: class {} }));
const { MainLayout } = await import('./MainLayout.js');
const { resetLiveState } = await import('../chat/live-store.js');

const me = aUser({ workspaceId: WORKSPACE_ID, paymentCompleted: true, onboardingCompleted: true });
const ts = '2025-03-01T10:00:00.000Z';
const S1 = 'a0000000-0000-4000-8000-000000000001';
const MINE = 'a0000000-0000-4000-8000-000000000002';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const RANDOM = 'c0000000-0000-4000-8000-000000000002';

const section = (id: string, name: string, personal: boolean, order = 0): Section => ({
  id,
  workspaceId: WORKSPACE_ID,
  name,
  order,
  createdAt: ts,
  personal,
});
const channel = (id: string, name: string, sectionId: string, order: number): Channel =>
  aChannel({ id, name, sectionId, order, createdAt: ts, participantIds: [me.id] });
const general = channel(GENERAL, 'general', S1, 0);
const random = channel(RANDOM, 'random', S1, 1);

const api = (overrides: Record<string, unknown> = {}) =>
  mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/workspaces': { body: [{ id: WORKSPACE_ID, name: 'Acme', profileImageUrl: null, role: 'member' }] },
    'GET /api/channel-sections': { body: [section(S1, 'Channels', false), section(MINE, 'Focus', true, 1)] },
    'GET /api/channels': { body: [general, random] },
    'GET /api/dm': { body: [] },
    'GET /api/users': { body: [me] },
    'GET /api/unread': { body: [] },
    ...(overrides as Record<string, never>),
  });

const renderShell = () =>
  renderWithApp(
    <Routes>
      <Route element={<MainLayout />}>
        <Route path="/channel/:id" element={<p>channel screen</p>} />
      </Route>
    </Routes>,
    { route: `/channel/${GENERAL}` },
  );

const names = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('link')
    .map((a) => a.textContent);

describe('own sidebar sections (web)', () => {
  beforeEach(() => {
    listeners.clear();
    resetLiveState();
    localStorage.clear();
  });

  it('marks a section only the user sees with a person icon; a workspace section has none', async () => {
    api();
    renderShell();
    const mine = await screen.findByRole('button', { name: /Focus/ });
    expect(within(mine).getByLabelText('Only you see this section')).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /^Channels/ })).queryByLabelText(/Only you/)).toBeNull();
  });

  it('creates a section "Only for me" with personal: true, and one for everyone as spec 1 sends it', async () => {
    const { calls } = api({ 'POST /api/channel-sections': { status: 201, body: section(MINE, 'Focus', true) } });
    renderShell();
    const create = async (name: string, onlyMe: boolean) => {
      await userEvent.click(await screen.findByRole('button', { name: 'Section' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Section' });
      expect(within(dialog).getByRole('radio', { name: /Everyone/ })).toBeChecked();
      await userEvent.type(within(dialog).getByLabelText('Name'), name);
      if (onlyMe) await userEvent.click(within(dialog).getByRole('radio', { name: /Only for me/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Section' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Section' })).toBeNull());
    };
    await create('Focus', true);
    await create('Ops', false);
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/channel-sections').map((c) => c.body)).toEqual([
      { name: 'Focus', order: 0, personal: true },
      { name: 'Ops', order: 0 },
    ]);
  });

  it('renames its own section from the right-click menu; a workspace section offers no rename', async () => {
    const { calls } = api({ [`PATCH /api/channel-sections/${MINE}`]: { body: section(MINE, 'Deep work', true) } });
    renderShell();
    fireEvent.contextMenu(await screen.findByRole('button', { name: /^Channels/ }));
    expect(await screen.findByRole('menuitem', { name: 'Delete Section' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Rename Section' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    fireEvent.contextMenu(await screen.findByRole('button', { name: /Focus/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename Section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Section' });
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Deep work');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename Section' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        name: 'Deep work',
      }),
    );
  });

  it("moves a channel into another section from the channel's right-click menu, at once", async () => {
    let moved = false;
    const { calls } = api({
      'GET /api/channels': () => ({
        body: moved ? [general, { ...random, sectionId: MINE, order: 0 }] : [general, random],
      }),
      'POST /api/channels/reorder': () => {
        moved = true;
        return { body: [{ ...random, sectionId: MINE, order: 0 }] };
      },
    });
    renderShell();
    const channels = await screen.findByRole('list', { name: 'Channels channels' });
    await within(channels).findByText('random');
    fireEvent.contextMenu(within(channels).getByText('random').closest('li')!);
    const menu = await screen.findByRole('menu', { name: 'random actions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Focus']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Focus/ }));
    expect(names(await screen.findByRole('list', { name: 'Focus channels' }))).toEqual(['random']);
    expect(names(screen.getByRole('list', { name: 'Channels channels' }))).toEqual(['general']);
    expect(calls.find((c) => c.url === '/api/channels/reorder')?.body).toEqual({
      channelId: RANDOM,
      newOrder: 0,
      sectionId: MINE,
    });
  });

  it("refetches the sidebar when the user's other screen changed it, and keeps a channel where they put it when it changes", async () => {
    let placed = false;
    api({
      'GET /api/channels': () => ({
        body: placed ? [general, { ...random, sectionId: MINE, order: 0 }] : [general, random],
      }),
    });
    renderShell();
    await screen.findByText('random');
    placed = true;
    act(() => emit({ type: 'sidebar_changed', workspaceId: WORKSPACE_ID }));
    const mine = await screen.findByRole('list', { name: 'Focus channels' });
    await waitFor(() => expect(names(mine)).toEqual(['random']));
    // renamed elsewhere: the frame carries the workspace's section, the sidebar keeps the user's
    act(() => emit({ type: 'channel_updated', channel: { ...random, name: 'watercooler' } }));
    await waitFor(() => expect(names(screen.getByRole('list', { name: 'Focus channels' }))).toEqual(['watercooler']));
  });
});
