// Typing in a thread's composer is typing in that thread, not in the channel: the `typing` frame's `threadId` decides
// which indicator shows it (the channel's under its list, the thread panel's above its composer), both ways.
import { jest } from '@jest/globals';
import type { ClientFrame, Message, ServerFrame } from '@teamchat/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useMatch } from 'react-router-dom';
import { aChannel, aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../../test/render.js';

type Listener = (frame: ServerFrame) => void;
const listeners = new Set<Listener>();
const sent: ClientFrame[] = [];
const fakeRealtime = {
  acquire: () => () => undefined,
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  send: (frame: ClientFrame) => {
    sent.push(frame);
    return true;
  },
  noteSeen: () => undefined,
  onStateChange: () => () => undefined,
  state: 'open',
};
jest.unstable_mockModule('../realtime.js', () => ({ realtime: fakeRealtime, RealtimeConnection: class {} }));
const { ChannelScreen } = await import('../ChannelScreen.js');
const { useLiveUpdates } = await import('../use-live-updates.js');
const { resetLiveState } = await import('../live-store.js');
const { closeThread } = await import('./thread-store.js');

const emit = (frame: ServerFrame) => act(() => listeners.forEach((l) => l(frame)));

const me = aUser({ workspaceId: WORKSPACE_ID, isAdmin: false });
const grace = { ...aUser({ id: '55555555-5555-4555-8555-555555555555', username: 'grace' }), isAdmin: false };
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const OTHER_THREAD = 'e0000000-0000-4000-8000-000000000099';
const channel = aChannel({ id: GENERAL });
const at = (s: number) => new Date(Date.UTC(2025, 2, 1, 13, 5, s)).toISOString();
const msg = (n: number, extra: Partial<Message> = {}): Message => ({
  id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  channelId: GENERAL,
  userId: grace.id,
  username: 'grace',
  content: `message ${n}`,
  imageUrl: null,
  createdAt: at(n),
  ...extra,
});
const root = msg(1, { content: 'the root', thread: { replyCount: 1, lastReplyAt: at(2), replierIds: [grace.id] } });
const reply = msg(2, { content: 'a reply', threadId: root.id, alsoInChannel: false });

const Shell = () => {
  const id = useMatch('/channel/:id')?.params.id;
  useLiveUpdates(me, id);
  return (
    <Routes>
      <Route path="/channel/:id" element={<ChannelScreen />} />
    </Routes>
  );
};

const api = () =>
  mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/channels': { body: [channel] },
    'GET /api/dm': { body: [] },
    'GET /api/users': { body: [{ ...me }, grace] },
    'GET /api/unread': { body: [] },
    'GET /api/threads': { body: [] },
    [`GET /api/channels/${GENERAL}/messages`]: { body: [root] },
    [`GET /api/messages/${root.id}/thread`]: { body: { root, replies: [reply] } },
    [`POST /api/messages/${root.id}/thread/read`]: { body: { threadId: root.id, lastReadAt: at(9) } },
  });

const panel = () => screen.getByRole('complementary', { name: 'Thread' });
const channelTyping = () => screen.getByTestId('typing-indicator');
const threadTyping = () => within(panel()).getByTestId('thread-typing-indicator');
const graceTyping = (isTyping: boolean, threadId?: string): ServerFrame => ({
  type: 'typing',
  channelId: GENERAL,
  userId: grace.id,
  username: 'grace',
  isTyping,
  ...(threadId ? { threadId } : {}),
});

/** The channel screen with the root's thread open in the panel. */
const openThread = async () => {
  api();
  renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
  fireEvent.click(await screen.findByRole('button', { name: /1 reply/ }));
  await within(panel()).findByText('a reply');
};

describe('typing in a thread', () => {
  beforeEach(() => {
    listeners.clear();
    sent.length = 0;
    resetLiveState();
    localStorage.clear();
    closeThread();
  });

  it('shows typing in the open thread above its composer only, never under the channel', async () => {
    await openThread();
    emit(graceTyping(true, root.id));
    expect(threadTyping()).toHaveTextContent('grace is typing…');
    expect(channelTyping()).toHaveTextContent('');

    emit(graceTyping(false, root.id));
    expect(threadTyping()).toHaveTextContent('');
  });

  it('shows typing without a threadId (an older client too) under the channel only', async () => {
    await openThread();
    emit(graceTyping(true));
    expect(channelTyping()).toHaveTextContent('grace is typing…');
    expect(threadTyping()).toHaveTextContent('');
  });

  it('shows typing in another thread of the channel in neither place', async () => {
    await openThread();
    emit(graceTyping(true, OTHER_THREAD));
    expect(channelTyping()).toHaveTextContent('');
    expect(threadTyping()).toHaveTextContent('');
  });

  it('ends the thread’s typing notice with the typist’s reply there, leaving the channel’s alone', async () => {
    await openThread();
    emit(graceTyping(true));
    emit(graceTyping(true, root.id));
    emit({ type: 'message', message: msg(3, { content: 'typed and sent', threadId: root.id, alsoInChannel: false }) });
    expect(await within(panel()).findByText('typed and sent')).toBeInTheDocument();
    expect(threadTyping()).toHaveTextContent('');
    expect(channelTyping()).toHaveTextContent('grace is typing…');
  });

  it('sends typing from the thread’s composer with its threadId, and from the channel’s composer without one', async () => {
    await openThread();
    // (fireEvent: in jsdom every pointer lands on the resize handle, which then takes the focus)
    fireEvent.change(within(panel()).getByRole('textbox', { name: 'Reply' }), { target: { value: 'in the thread' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'in the channel' } });
    expect(sent.filter((f) => f.type === 'typing')).toEqual([
      { type: 'typing', channelId: GENERAL, userId: me.id, username: me.username, isTyping: true, threadId: root.id },
      { type: 'typing', channelId: GENERAL, userId: me.id, username: me.username, isTyping: true },
    ]);
  });
});
