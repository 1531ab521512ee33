// The shell's sidebar and dialogs against scripted API answers.
import { jest } from '@jest/globals';
import type { Channel, Section } from '@teamchat/contracts';
import { UNREAD_COUNT_CAP } from '@teamchat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { aChannel, aUser, directoryAnswer, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { setDisplayFullNames } from '../../lib/display-name.js';

jest.unstable_mockModule('../chat/use-live-updates.js', () => ({ useLiveUpdates: () => () => undefined }));
const { MainLayout, SIDEBAR_SIZES } = await import('./MainLayout.js');

const me = aUser({ workspaceId: WORKSPACE_ID, paymentCompleted: true, onboardingCompleted: true, isAdmin: true });
const grace = {
  ...aUser({ id: '55555555-5555-4555-8555-555555555555', username: 'grace', firstName: 'Grace', lastName: 'Hopper' }),
};
const ts = '2025-01-01T00:00:00.000Z';
const section = (id: string, name: string, order = 0, personal = false): Section => ({
  id,
  workspaceId: WORKSPACE_ID,
  name,
  order,
  createdAt: ts,
  personal,
});
const channel = (
  id: string,
  name: string,
  sectionId: string | null,
  order: number,
  extra: Partial<Channel> = {},
): Channel => aChannel({ id, name, sectionId, order, createdAt: ts, ...extra });

const S1 = 'a0000000-0000-4000-8000-000000000001';
const S2 = 'a0000000-0000-4000-8000-000000000002';
const C1 = 'c0000000-0000-4000-8000-000000000001';
const C2 = 'c0000000-0000-4000-8000-000000000002';
const D1 = 'd0000000-0000-4000-8000-000000000001';
const D2 = 'd0000000-0000-4000-8000-000000000002';

const api = (overrides: Record<string, unknown> = {}) =>
  mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/workspaces': {
      body: [
        { id: WORKSPACE_ID, name: 'Acme', profileImageUrl: null, role: 'admin' },
        { id: 'b0000000-0000-4000-8000-000000000009', name: 'Side Project', profileImageUrl: null, role: 'member' },
      ],
    },
    'GET /api/channel-sections': { body: [section(S1, 'Channels'), section(S2, 'Projects', 1)] },
    'GET /api/channels': { body: [channel(C1, 'general', S1, 0), channel(C2, 'random', S1, 1)] },
    'GET /api/dm': {
      body: [
        channel(D1, 'dm', null, 0, { type: 'direct', participantIds: [me.id, grace.id] }),
        channel(D2, 'dm', null, 0, { type: 'direct', participantIds: [me.id, 'f0000000-0000-4000-8000-00000000000f'] }),
      ],
    },
    'GET /api/users': directoryAnswer([me, grace]),
    'GET /api/unread': {
      body: [
        { channelId: C2, count: 3 },
        { channelId: D1, count: 1 },
      ],
    },
    ...(overrides as Record<string, never>),
  });

const renderShell = (route = `/channel/${C1}`) =>
  renderWithApp(
    <Routes>
      <Route element={<MainLayout />}>
        <Route path="/channel/:id" element={<p>channel screen</p>} />
        <Route path="/tasks" element={<p>tasks screen</p>} />
      </Route>
    </Routes>,
    { route },
  );

describe(MainLayout.name, () => {
  // these read people by username ("Display full names" off); the display names have a test of their own below
  beforeEach(() => {
    window.localStorage.clear();
    setDisplayFullNames(false);
  });
  afterAll(() => setDisplayFullNames(true));

  it('names DMs, group DMs and the people to message by their display names, the username beside them', async () => {
    const pat = aUser({ id: '66666666-6666-4666-8666-666666666666', username: 'pat', firstName: 'Pat', lastName: '' });
    const sam = aUser({ id: '77777777-7777-4777-8777-777777777777', username: 'sam', handle: 'samwise' });
    api({
      'GET /api/users': { body: [me, grace, pat, sam] },
      'GET /api/dm': {
        body: [
          channel(D1, 'dm', null, 0, { type: 'direct', participantIds: [me.id, grace.id] }),
          channel(D2, 'bob.brown', null, 0, { type: 'direct', participantIds: [me.id, sam.id, pat.id] }),
        ],
      },
    });
    setDisplayFullNames(true);
    renderShell();
    const dms = await screen.findByRole('list', { name: 'Private messages' });
    expect(await within(dms).findByRole('link', { name: /^Grace Hopper/ })).toHaveAttribute('href', `/channel/${D1}`);
    expect(within(dms).getByRole('link', { name: 'Pat, samwise' })).toHaveAttribute('href', `/channel/${D2}`);
    await userEvent.click(screen.getByRole('button', { name: 'Start direct message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Direct Message' });
    const grace_ = (await within(dialog).findByText('Grace Hopper')).closest('[cmdk-item]')!;
    expect(grace_).toHaveTextContent('@grace');
  });

  it('uses the spec sidebar sizes', () => {
    expect(SIDEBAR_SIZES).toEqual({ default: '20%', min: '15%', max: '30%', content: '80%' });
  });

  it('lists tasks, private messages with names and unread counts, sections with channels, and the status footer', async () => {
    api();
    renderShell();
    const dms = await screen.findByRole('list', { name: 'Private messages' });
    expect(await within(dms).findByText('grace')).toBeInTheDocument();
    expect(within(dms).getByText('Unknown')).toBeInTheDocument();
    expect(within(dms).getByLabelText('1 unread')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tasks' })).toHaveAttribute('href', '/tasks');
    const channels = screen.getByRole('list', { name: 'Channels channels' });
    expect(
      within(channels)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['general', 'random3']);
    expect(screen.getByRole('list', { name: 'Projects channels' })).toHaveTextContent('No channels yet');
    expect(screen.getByText('STATUS ACTIVE')).toBeInTheDocument();
    expect(screen.getByText('2 CHANNELS · 2 DMS')).toBeInTheDocument();
  });

  it('names the people of its DMs by id at start, never loading the whole roster', async () => {
    const { calls } = api();
    renderShell();
    const dms = await screen.findByRole('list', { name: 'Private messages' });
    expect(await within(dms).findByText('grace')).toBeInTheDocument();
    const asked = calls.filter((c) => c.url.split('?')[0] === '/api/users').map((c) => new URL(c.url, 'http://x'));
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) expect(url.searchParams.has('ids') || url.searchParams.has('limit')).toBe(true);
    expect(asked.flatMap((u) => u.searchParams.get('ids')?.split(',') ?? [])).toContain(grace.id);
  });

  it('shows workspaces with their role and a settings gear on the current one for admins', async () => {
    api();
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Workspaces' });
    expect(await within(nav).findByText('Side Project')).toBeInTheDocument();
    expect(within(nav).getByText('admin')).toBeInTheDocument();
    expect(within(nav).getByText('member')).toBeInTheDocument();
    expect(within(nav).getAllByRole('button', { name: 'Workspace settings' })).toHaveLength(1);
    await userEvent.click(within(nav).getByRole('button', { name: 'Collapse workspace switcher' }));
    expect(within(nav).queryByText('Side Project')).not.toBeInTheDocument();
  });

  it('hides the settings gear from non-admins', async () => {
    api({ 'GET /api/auth/user': { body: { ...me, isAdmin: false } } });
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Workspaces' });
    await within(nav).findByText('Side Project');
    expect(within(nav).queryByRole('button', { name: 'Workspace settings' })).not.toBeInTheDocument();
  });

  it('creates a section: refuses a blank name, sends order 0, says "Section created"', async () => {
    const { calls } = api({
      'POST /api/channel-sections': { status: 201, body: section('a0000000-0000-4000-8000-000000000003', 'Ops') },
    });
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Section' });
    await userEvent.type(within(dialog).getByLabelText('Name'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Section' }));
    expect(await within(dialog).findByText('Section name cannot be empty.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Section' }));
    expect(await screen.findByText('Section created')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/channel-sections')?.body).toEqual({
      name: 'Ops',
      order: 0,
    });
  });

  it('says "Failed to create section. Please try again." when the server refuses', async () => {
    api({ 'POST /api/channel-sections': { status: 500 } });
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Section' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Section' }));
    expect(await screen.findByText('Failed to create section. Please try again.')).toBeInTheDocument();
  });

  it('creates a channel in the first section by default, says "Channel created" and opens it', async () => {
    const created = channel('c0000000-0000-4000-8000-000000000003', 'design', S1, 0);
    const { calls } = api({ 'POST /api/channels': { status: 201, body: created } });
    renderShell();
    await screen.findByText('general');
    await userEvent.click(screen.getByRole('button', { name: 'Channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Channel' });
    expect(within(dialog).getByLabelText('Section')).toHaveValue(S1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Channel' }));
    expect(await within(dialog).findByText('Channel name cannot be empty.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'design');
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), 'Pixels');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Channel' }));
    expect(await screen.findByText('Channel created')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/channels')?.body).toEqual({
      name: 'design',
      description: 'Pixels',
      sectionId: S1,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${created.id}`));
  });

  it('says "Failed to create channel. Please try again." when the server refuses', async () => {
    api({ 'POST /api/channels': { status: 500 } });
    renderShell();
    await screen.findByText('general');
    await userEvent.click(screen.getByRole('button', { name: 'Channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Channel' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'design');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Channel' }));
    expect(await screen.findByText('Failed to create channel. Please try again.')).toBeInTheDocument();
  });

  it('starts a DM: searchable list, "No users found", Start DM once picked, "DM Created"', async () => {
    const { calls } = api({ 'POST /api/dm': { status: 201, body: channel(D1, 'dm', null, 0, { type: 'direct' }) } });
    renderShell(`/channel/${C1}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Start direct message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Direct Message' });
    expect(await within(dialog).findByText('grace')).toBeInTheDocument();
    expect(within(dialog).queryByText('ada')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Start DM' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByPlaceholderText('Search users...'), 'zzz');
    expect(await within(dialog).findByText('No users found')).toBeInTheDocument();
    // searched on the server, a page at a time: never the whole roster
    const asked = calls.filter((c) => c.url.startsWith('/api/users?')).map((c) => new URL(c.url, 'http://x'));
    expect(asked.at(-1)?.searchParams.get('q')).toBe('zzz');
    expect(asked.at(-1)?.searchParams.get('limit')).toBe('100');
    await userEvent.clear(within(dialog).getByPlaceholderText('Search users...'));
    await userEvent.click(await within(dialog).findByText('grace'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start DM' }));
    expect(await screen.findByText('DM Created')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/dm')?.body).toEqual({ userId2: grace.id });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${D1}`));
  });

  describe('group DMs', () => {
    const pat = aUser({ id: '66666666-6666-4666-8666-666666666666', username: 'pat', firstName: 'Pat' });
    const sam = aUser({ id: '77777777-7777-4777-8777-777777777777', username: 'sam', firstName: 'Sam' });
    const D3 = 'd0000000-0000-4000-8000-000000000003';
    const group = channel(D3, 'ada, sam, grace, pat', null, 0, {
      type: 'direct',
      participantIds: [me.id, sam.id, grace.id, pat.id],
    });

    it('names a group DM by its other members in alphabetical order, with their faces, and counts it as one DM', async () => {
      api({
        'GET /api/users': directoryAnswer([me, grace, pat, sam]),
        'GET /api/dm': {
          body: [channel(D1, 'dm', null, 0, { type: 'direct', participantIds: [me.id, grace.id] }), group],
        },
      });
      renderShell();
      const dms = await screen.findByRole('list', { name: 'Private messages' });
      const link = await within(dms).findByRole('link', { name: 'grace, pat, sam' });
      expect(link).toHaveAttribute('href', `/channel/${D3}`);
      expect(within(link).getByTestId('avatar-stack').children).toHaveLength(2);
      expect(within(dms).getByRole('link', { name: /^grace(?!,)/ })).toHaveAttribute('href', `/channel/${D1}`);
      expect(screen.getByText(/2 DMS/)).toBeInTheDocument();
    });

    it('starts a group DM with several people picked: userIds, the chips, and one removed again', async () => {
      const { calls } = api({
        'GET /api/users': directoryAnswer([me, grace, pat, sam]),
        'POST /api/dm': { status: 201, body: group },
      });
      renderShell(`/channel/${C1}`);
      await userEvent.click(await screen.findByRole('button', { name: 'Start direct message' }));
      const dialog = await screen.findByRole('dialog', { name: 'Start Direct Message' });
      for (const name of ['grace', 'pat', 'sam']) await userEvent.click(await within(dialog).findByText(name));
      const picked = within(dialog).getByRole('list', { name: 'Picked people' });
      expect(
        within(picked)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Remove grace', 'Remove pat', 'Remove sam']);
      expect(within(dialog).getAllByLabelText('Selected')).toHaveLength(3);
      await userEvent.click(within(picked).getByRole('button', { name: 'Remove sam' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Start DM' }));
      expect(await screen.findByText('DM Created')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/dm')?.body).toEqual({
        userIds: [grace.id, pat.id],
      });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${D3}`));
    });

    it('offers a group DM in the switcher under its members’ names, and still a 1:1 DM with each of them', async () => {
      api({
        'GET /api/users': directoryAnswer([me, grace, pat]),
        'GET /api/dm': {
          body: [
            channel(D1, 'dm', null, 0, { type: 'direct', participantIds: [me.id, grace.id] }),
            { ...group, participantIds: [me.id, grace.id, pat.id] },
          ],
        },
        'GET /api/unread': { body: [] },
      });
      renderShell();
      await screen.findByRole('list', { name: 'Channels channels' });
      await userEvent.keyboard('{Control>}k{/Control}');
      const dialog = await screen.findByRole('dialog', { name: 'Jump to' });
      const titles = (heading: string) => {
        const group = within(dialog)
          .getAllByRole('group')
          .find((g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent === heading);
        return within(group!)
          .getAllByTestId('command-item-title')
          .map((t) => t.textContent);
      };
      expect(titles('Direct messages')).toEqual(['grace', 'grace, pat']);
      // a group DM with Pat is not a DM with Pat: the switcher still offers to start one
      expect(titles('People')).toEqual(['pat']);
    });

    it('takes up to 8 other people and says so', async () => {
      const many = Array.from({ length: 9 }, (_, i) =>
        aUser({ id: `88888888-8888-4888-8888-00000000000${i}`, username: `person${i}` }),
      );
      api({ 'GET /api/users': directoryAnswer([me, ...many]) });
      renderShell();
      await userEvent.click(await screen.findByRole('button', { name: 'Start direct message' }));
      const dialog = await screen.findByRole('dialog', { name: 'Start Direct Message' });
      for (const p of many) await userEvent.click(await within(dialog).findByText(p.username));
      expect(within(dialog).getAllByLabelText('Selected')).toHaveLength(8);
      expect(within(dialog).getByRole('status')).toHaveTextContent('A group DM holds up to 8 other people.');
    });
  });

  it('says "Failed to create DM channel" when the server refuses', async () => {
    api({ 'POST /api/dm': { status: 500 } });
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Start direct message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Direct Message' });
    await userEvent.click(await within(dialog).findByText('grace'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start DM' }));
    expect(await screen.findByText('Failed to create DM channel')).toBeInTheDocument();
  });

  it('deletes a section by right-click and confirmation, saying "Section deleted"', async () => {
    const { calls } = api({ [`DELETE /api/channel-sections/${S2}`]: { status: 204 } });
    renderShell();
    fireEvent.contextMenu(await screen.findByRole('button', { name: /Projects/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Section' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete section?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Section' }));
    expect(await screen.findByText('Section deleted')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/channel-sections/${S2}`)).toBe(true);
  });

  it('refuses to delete a section with channels with "This section may contain channels. Remove channels first."', async () => {
    api({ [`DELETE /api/channel-sections/${S1}`]: { status: 409, body: { error: 'Section not empty' } } });
    renderShell();
    fireEvent.contextMenu(await screen.findByRole('button', { name: /^Channels/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Section' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Section' }));
    expect(await screen.findByText('This section may contain channels. Remove channels first.')).toBeInTheDocument();
  });

  it('collapses a section', async () => {
    api();
    renderShell();
    const trigger = await screen.findByRole('button', { name: /^Channels/ });
    await screen.findByText('general');
    await userEvent.click(trigger);
    expect(screen.queryByText('general')).not.toBeInTheDocument();
  });

  describe('workspace settings', () => {
    const open = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Workspace settings' }));
      return screen.findByRole('dialog', { name: 'Workspace Settings' });
    };

    it('refuses a file that is not an image and one of 5MB or more', async () => {
      api();
      renderShell();
      const dialog = await open();
      await userEvent.upload(
        within(dialog).getByLabelText('New logo'),
        new File(['x'], 'notes.txt', { type: 'text/plain' }),
        { applyAccept: false },
      );
      expect(await within(dialog).findByText('Please select an image file')).toBeInTheDocument();
      const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
      await userEvent.upload(within(dialog).getByLabelText('New logo'), big);
      expect(await within(dialog).findByText('Please select an image under 5MB')).toBeInTheDocument();
    });

    it('uploads first, then Save Changes applies the logo and says "Logo updated"', async () => {
      const { calls } = api({
        'POST /api/upload-url': { body: { uploadUrl: 'http://localhost/uploads/acme.png?sig=1' } },
        'PUT http://localhost/uploads/acme.png': { status: 200 },
        [`PATCH /api/workspaces/${WORKSPACE_ID}/profile-image`]: { body: {} },
      });
      renderShell();
      const dialog = await open();
      expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
      await userEvent.upload(
        within(dialog).getByLabelText('New logo'),
        new File(['png'], 'acme.png', { type: 'image/png' }),
      );
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeEnabled());
      expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Logo updated')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        profileImageUrl: 'http://localhost/uploads/acme.png',
      });
    });

    it('Remove Logo sets an empty value; a failure says "Failed to update workspace logo"', async () => {
      const { calls } = api({
        'GET /api/workspaces': {
          body: [{ id: WORKSPACE_ID, name: 'Acme', profileImageUrl: '/attachments/logo.png', role: 'admin' }],
        },
        [`PATCH /api/workspaces/${WORKSPACE_ID}/profile-image`]: { status: 500 },
      });
      renderShell();
      const dialog = await open();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Logo' }));
      expect(await screen.findByText('Failed to update workspace logo')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ profileImageUrl: '' });
    });
  });
});

describe('keyboard navigation of the shell', () => {
  beforeEach(() => {
    window.localStorage.clear();
    setDisplayFullNames(false);
  });
  afterAll(() => setDisplayFullNames(true));

  // the server stops counting at UNREAD_COUNT_CAP: from there on a badge says "99+", in the sidebar and the switcher
  it('shows a capped unread count as 99+', async () => {
    api({
      'GET /api/unread': {
        body: [
          { channelId: C2, count: UNREAD_COUNT_CAP },
          { channelId: D1, count: UNREAD_COUNT_CAP - 1 },
        ],
      },
      'GET /api/mentions': { body: { items: [], unread: UNREAD_COUNT_CAP, nextBefore: null } },
    });
    renderShell();
    const channels = await screen.findByRole('list', { name: 'Channels channels' });
    expect(await within(channels).findByLabelText('99+ unread')).toHaveTextContent('99+');
    const dms = screen.getByRole('list', { name: 'Private messages' });
    expect(within(dms).getByLabelText('99 unread')).toHaveTextContent('99');
    // mentions are capped the same way
    expect(await screen.findByLabelText('99+ unread mentions')).toHaveTextContent('99+');
  });

  it('shows unread direct messages in the tab title: (1) TeamChat', async () => {
    api();
    renderShell();
    await waitFor(() => expect(document.title).toBe('(1) TeamChat'));
  });

  it('Ctrl-K opens the switcher: unread first, a fuzzy name finds a channel, Enter opens it', async () => {
    api();
    renderShell();
    await screen.findByRole('list', { name: 'Channels channels' });
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Jump to' });
    // the unread conversations, grace's DM and #random, come first under their own heading
    const [first] = within(dialog).getAllByRole('group');
    expect(document.getElementById(first!.getAttribute('aria-labelledby')!)).toHaveTextContent('Unread');
    expect(first).toHaveTextContent('grace1random3');
    await userEvent.type(within(dialog).getByRole('combobox'), 'rndm');
    await waitFor(() => expect(within(dialog).getAllByRole('option')[0]).toHaveTextContent('random'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${C2}`));
    expect(screen.queryByRole('dialog', { name: 'Jump to' })).not.toBeInTheDocument();
  });

  it('Alt+↓ and Alt+↑ walk the sidebar order; Alt+Shift+↓ goes to the next unread', async () => {
    api();
    renderShell(`/channel/${C1}`);
    await screen.findByRole('list', { name: 'Channels channels' });
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${C2}`));
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${C1}`));
    // private messages come first in the sidebar: after general, the next unread wraps around to grace's DM
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true, shiftKey: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${C2}`));
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true, shiftKey: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/channel/${D1}`));
  });

  it('Ctrl-/ lists the shortcuts', async () => {
    api();
    renderShell();
    await screen.findByRole('list', { name: 'Channels channels' });
    fireEvent.keyDown(window, { key: '/', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('Jump to a channel, conversation or person');
    expect(dialog).toHaveTextContent('Next unread');
  });
});
