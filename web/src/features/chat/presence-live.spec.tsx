// Live presence and profile frames against the cached roster: each changes one member in place, no frame makes the
// tab refetch the whole user list, and the tab tells the socket whose presence it shows.
import { jest } from '@jest/globals';
import { DIRECTORY_LIMIT_MAX, type PublicUser } from '@teamchat/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import { emit, fakeRealtime, listeners } from '../../../test/fake-realtime.js';

const sent: unknown[] = [];
jest.unstable_mockModule('./realtime.js', () => ({
  realtime: {
    ...fakeRealtime,
    send: (frame: unknown) => {
      sent.push(frame);
      return true;
    },
  },
  RealtimeConnection: class {},
}));
const { useLiveUpdates } = await import('./use-live-updates.js');
const { resetLiveState } = await import('./live-store.js');
const { setPresence, usePresenceOf } = await import('./presence-store.js');
const { PRESENCE_WATCH_BATCH_MS } = await import('./presence-watch.js');
const { TeamStatusWidget } = await import('../widgets/TeamStatusWidget.js');
const { userKeys } = await import('../../api/users.js');
const { directoryQuery } = await import('../../api/directory.js');

const me = aUser({ workspaceId: WORKSPACE_ID, isAdmin: false });
const member = (id: string, username: string, status = 'online'): PublicUser => ({
  ...aUser({ id, username, firstName: username, lastName: '', status }),
  isAdmin: false,
});
const grace = member('55555555-5555-4555-8555-555555555555', 'grace');
const linus = member('66666666-6666-4666-8666-666666666666', 'linus');
const turing = member('77777777-7777-4777-8777-777777777777', 'turing', 'offline');
const roster = [{ ...me }, grace, linus, turing];

const Shell = ({ children }: { children?: ReactNode }) => {
  useLiveUpdates(me);
  return (
    <>
      <TeamStatusWidget user={me} density="full" />
      {children}
    </>
  );
};

/** The team status widget's roster: the first page of the members directory it shows. */
const rosterKey = directoryQuery({ limit: DIRECTORY_LIMIT_MAX, q: '' }).queryKey;
const shownRoster = (qc: QueryClient) => qc.getQueryData(rosterKey)!.pages.flatMap((p) => p.users);
/** No cached list of members was marked stale (there is at least one). */
const noneInvalidated = (qc: QueryClient) => {
  const lists = qc.getQueryCache().findAll({ queryKey: userKeys.all });
  return lists.length > 0 && lists.every((q) => !q.state.isInvalidated);
};

const on = (frame: Parameters<typeof emit>[0]) => act(() => emit(frame));
const usersFetches = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === '/api/users').length;
const statusOf = (name: string) => screen.getByText(name).closest('li')!.getAttribute('data-status');

describe('live presence and profiles', () => {
  beforeEach(() => {
    listeners.clear();
    sent.length = 0;
    resetLiveState();
    localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('asks the socket for the presence of the roster it shows, again after every join', async () => {
    mockFetch({ 'GET /api/users': { body: roster } });
    renderWithApp(<Shell />);
    await screen.findByText('turing');
    // the tab's own row needs no watching: this tab is connected
    await waitFor(() =>
      expect(sent).toEqual([{ type: 'presence_subscribe', userIds: [grace.id, linus.id, turing.id] }]),
    );
    on({ type: 'joined', workspaceId: WORKSPACE_ID, userId: me.id, replayed: 0, onlineCount: 2 });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('shows the answer and presence frames per member, and the online count from the server’s counter', async () => {
    const { calls } = mockFetch({ 'GET /api/users': { body: roster } });
    const { queryClient } = renderWithApp(<Shell />);
    await screen.findByText('turing');
    const fetched = usersFetches(calls);
    jest.useFakeTimers();
    on({ type: 'joined', workspaceId: WORKSPACE_ID, userId: me.id, replayed: 0, onlineCount: 40 });
    on({ type: 'presence_subscribed', userIds: [grace.id, linus.id, turing.id], online: [turing.id] });
    expect([statusOf('grace'), statusOf('linus'), statusOf('turing')]).toEqual(['offline', 'offline', 'online']);
    expect(screen.getByTestId('team-online-count')).toHaveTextContent('40/4 online');

    on({ type: 'presence', userId: grace.id, status: 'online' });
    on({ type: 'online_count', workspaceId: WORKSPACE_ID, count: 41 });
    expect(statusOf('grace')).toBe('online');
    expect(screen.getByTestId('team-online-count')).toHaveTextContent('41/4 online');
    // long past any debounce: the list was neither refetched nor marked stale
    act(() => jest.advanceTimersByTime(5000));
    expect(usersFetches(calls)).toBe(fetched);
    expect(noneInvalidated(queryClient)).toBe(true);
  });

  it('patches one member in place from a profile or role frame, with no refetch of the list', async () => {
    const { calls } = mockFetch({ 'GET /api/users': { body: roster } });
    const { queryClient } = renderWithApp(<Shell />);
    await screen.findByText('turing');
    const fetched = usersFetches(calls);
    const before = shownRoster(queryClient);
    jest.useFakeTimers();
    const { isAdmin: _role, ...profile } = grace;
    on({
      type: 'settings',
      workspaceId: WORKSPACE_ID,
      change: 'profile',
      userId: grace.id,
      profile: { ...profile, username: 'grace_h', firstName: 'grace_h', status: 'dnd', aboutMe: 'COBOL' },
    });
    on({ type: 'settings', workspaceId: WORKSPACE_ID, change: 'role', userId: linus.id, isAdmin: true });
    act(() => jest.advanceTimersByTime(5000));

    const after = shownRoster(queryClient);
    expect(after.find((u) => u.id === grace.id)).toMatchObject({
      username: 'grace_h',
      status: 'dnd',
      aboutMe: 'COBOL',
    });
    expect(after.find((u) => u.id === linus.id)?.isAdmin).toBe(true);
    // everyone else is the very same object: nothing else re-renders
    expect(after.filter((u) => u.id !== grace.id && u.id !== linus.id)).toEqual(
      before.filter((u) => u.id !== grace.id && u.id !== linus.id),
    );
    expect(after.find((u) => u.id === turing.id)).toBe(before.find((u) => u.id === turing.id));
    expect(screen.getByText('grace_h')).toBeInTheDocument();
    expect(usersFetches(calls)).toBe(fetched);
    expect(noneInvalidated(queryClient)).toBe(true);
  });

  it('refetches the list once for a member it does not hold yet (a newcomer)', async () => {
    const { calls } = mockFetch({ 'GET /api/users': { body: roster } });
    renderWithApp(<Shell />);
    await screen.findByText('turing');
    const fetched = usersFetches(calls);
    const newcomer = member('88888888-8888-4888-8888-888888888888', 'hopper');
    const { isAdmin: _role, ...profile } = newcomer;
    on({ type: 'settings', workspaceId: WORKSPACE_ID, change: 'profile', userId: newcomer.id, profile });
    await waitFor(() => expect(usersFetches(calls)).toBe(fetched + 1), { timeout: 3000 });
  });

  it('re-renders a component showing one member’s presence only when that member changes', () => {
    const renders: Record<string, number> = {};
    const Dot = ({ userId }: { userId: string }) => {
      const presence = usePresenceOf(userId);
      useEffect(() => {
        renders[userId] = (renders[userId] ?? 0) + 1;
      });
      return <span>{presence ?? 'unknown'}</span>;
    };
    render(
      <>
        <Dot userId={grace.id} />
        <Dot userId={linus.id} />
      </>,
    );
    act(() => setPresence(grace.id, 'online'));
    act(() => setPresence(grace.id, 'offline'));
    act(() => setPresence(grace.id, 'offline'));
    expect(renders).toEqual({ [grace.id]: 3, [linus.id]: 1 });
  });

  it(`sends one subscription for rows mounted within ${PRESENCE_WATCH_BATCH_MS} ms, and drops who is no longer shown`, async () => {
    mockFetch({ 'GET /api/users': { body: roster } });
    const { queryClient } = renderWithApp(<Shell />);
    await screen.findByText('turing');
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => {
      queryClient.setQueryData(rosterKey, {
        pages: [{ users: [{ ...me }, grace], nextCursor: null, total: 2 }],
        pageParams: [undefined],
      });
    });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ type: 'presence_subscribe', userIds: [grace.id] });
  });
});
