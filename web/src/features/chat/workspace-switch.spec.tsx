// Switching workspace with the shell's socket open: the tab's one socket joins again once the refreshed user names the
// new workspace, and what the old workspace still sends before the server's `joined` is not applied.
import type { Message } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { aUser, mockFetch, renderWithApp } from '../../../test/render.js';

class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
}
// the tab's connection creates its sockets with the global WebSocket when it connects
globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;

const { useLiveUpdates } = await import('./use-live-updates.js');
const { realtime } = await import('./realtime.js');
const { resetLiveState } = await import('./live-store.js');
const { usePresence } = await import('./presence-store.js');
const { authUserQuery } = await import('../../api/auth.js');
const { useSwitchWorkspace } = await import('../../api/workspaces.js');
const { chatKeys } = await import('./api.js');

const FIRST = '22222222-2222-4222-8222-222222222222';
const SECOND = '33333333-3333-4333-8333-333333333333';
const GRACE = '55555555-5555-4555-8555-555555555555';
const ts = '2025-03-01T10:00:00.000Z';

const Shell = () => {
  const { data: user } = useQuery(authUserQuery());
  useLiveUpdates(user);
  const switchWorkspace = useSwitchWorkspace();
  const presence = usePresence();
  return (
    <>
      <span data-testid="workspace">{user?.workspaceId}</span>
      <span data-testid="grace">{presence.get(GRACE) ?? 'unknown'}</span>
      <button type="button" onClick={() => switchWorkspace.mutate(SECOND)}>
        Switch
      </button>
    </>
  );
};

const message = (channelId: string, content: string): Message => ({
  id: `e0000000-0000-4000-8000-${String(content.length).padStart(12, '0')}`,
  channelId,
  userId: GRACE,
  username: 'grace',
  content,
  imageUrl: null,
  createdAt: ts,
});

describe('switching workspace with the socket open', () => {
  beforeEach(() => resetLiveState());
  afterEach(() => realtime.shutdown());

  it('joins again for the new workspace and ignores the old one’s frames until the server has moved the socket', async () => {
    let current = FIRST;
    const me = () => aUser({ workspaceId: current, isAdmin: false });
    const { calls } = mockFetch({
      'GET /api/auth/user': () => ({ body: me() }),
      'POST /api/switch-workspace': (body) => {
        current = (body as { workspaceId: string }).workspaceId;
        return { body: { workspaceId: current } };
      },
    });
    const { queryClient } = renderWithApp(<Shell />);
    await waitFor(() => expect(screen.getByTestId('workspace')).toHaveTextContent(FIRST));
    const socket = FakeWebSocket.all.at(-1)!;
    act(() => socket.open());
    act(() => socket.receive({ type: 'joined', workspaceId: FIRST, userId: me().id, replayed: 0, online: [GRACE] }));
    expect(screen.getByTestId('grace')).toHaveTextContent('online');
    const join = { type: 'join', userId: me().id, username: 'ada' };
    expect(socket.sent).toEqual([join]);

    fireEvent.click(screen.getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(socket.sent).toEqual([join, join]));
    expect(screen.getByTestId('workspace')).toHaveTextContent(SECOND);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ workspaceId: SECOND }]);
    // one socket for the tab, kept open through the switch
    expect(FakeWebSocket.all.filter((s) => s.readyState === 1)).toEqual([socket]);

    queryClient.setQueryData(chatKeys.unread, []);
    act(() => socket.receive({ type: 'message', message: message('c0000000-0000-4000-8000-000000000001', 'old') }));
    expect(queryClient.getQueryData(chatKeys.unread)).toEqual([]);
    act(() => socket.receive({ type: 'joined', workspaceId: SECOND, userId: me().id, replayed: 0, online: [me().id] }));
    // grace is not connected in the new workspace
    expect(screen.getByTestId('grace')).toHaveTextContent('offline');
    const fresh = 'c0000000-0000-4000-8000-000000000002';
    act(() => socket.receive({ type: 'message', message: message(fresh, 'new workspace') }));
    expect(queryClient.getQueryData(chatKeys.unread)).toEqual([{ channelId: fresh, count: 1 }]);
  });
});
