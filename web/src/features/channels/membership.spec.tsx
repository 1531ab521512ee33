// Channel membership in the shell and on the channel screen, against scripted API answers and a scripted socket:
// the Lock of private channels, the create dialog's visibility and people, the channel browser, a public channel's
// preview with Join, the 404 screen, archived channels, the members panel and header menu, system messages, and the
// live frames (changes, additions, a removal moving the screen on, mentions of non-members).
import { jest } from '@jest/globals';
import type { Channel, ChannelMember, Message, Section } from '@teamchat/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { emit, fakeRealtime, listeners } from '../../../test/fake-realtime.js';
import { aChannel, aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';

jest.unstable_mockModule('../chat/realtime.js', () => ({ realtime: fakeRealtime, RealtimeConnection: class {} }));
const { MainLayout } = await import('../layout/MainLayout.js');
const { HomeRedirect } = await import('../layout/HomeRedirect.js');
const { ChannelScreen, CHANNEL_NOT_FOUND_TEXT, SELECT_CHANNEL_TEXT } = await import('../chat/ChannelScreen.js');
const { COMPOSER_PLACEHOLDER } = await import('../chat/Composer.js');
const { resetLiveState } = await import('../chat/live-store.js');
const { mentionNotices } = await import('./mention-notice-store.js');
const { ARCHIVED_TEXT, JOIN_LABEL } = await import('./ChannelBars.js');
const { BROWSE_TITLE, NO_CHANNELS_FOUND } = await import('./ChannelBrowser.js');
const { CHANNEL_MENU_LABEL } = await import('./ChannelMenu.js');
const { PRIVATE_CHANNEL_LABEL } = await import('../../components/ChannelIcon.js');
const { PrivateChannelsSection } = await import('../settings/admin/PrivateChannelsSection.js');

const me = aUser({ workspaceId: WORKSPACE_ID, paymentCompleted: true, onboardingCompleted: true, isAdmin: false });
const grace = aUser({
  id: '55555555-5555-4555-8555-555555555555',
  username: 'grace',
  firstName: 'grace',
  lastName: '',
  isAdmin: false,
});
const pat = aUser({
  id: '66666666-6666-4666-8666-666666666666',
  username: 'pat',
  firstName: 'pat',
  lastName: '',
  isAdmin: false,
});
const ts = '2025-03-01T10:00:00.000Z';
const S1 = 'a0000000-0000-4000-8000-000000000001';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const SECRET = 'c0000000-0000-4000-8000-000000000002';
const DESIGN = 'c0000000-0000-4000-8000-000000000003';
const OLD = 'c0000000-0000-4000-8000-000000000004';
const HIDDEN = 'c0000000-0000-4000-8000-000000000009';

const section: Section = {
  id: S1,
  workspaceId: WORKSPACE_ID,
  name: 'Channels',
  order: 0,
  createdAt: ts,
  personal: false,
};
const channel = (id: string, name: string, extra: Partial<Channel> = {}): Channel =>
  aChannel({
    id,
    name,
    sectionId: S1,
    participantIds: [me.id, grace.id],
    createdAt: ts,
    memberCount: 2,
    createdBy: grace.id,
    ...extra,
  });
const general = channel(GENERAL, 'general', { isDefault: true });
const secret = channel(SECRET, 'secret-plans', { visibility: 'private', order: 1, createdBy: me.id });
const design = channel(DESIGN, 'design', { joined: false, participantIds: [grace.id, pat.id], memberCount: 2 });
const old = channel(OLD, 'old-news', { archived: true, joined: false, memberCount: 3 });
const member = (userId: string, role: ChannelMember['role'] = 'member'): ChannelMember => ({
  userId,
  role,
  joinedAt: ts,
});
const msg = (n: number, extra: Partial<Message> = {}): Message => ({
  id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  channelId: GENERAL,
  userId: grace.id,
  username: 'grace',
  content: `message ${n}`,
  imageUrl: null,
  createdAt: new Date(Date.UTC(2025, 2, 1, 13, 5, n)).toISOString(),
  ...extra,
});

const api = (overrides: Record<string, unknown> = {}) =>
  mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/workspaces': { body: [{ id: WORKSPACE_ID, name: 'Acme', profileImageUrl: null, role: 'member' }] },
    'GET /api/channel-sections': { body: [section] },
    'GET /api/channels': { body: [general, secret] },
    'GET /api/dm': { body: [] },
    'GET /api/users': { body: [me, grace, pat] },
    'GET /api/unread': { body: [] },
    [`GET /api/channels/${GENERAL}/messages`]: { body: [msg(1)] },
    [`GET /api/channels/${SECRET}/messages`]: { body: [] },
    [`GET /api/channels/${DESIGN}/messages`]: { body: [msg(2, { channelId: DESIGN, content: 'pixels first' })] },
    [`GET /api/channels/${OLD}/messages`]: { body: [msg(3, { channelId: OLD, content: 'the last word' })] },
    [`GET /api/channels/${DESIGN}`]: { body: design },
    [`GET /api/channels/${OLD}`]: { body: old },
    [`GET /api/channels/${HIDDEN}`]: {
      status: 404,
      body: { error: 'Channel not found', code: 'CHAT.CHANNEL_NOT_FOUND' },
    },
    [`GET /api/channels/${GENERAL}/members`]: { body: [member(grace.id, 'admin'), member(me.id)] },
    [`GET /api/channels/${SECRET}/members`]: { body: [member(me.id, 'admin'), member(grace.id)] },
    ...(overrides as Record<string, never>),
  });

const renderShell = (route: string) =>
  renderWithApp(
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<HomeRedirect />} />
        <Route path="/channel/:id" element={<ChannelScreen />} />
      </Route>
    </Routes>,
    { route },
  );

const sidebarChannels = () => screen.findByRole('list', { name: 'Channels channels' });
const location = () => screen.getByTestId('location');
/**
 * Opens the header's menu from the keyboard: in jsdom every element measures 0×0, so the resizable panels take a
 * pointer press anywhere for a press on their resize handle and keep it from the menu's trigger.
 */
const openMenu = async () => {
  (await screen.findByRole('button', { name: CHANNEL_MENU_LABEL })).focus();
  await user.keyboard('{Enter}');
};

let user: ReturnType<typeof userEvent.setup>;

describe('channel membership (web)', () => {
  beforeEach(() => {
    user = userEvent.setup();
    listeners.clear();
    resetLiveState();
    mentionNotices.reset();
    localStorage.clear();
  });

  describe('private channels', () => {
    it('show the Lock in the sidebar and in the header instead of the #', async () => {
      api();
      renderShell(`/channel/${SECRET}`);
      const list = await sidebarChannels();
      const link = within(list).getByRole('link', { name: /secret-plans/ });
      expect(within(link).getByRole('img', { name: PRIVATE_CHANNEL_LABEL })).toBeInTheDocument();
      expect(within(within(list).getByRole('link', { name: /general/ })).queryByRole('img')).not.toBeInTheDocument();
      const heading = await screen.findByRole('heading', { name: `${PRIVATE_CHANNEL_LABEL} secret-plans` });
      expect(heading).not.toHaveTextContent('#');
    });

    it('answer a link the user may not open with the 404 screen', async () => {
      api();
      renderShell(`/channel/${HIDDEN}`);
      expect(await screen.findByTestId('channel-not-found')).toHaveTextContent(CHANNEL_NOT_FOUND_TEXT);
      expect(screen.getByText(SELECT_CHANNEL_TEXT)).toBeInTheDocument();
      expect(screen.queryByPlaceholderText(COMPOSER_PLACEHOLDER)).not.toBeInTheDocument();
    });
  });

  describe('create dialog', () => {
    it('creates a private channel with the people picked', async () => {
      const created = channel('c0000000-0000-4000-8000-000000000005', 'launch', { visibility: 'private' });
      const { calls } = api({ 'POST /api/channels': { status: 201, body: created } });
      renderShell(`/channel/${GENERAL}`);
      await sidebarChannels();
      await user.click(screen.getByRole('button', { name: 'Channel' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Channel' });
      expect(within(dialog).getByRole('radio', { name: /Public/ })).toBeChecked();
      await user.type(within(dialog).getByLabelText('Name'), 'launch');
      await user.click(within(dialog).getByRole('radio', { name: /Private/ }));
      await user.click(await within(dialog).findByRole('option', { name: /pat/ }));
      expect(within(dialog).getByRole('list', { name: 'Picked people' })).toHaveTextContent('pat');
      expect(within(dialog).queryByRole('option', { name: /^ada/ })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Create Channel' }));
      expect(await screen.findByText('Channel created')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/channels')?.body).toEqual({
        name: 'launch',
        description: null,
        sectionId: S1,
        visibility: 'private',
        participantIds: [pat.id],
      });
    });
  });

  describe('channel browser', () => {
    it('finds channels by name with member counts, joined and archived flags, and joins one', async () => {
      const { calls } = api({
        'GET /api/channels/browse': (_body: unknown, url: string) => {
          const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
          return { body: [design, general, old, secret].filter((c) => c.name.includes(q)) };
        },
        [`POST /api/channels/${DESIGN}/join`]: { body: { ...design, joined: true, memberCount: 3 } },
      });
      renderShell(`/channel/${GENERAL}`);
      await sidebarChannels();
      await user.click(screen.getByRole('button', { name: 'Browse channels' }));
      const dialog = await screen.findByRole('dialog', { name: BROWSE_TITLE });
      const rows = await within(dialog).findAllByTestId('browse-channel');
      expect(rows.map((r) => r.textContent)).toEqual([
        'design 2 membersJoin',
        'general 2 members Joined',
        'old-news 3 members Archived',
        'secret-plans 2 members Joined',
      ]);
      expect(within(rows[3]!).getByRole('img', { name: PRIVATE_CHANNEL_LABEL })).toBeInTheDocument();

      await user.type(within(dialog).getByRole('searchbox', { name: 'Search channels' }), 'zzz');
      expect(await within(dialog).findByText(NO_CHANNELS_FOUND)).toBeInTheDocument();
      await user.clear(within(dialog).getByRole('searchbox', { name: 'Search channels' }));
      await user.type(within(dialog).getByRole('searchbox', { name: 'Search channels' }), 'des');
      await waitFor(() => expect(within(dialog).getAllByTestId('browse-channel')).toHaveLength(1));
      expect(calls.some((c) => c.url === '/api/channels/browse?q=des')).toBe(true);

      await user.click(within(dialog).getByRole('button', { name: 'Join design' }));
      expect(await screen.findByText('You joined #design.')).toBeInTheDocument();
      await waitFor(() => expect(location()).toHaveTextContent(`/channel/${DESIGN}`));
      // joined: in the sidebar, and the composer in place of the Join bar
      expect(within(await sidebarChannels()).getByRole('link', { name: /design/ })).toBeInTheDocument();
      expect(await screen.findByPlaceholderText(COMPOSER_PLACEHOLDER)).toBeInTheDocument();
    });

    it('opens a public channel as a preview: its messages, and Join in place of the composer', async () => {
      const { calls } = api({
        'GET /api/channels/browse': { body: [design] },
        [`POST /api/channels/${DESIGN}/join`]: {
          body: { ...design, joined: true, memberCount: 3, participantIds: [grace.id, pat.id, me.id] },
        },
      });
      renderShell(`/channel/${GENERAL}`);
      await sidebarChannels();
      await user.click(screen.getByRole('button', { name: 'Browse channels' }));
      const dialog = await screen.findByRole('dialog', { name: BROWSE_TITLE });
      await user.click(await within(dialog).findByRole('button', { name: 'Open design' }));
      await waitFor(() => expect(location()).toHaveTextContent(`/channel/${DESIGN}`));
      expect(await screen.findByText('pixels first')).toBeInTheDocument();
      expect(screen.queryByPlaceholderText(COMPOSER_PLACEHOLDER)).not.toBeInTheDocument();
      const bar = screen.getByTestId('join-bar');
      expect(bar).toHaveTextContent('You are previewing #design.');
      await user.click(within(bar).getByRole('button', { name: JOIN_LABEL }));
      expect(await screen.findByPlaceholderText(COMPOSER_PLACEHOLDER)).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'POST' && c.url === `/api/channels/${DESIGN}/join`)).toHaveLength(1);
      expect(screen.getByTestId('member-count')).toHaveTextContent('3');
    });
  });

  it('counts no unread for a live message in a public channel the user has not joined', async () => {
    api({ 'GET /api/channels/browse': { body: [design, general] } });
    const { queryClient } = renderShell(`/channel/${GENERAL}`);
    await sidebarChannels();
    await user.click(screen.getByRole('button', { name: 'Browse channels' }));
    await within(await screen.findByRole('dialog', { name: BROWSE_TITLE })).findAllByTestId('browse-channel');
    await user.keyboard('{Escape}');
    act(() => emit({ type: 'message', message: msg(7, { channelId: DESIGN }) }));
    act(() => emit({ type: 'message', message: msg(8, { channelId: SECRET }) }));
    await waitFor(() => expect(queryClient.getQueryData(['/api/unread'])).toEqual([{ channelId: SECRET, count: 1 }]));
  });

  describe('archived channels', () => {
    it('are read-only: the notice in place of the composer, flagged in the header, out of the sidebar', async () => {
      api();
      renderShell(`/channel/${OLD}`);
      expect(await screen.findByText('the last word')).toBeInTheDocument();
      expect(screen.getByTestId('archived-bar')).toHaveTextContent(ARCHIVED_TEXT);
      expect(screen.getByTestId('archived-flag')).toHaveTextContent('Archived');
      expect(screen.queryByPlaceholderText(COMPOSER_PLACEHOLDER)).not.toBeInTheDocument();
      expect(within(await sidebarChannels()).queryByRole('link', { name: /old-news/ })).not.toBeInTheDocument();
      // the message toolbar offers what reading allows, nothing that would change the channel
      const toolbar = screen.getByRole('toolbar', { name: 'Message actions' });
      expect(
        within(toolbar)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Reply in thread', 'Copy link']);
    });

    it('leave the sidebar and lock the composer when archived live', async () => {
      api();
      renderShell(`/channel/${GENERAL}`);
      expect(await screen.findByPlaceholderText(COMPOSER_PLACEHOLDER)).toBeInTheDocument();
      act(() => emit({ type: 'channel_updated', channel: { ...general, archived: true } }));
      expect(await screen.findByTestId('archived-bar')).toBeInTheDocument();
      expect(within(await sidebarChannels()).queryByRole('link', { name: /general/ })).not.toBeInTheDocument();
    });
  });

  describe('header menu and members panel', () => {
    it('lists members with their role, adds people and (as a channel admin) removes one', async () => {
      const { calls } = api({
        [`POST /api/channels/${SECRET}/members`]: {
          body: { ...secret, memberCount: 3, participantIds: [me.id, grace.id, pat.id] },
        },
        [`DELETE /api/channels/${SECRET}/members/${grace.id}`]: { body: { ...secret, memberCount: 1 } },
      });
      renderShell(`/channel/${SECRET}`);
      await user.click(await screen.findByTestId('member-count'));
      const dialog = await screen.findByRole('dialog', { name: 'Members of #secret-plans' });
      const members = await within(dialog).findAllByTestId('channel-member');
      expect(members.map((m) => m.textContent)).toEqual([
        expect.stringMatching(/ada\(you\)Channel admin/),
        expect.stringMatching(/grace\s*Remove/),
      ]);
      // only people not in it yet are offered
      expect(within(dialog).queryByRole('option', { name: /grace/ })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('option', { name: /pat/ }));
      await user.click(within(dialog).getByRole('button', { name: /to channel/ }));
      expect(await screen.findByText('Members added')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/members'))?.body).toEqual({
        userIds: [pat.id],
      });
      await user.click(within(dialog).getByRole('button', { name: 'Remove grace' }));
      expect(await screen.findByText('Member removed')).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/channels/${SECRET}/members/${grace.id}`)).toBe(
        true,
      );
    });

    it('offers no Remove to a member who is not a channel admin', async () => {
      api();
      renderShell(`/channel/${GENERAL}`);
      await user.click(await screen.findByTestId('member-count'));
      const dialog = await screen.findByRole('dialog', { name: 'Members of #general' });
      await within(dialog).findAllByTestId('channel-member');
      expect(within(dialog).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    });

    it('leaves a channel after confirming and moves on to the first channel left', async () => {
      const { calls } = api({ [`POST /api/channels/${GENERAL}/leave`]: { body: { channelId: GENERAL } } });
      renderShell(`/channel/${GENERAL}`);
      await openMenu();
      expect(screen.queryByRole('menuitem', { name: /Make private/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: /Archive channel/ })).not.toBeInTheDocument();
      await user.click(await screen.findByRole('menuitem', { name: /Leave channel/ }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Leave #general?' });
      await user.click(within(confirm).getByRole('button', { name: 'Leave Channel' }));
      await waitFor(() => expect(location()).toHaveTextContent(`/channel/${SECRET}`));
      expect(calls.some((c) => c.method === 'POST' && c.url === `/api/channels/${GENERAL}/leave`)).toBe(true);
      expect(within(await sidebarChannels()).queryByRole('link', { name: /general/ })).not.toBeInTheDocument();
    });

    it('lets a workspace admin make a public channel private and archive it', async () => {
      const admin = { ...me, isAdmin: true };
      const { calls } = api({
        'GET /api/auth/user': { body: admin },
        [`POST /api/channels/${GENERAL}/convert`]: { body: { ...general, visibility: 'private' } },
        [`POST /api/channels/${GENERAL}/archive`]: { body: { ...general, visibility: 'private', archived: true } },
      });
      renderShell(`/channel/${GENERAL}`);
      await openMenu();
      await user.click(await screen.findByRole('menuitem', { name: /Make private/ }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Make #general private?' });
      await user.click(within(confirm).getByRole('button', { name: 'Make Private' }));
      expect(await screen.findByRole('heading', { name: `${PRIVATE_CHANNEL_LABEL} general` })).toBeInTheDocument();
      await openMenu();
      expect(screen.queryByRole('menuitem', { name: /Make private/ })).not.toBeInTheDocument();
      await user.click(await screen.findByRole('menuitem', { name: /Archive channel/ }));
      await user.click(
        within(await screen.findByRole('alertdialog', { name: 'Archive #general?' })).getByRole('button', {
          name: 'Archive Channel',
        }),
      );
      expect(await screen.findByTestId('archived-bar')).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'POST' && !c.url.endsWith('/read')).map((c) => c.url)).toEqual([
        `/api/channels/${GENERAL}/convert`,
        `/api/channels/${GENERAL}/archive`,
      ]);
    });

    it('lets a workspace admin make a channel one that new members join', async () => {
      const { calls } = api({
        'GET /api/auth/user': { body: { ...me, isAdmin: true } },
        [`PATCH /api/channels/${SECRET}`]: { body: { ...secret, isDefault: true } },
      });
      renderShell(`/channel/${SECRET}`);
      await openMenu();
      await user.click(await screen.findByRole('menuitemcheckbox', { name: /Default for new members/ }));
      expect(await screen.findByText('New members will join #secret-plans.')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isDefault: true });
    });

    it('edits the topic and purpose, sending only what changed', async () => {
      const { calls } = api({
        [`PATCH /api/channels/${GENERAL}`]: { body: { ...general, topic: 'Q3 launch' } },
      });
      renderShell(`/channel/${GENERAL}`);
      await openMenu();
      await user.click(await screen.findByRole('menuitem', { name: /Edit topic and purpose/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit #general' });
      await user.type(within(dialog).getByLabelText('Topic'), 'Q3 launch');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByTestId('channel-topic')).toHaveTextContent('Q3 launch');
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ topic: 'Q3 launch' });
    });
  });

  describe('governance', () => {
    it("lists the workspace's private channels with their member counts for admins", async () => {
      api({
        'GET /api/private-channels': {
          body: [
            { id: SECRET, name: 'secret-plans', memberCount: 2, archived: false, createdBy: me.id, createdAt: ts },
            { id: HIDDEN, name: 'hr-cases', memberCount: 1, archived: true, createdBy: grace.id, createdAt: ts },
          ],
        },
      });
      renderWithApp(<PrivateChannelsSection />);
      const rows = await screen.findAllByTestId('admin-private-channel');
      expect(rows.map((r) => r.textContent)).toEqual(['secret-plans2 members', 'hr-casesArchived1 member']);
    });
  });

  describe('system messages', () => {
    it('are drawn apart from what people wrote: no avatar, one muted line', async () => {
      api({
        [`GET /api/channels/${GENERAL}/messages`]: {
          body: [
            msg(1),
            msg(2, {
              kind: 'system',
              content: 'grace added pat',
              system: { event: 'added', actorId: grace.id, userIds: [pat.id] },
            }),
            msg(3, { content: 'welcome pat' }),
          ],
        },
      });
      renderShell(`/channel/${GENERAL}`);
      const line = await screen.findByTestId('system-message');
      expect(line).toHaveTextContent('grace added pat');
      expect(within(line).queryByRole('button', { name: /About/ })).not.toBeInTheDocument();
      // the message after it starts a block of its own (name and avatar again)
      const rows = screen.getAllByTestId('message-row');
      expect(rows).toHaveLength(2);
      expect(within(rows[1]!).getByRole('button', { name: 'About grace' })).toBeInTheDocument();
    });
  });

  describe('live frames', () => {
    it('a channel this user was added to joins the sidebar; the member count follows additions', async () => {
      api();
      renderShell(`/channel/${GENERAL}`);
      await sidebarChannels();
      act(() =>
        emit({
          type: 'channel_member_added',
          channelId: DESIGN,
          userIds: [me.id],
          channel: { ...design, joined: true },
        }),
      );
      expect(await within(await sidebarChannels()).findByRole('link', { name: /design/ })).toBeInTheDocument();
      act(() =>
        emit({
          type: 'channel_member_added',
          channelId: GENERAL,
          userIds: [pat.id],
          channel: { ...general, memberCount: 3, participantIds: [me.id, grace.id, pat.id] },
        }),
      );
      await waitFor(() => expect(screen.getByTestId('member-count')).toHaveTextContent('3'));
    });

    it('removed from the channel on screen: out of the sidebar, on to another channel, with a notice', async () => {
      api();
      renderShell(`/channel/${SECRET}`);
      await screen.findByRole('heading', { name: `${PRIVATE_CHANNEL_LABEL} secret-plans` });
      act(() => emit({ type: 'channel_removed', channelId: SECRET, reason: 'removed' }));
      expect(await screen.findByText('You were removed from #secret-plans')).toBeInTheDocument();
      await waitFor(() => expect(location()).toHaveTextContent(`/channel/${GENERAL}`));
      expect(within(await sidebarChannels()).queryByRole('link', { name: /secret-plans/ })).not.toBeInTheDocument();
    });

    it('a mention of people not in the channel offers to add them; in a private one, says they were not notified', async () => {
      const { calls } = api({
        [`POST /api/channels/${SECRET}/members`]: { body: { ...secret, memberCount: 3 } },
      });
      renderShell(`/channel/${SECRET}`);
      await screen.findByPlaceholderText(COMPOSER_PLACEHOLDER);
      act(() =>
        emit({
          type: 'mention_not_members',
          channelId: SECRET,
          messageId: msg(9).id,
          userIds: [pat.id],
          notified: false,
        }),
      );
      const notice = await screen.findByTestId('mention-not-members');
      expect(notice).toHaveTextContent('@pat is not in #secret-plans and was not notified. Add them to the channel?');
      await user.click(within(notice).getByRole('button', { name: /Add to channel/ }));
      await waitFor(() => expect(screen.queryByTestId('mention-not-members')).not.toBeInTheDocument());
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/members'))?.body).toEqual({
        userIds: [pat.id],
      });
    });

    it('a mention in a public channel offers the same without the warning, and can be dismissed', async () => {
      api();
      renderShell(`/channel/${GENERAL}`);
      await screen.findByPlaceholderText(COMPOSER_PLACEHOLDER);
      act(() =>
        emit({
          type: 'mention_not_members',
          channelId: GENERAL,
          messageId: msg(9).id,
          userIds: [pat.id],
          notified: true,
        }),
      );
      const notice = await screen.findByTestId('mention-not-members');
      expect(notice).toHaveTextContent('@pat is not in #general. Add them to the channel?');
      await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByTestId('mention-not-members')).not.toBeInTheDocument();
    });
  });
});
