// The signed-in shell: workspace switcher, resizable sidebar (20/15/30 %), content outlet, live socket.
import * as RadixDialog from '@radix-ui/react-dialog';
import type { CurrentUser } from '@teamchat/contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Menu, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { Outlet, useMatch, useNavigate } from 'react-router-dom';
import { authUserQuery } from '../../api/auth.js';
import { channelKeys, channelsQuery, dmsQuery, sectionsQuery } from '../../api/channels.js';
import { userKeys, usersQuery } from '../../api/users.js';
import { usePeople } from '../../api/directory.js';
import { workspacesQuery } from '../../api/workspaces.js';
import { FullScreenMessage } from '../../components/FullScreenMessage.js';
import { Button } from '../../components/ui/Button.js';
import { unreadQuery } from '../chat/api.js';
import { ConnectionBanner } from '../connection/ConnectionBanner.js';
import { ImageViewer } from '../chat/files/ImageViewer.js';
import { isGroupDm } from '../chat/dm-people.js';
import { useLiveUpdates } from '../chat/use-live-updates.js';
import { mentionsQuery, notificationPrefsQuery } from '../notifications/api.js';
import { setFaviconBadge } from '../notifications/favicon.js';
import { setNotificationOpener } from '../notifications/notifier.js';
import { useIsMobile } from '../../lib/use-media-query.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import { sidebarOrder, stepEntry, tabBadge, tabTitle } from '../navigation/navigation.js';
import { QuickSwitcher } from '../navigation/QuickSwitcher.js';
import { ShortcutsDialog } from '../navigation/ShortcutsDialog.js';
import { useShortcuts } from '../navigation/use-shortcuts.js';
import { Sidebar } from './Sidebar.js';
import { groupChannels, isDirect, sortSections } from './sort.js';
import { ShellDialogsProvider } from './ShellDialogs.js';
import { WorkspaceSwitcher } from './WorkspaceSwitcher.js';
import { useNamePrefs } from '../../lib/display-name.js';
import buttonStyles from '../../components/ui/Button.module.css';
import dialogStyles from '../../components/ui/Dialog.module.css';

export const SIDEBAR_SIZES = { default: '20%', min: '15%', max: '30%', content: '80%' } as const;
const SWITCHER_KEY = 'workspaceSwitcherCollapsed';

export const MainLayout = () => {
  const { data: user, isPending } = useQuery(authUserQuery());
  if (isPending) return <FullScreenMessage text="LOADING USER DATA..." />;
  if (!user?.id || !user.username) {
    return (
      <FullScreenMessage text="Unable to load your user data. Please refresh the page.">
        <Button variant="outline" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      </FullScreenMessage>
    );
  }
  return <Shell user={user} />;
};

const Shell = ({ user }: { user: CurrentUser }) => {
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [switcherCollapsed, setSwitcherCollapsed] = useState(() => localStorage.getItem(SWITCHER_KEY) === 'true');
  const openChannelId = useMatch(ROUTES.patterns.channel)?.params.id;

  const workspaces = useQuery(workspacesQuery());
  const channels = useQuery(channelsQuery());
  const sections = useQuery(sectionsQuery());
  const dms = useQuery(dmsQuery());
  // the people the sidebar names (those of the DMs), looked up by id: nothing here grows with the workspace
  const dmPeople = useMemo(() => (dms.data ?? []).flatMap((dm) => dm.participantIds ?? []), [dms.data]);
  const named = usePeople(dmPeople);
  const dmUsers = useMemo(() => [...named.values()], [named]);
  const unread = useQuery(unreadQuery());
  // loaded with the shell so a live message can be weighed against them at once
  useQuery(notificationPrefsQuery());
  const navigate = useNavigate();
  // Removed from (or left, in another tab) the channel on screen: on to the first channel, saying why.
  const markRead = useLiveUpdates(user, openChannelId, ({ channelId, name, reason }) => {
    if (channelId !== openChannelId) return;
    const channel = name ? `#${name}` : 'the channel';
    if (reason === 'removed') notify.error(`You were removed from ${channel}`, 'It is no longer in your sidebar.');
    else notify.success('Left channel', `You left ${channel}.`);
    void navigate(ROUTES.home, { replace: true });
  });

  // Selecting a channel clears its unread count (spec 1 §4). markRead is a fresh closure each render, so it is
  // read through a ref and only the channel change triggers the effect.
  const markReadRef = useRef(markRead);
  markReadRef.current = markRead;
  useEffect(() => {
    if (openChannelId) markReadRef.current(openChannelId);
  }, [openChannelId]);

  // A live message for a channel we have never listed means someone opened a DM with us or added a channel:
  // refresh the lists (and the roster, for the DM partner's name) instead of showing a count nowhere.
  const qc = useQueryClient();
  const refreshedFor = useRef(new Set<string>());
  useEffect(() => {
    if (!unread.data || !channels.data || !dms.data) return;
    const known = new Set([...channels.data, ...dms.data].map((c) => c.id));
    const unknown = unread.data.map((u) => u.channelId).filter((id) => !known.has(id) && !refreshedFor.current.has(id));
    if (unknown.length > 0) {
      // Once per channel, so an id the lists never contain cannot cause a refetch loop.
      unknown.forEach((id) => refreshedFor.current.add(id));
      void qc.invalidateQueries({ queryKey: channelKeys.all });
      void qc.invalidateQueries({ queryKey: channelKeys.dms });
      void qc.invalidateQueries({ queryKey: userKeys.all });
    }
  }, [unread.data, channels.data, dms.data, qc]);

  const toggleSwitcher = () =>
    setSwitcherCollapsed((c) => {
      localStorage.setItem(SWITCHER_KEY, String(!c));
      return !c;
    });

  const channelList = useMemo(() => (channels.data ?? []).filter((c) => !isDirect(c)), [channels.data]);
  const sortedSections = useMemo(() => sortSections(sections.data ?? []), [sections.data]);
  const groups = useMemo(() => groupChannels(channelList, sortedSections), [channelList, sortedSections]);
  const unreadMap = useMemo(() => new Map((unread.data ?? []).map((u) => [u.channelId, u.count])), [unread.data]);
  const workspaceName = workspaces.data?.find((w) => w.id === user.workspaceId)?.name ?? 'Workspace';

  const namePrefs = useNamePrefs();
  // the sidebar as one list: what the quick switcher offers, Alt+↑/↓ walk, and the tab title counts
  const navOrder = useMemo(
    () =>
      sidebarOrder({
        dms: dms.data ?? [],
        sections: sortedSections,
        groups,
        meId: user.id,
        users: dmUsers,
        unread: unreadMap,
        prefs: namePrefs,
      }),
    [dms.data, sortedSections, groups, user.id, dmUsers, unreadMap, namePrefs],
  );
  const [switcherOpen, setSwitcherOpen] = useState(false);
  // the switcher's people: the roster, loaded only once it is opened
  const roster = useQuery({ ...usersQuery(), enabled: switcherOpen });
  const people = useMemo(() => {
    // a group DM with someone is not a DM with them: the switcher still offers to start one
    const withDm = new Set((dms.data ?? []).filter((dm) => !isGroupDm(dm)).flatMap((dm) => dm.participantIds ?? []));
    return (roster.data ?? []).filter((u) => u.id !== user.id && !withDm.has(u.id));
  }, [dms.data, roster.data, user.id]);
  const mentions = useInfiniteQuery(mentionsQuery());
  const mentionsUnread = mentions.data?.pages[0]?.unread ?? 0;
  const title = tabTitle(navOrder, undefined, mentionsUnread);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => () => void (document.title = tabTitle([])), []);
  const badge = tabBadge(navOrder, mentionsUnread);
  useEffect(() => setFaviconBadge(badge), [badge]);
  useEffect(() => () => setFaviconBadge(null), []);

  useEffect(() => setNotificationOpener((path) => void navigate(path)), [navigate]);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useShortcuts({
    toggleSwitcher: () => setSwitcherOpen((open) => !open),
    showShortcuts: () => setShortcutsOpen(true),
    step: (direction, unreadOnly) => {
      const next = stepEntry(navOrder, openChannelId, direction, unreadOnly);
      if (next) void navigate(ROUTES.channel(next.id));
    },
    markRead: () => {
      if (openChannelId) markRead(openChannelId);
    },
  });

  const sidebar = (onNavigate?: () => void) => (
    <Sidebar
      user={user}
      workspaceName={workspaceName}
      sections={sortedSections}
      groups={groups}
      channels={channels.data ?? []}
      dms={dms.data ?? []}
      users={dmUsers}
      unread={unreadMap}
      workspace={workspaces.data?.find((w) => w.id === user.workspaceId)}
      onShowShortcuts={() => setShortcutsOpen(true)}
      onNavigate={onNavigate}
    />
  );

  const shell = isMobile ? mobileShell() : desktopShell();
  return (
    <ShellDialogsProvider sections={sortedSections} workspaces={workspaces.data ?? []} currentUserId={user.id}>
      {shell}
      <ImageViewer />
      <QuickSwitcher open={switcherOpen} onOpenChange={setSwitcherOpen} entries={navOrder} people={people} />
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </ShellDialogsProvider>
  );

  /**
   * The drawer opens at the entry on screen (else its close button), not at its first control: that is the first
   * workspace, whose tooltip would open on focus and cover the sidebar's top entries (Tasks).
   */
  function focusInDrawer(event: Event) {
    const drawer = event.currentTarget as HTMLElement;
    const target =
      drawer.querySelector<HTMLElement>('.drawer__sidebar [aria-current="page"]') ??
      drawer.querySelector<HTMLElement>('.drawer__close');
    if (!target) return;
    event.preventDefault();
    target.focus();
  }

  function mobileShell() {
    // the sidebar's own conversations: a public channel the user has not joined counts for nothing
    const totalUnread = navOrder.reduce((n, e) => n + e.unread, 0);
    return (
      <div className="shell shell--mobile">
        <header className="mobile-bar">
          <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <RadixDialog.Trigger
              className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.md}`}
              aria-label="Open navigation"
            >
              <Menu size={20} aria-hidden />
              {totalUnread > 0 ? <span className="mobile-bar__dot" aria-hidden /> : null}
            </RadixDialog.Trigger>
            <RadixDialog.Portal>
              <RadixDialog.Overlay className={dialogStyles.overlay} />
              <RadixDialog.Content className="drawer" aria-describedby={undefined} onOpenAutoFocus={focusInDrawer}>
                <RadixDialog.Title className="visually-hidden">Navigation</RadixDialog.Title>
                <WorkspaceSwitcher user={user} collapsed />
                <div className="drawer__sidebar">{sidebar(() => setDrawerOpen(false))}</div>
                <RadixDialog.Close
                  className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.sm} drawer__close`}
                  aria-label="Close navigation"
                >
                  <X size={18} aria-hidden />
                </RadixDialog.Close>
              </RadixDialog.Content>
            </RadixDialog.Portal>
          </RadixDialog.Root>
          <span className="mobile-bar__title">{workspaceName}</span>
        </header>
        <main className="content content--mobile">
          <ConnectionBanner />
          <div className="content__page">
            <Outlet />
          </div>
        </main>
      </div>
    );
  }

  function desktopShell() {
    return (
      <div className="shell">
        <WorkspaceSwitcher user={user} collapsed={switcherCollapsed} onToggle={toggleSwitcher} />
        <Group orientation="horizontal" className="shell__panels" id="main-layout">
          <Panel
            id="sidebar"
            defaultSize={SIDEBAR_SIZES.default}
            minSize={SIDEBAR_SIZES.min}
            maxSize={SIDEBAR_SIZES.max}
          >
            {sidebar()}
          </Panel>
          <Separator className="resize-handle" aria-label="Resize sidebar" />
          <Panel id="content" defaultSize={SIDEBAR_SIZES.content}>
            <main className="content">
              <ConnectionBanner />
              <div className="content__page">
                <Outlet />
              </div>
            </main>
          </Panel>
        </Group>
      </div>
    );
  }
};
