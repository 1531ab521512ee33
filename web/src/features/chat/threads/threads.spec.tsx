// Threads on the channel screen with a scripted API and socket: the summary under a root, the thread panel in place of
// the widgets, its composer with "Also send to channel", live replies, unread replies and drafts per thread.
import { jest } from '@jest/globals';
import type { FollowedThread, Message, ServerFrame } from '@teamchat/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useMatch } from 'react-router-dom';
import { aChannel, aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../../test/render.js';
import summaryStyles from './ThreadSummary.module.css';

type Listener = (frame: ServerFrame) => void;
const listeners = new Set<Listener>();
const fakeRealtime = {
  acquire: () => () => undefined,
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  send: () => true,
  noteSeen: () => undefined,
  onStateChange: () => () => undefined,
  state: 'open',
};
jest.unstable_mockModule('../realtime.js', () => ({ realtime: fakeRealtime, RealtimeConnection: class {} }));
const { ChannelScreen } = await import('../ChannelScreen.js');
const { useLiveUpdates } = await import('../use-live-updates.js');
const { resetLiveState } = await import('../live-store.js');
const { closeThread } = await import('./thread-store.js');
const { lastReplyText, replyCountText } = await import('./ThreadSummary.js');
const { readDraft } = await import('../drafts.js');

const emit = (frame: ServerFrame) => act(() => listeners.forEach((l) => l(frame)));

const me = aUser({ workspaceId: WORKSPACE_ID, isAdmin: false });
const grace = { ...aUser({ id: '55555555-5555-4555-8555-555555555555', username: 'grace' }), isAdmin: false };
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
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
const root = msg(1, {
  content: 'the root',
  thread: { replyCount: 2, lastReplyAt: at(3), replierIds: [grace.id, me.id] },
});
const replies = [
  msg(2, { userId: me.id, username: 'ada', content: 'first reply', threadId: root.id, alsoInChannel: false }),
  msg(3, { content: 'second reply', threadId: root.id, alsoInChannel: false }),
];

const Shell = () => {
  const id = useMatch('/channel/:id')?.params.id;
  useLiveUpdates(me, id);
  return (
    <Routes>
      <Route path="/channel/:id" element={<ChannelScreen />} />
    </Routes>
  );
};

const api = (followed: FollowedThread[] = [], extra: Record<string, unknown> = {}) =>
  mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/channels': { body: [channel] },
    'GET /api/dm': { body: [] },
    'GET /api/users': { body: [{ ...me }, grace] },
    'GET /api/unread': { body: [] },
    'GET /api/threads': { body: followed },
    [`GET /api/channels/${GENERAL}/messages`]: { body: [root] },
    [`GET /api/messages/${root.id}/thread`]: { body: { root, replies } },
    [`POST /api/messages/${root.id}/thread/read`]: { body: { threadId: root.id, lastReadAt: at(9) } },
    ...(extra as Record<string, never>),
  });

const channelList = () => screen.getByRole('list', { name: 'Messages' });
const panel = () => screen.getByRole('complementary', { name: 'Thread' });

describe('threads', () => {
  beforeEach(() => {
    listeners.clear();
    resetLiveState();
    localStorage.clear();
    closeThread();
  });

  it('words the summary: "1 reply" or "N replies", and the last reply’s time', () => {
    expect(replyCountText(1)).toBe('1 reply');
    expect(replyCountText(3)).toBe('3 replies');
    const today = new Date(2025, 2, 1, 14, 30);
    expect(lastReplyText(new Date(2025, 2, 1, 9, 5).toISOString(), today)).toBe('Last reply at 09:05');
    expect(lastReplyText(new Date(2025, 1, 20, 9, 5).toISOString(), today)).toMatch(/^Last reply on /);
    expect(lastReplyText(null)).toBe('');
  });

  it('shows a root’s reply count, last reply and repliers, with the unread replies of a followed thread', async () => {
    api([{ root, unreadCount: 2, lastReadAt: null }]);
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    const summary = await screen.findByRole('button', { name: /2 replies/ });
    expect(summary).toHaveTextContent(lastReplyText(root.thread!.lastReplyAt));
    expect(summary.querySelectorAll(`.${summaryStyles.avatars} > *`)).toHaveLength(2);
    await waitFor(() => expect(within(summary).getByTestId('thread-unread')).toHaveTextContent('2 unread'));
    // a plain message has no summary
    expect(screen.getAllByTestId('thread-summary')).toHaveLength(1);
  });

  it('opens the thread panel in place of the widgets from the summary, reads it, and closes it with Esc', async () => {
    const { calls } = api([{ root, unreadCount: 2, lastReadAt: null }]);
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    expect(await screen.findByRole('heading', { name: 'PANEL' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: /2 replies/ }));

    expect(await within(panel()).findByText('second reply')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Thread' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'PANEL' })).not.toBeInTheDocument();
    const texts = within(panel())
      .getAllByTestId('message-row')
      .map((row) => row.textContent);
    expect(texts[0]).toContain('the root');
    expect(texts[1]).toContain('first reply');
    expect(texts[2]).toContain('second reply');
    // no thread within a thread
    expect(within(panel()).queryByRole('button', { name: 'Reply in thread' })).not.toBeInTheDocument();
    expect(within(panel()).queryByTestId('thread-summary')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === `/api/messages/${root.id}/thread/read`)).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('thread-unread')).not.toBeInTheDocument());

    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Thread' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'PANEL' })).toBeInTheDocument();
  });

  it('opens a thread from "Reply in thread", and closes it with its button', async () => {
    api();
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    const row = (await screen.findByText('the root')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Reply in thread' }));
    expect(await within(panel()).findByText('first reply')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close thread' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Thread' })).not.toBeInTheDocument());
  });

  it('keeps a live thread-only reply out of the channel, in the open thread; one also sent to the channel in both', async () => {
    api();
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    fireEvent.click(await screen.findByRole('button', { name: /2 replies/ }));
    await within(panel()).findByText('second reply');

    emit({ type: 'message', message: msg(4, { content: 'only in thread', threadId: root.id, alsoInChannel: false }) });
    emit({ type: 'message', message: msg(5, { content: 'in both places', threadId: root.id, alsoInChannel: true }) });
    emit({
      type: 'message_updated',
      message: { ...root, thread: { replyCount: 4, lastReplyAt: at(5), replierIds: [grace.id, me.id] } },
    });

    expect(await within(panel()).findByText('only in thread')).toBeInTheDocument();
    expect(within(panel()).getByText('in both places')).toBeInTheDocument();
    expect(within(channelList()).queryByText('only in thread')).not.toBeInTheDocument();
    expect(within(channelList()).getByText('in both places')).toBeInTheDocument();
    expect(within(channelList()).getByRole('button', { name: 'replied to a thread' })).toBeInTheDocument();
    expect(await within(channelList()).findByRole('button', { name: /4 replies/ })).toBeInTheDocument();
  });

  it('counts a live reply in a followed thread that is not open as unread', async () => {
    api([{ root, unreadCount: 0, lastReadAt: at(3) }]);
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    const summary = await screen.findByRole('button', { name: /2 replies/ });
    await waitFor(() => expect(within(summary).queryByTestId('thread-unread')).not.toBeInTheDocument());
    emit({ type: 'message', message: msg(6, { content: 'news', threadId: root.id, alsoInChannel: false }) });
    expect(await within(summary).findByTestId('thread-unread')).toHaveTextContent('1 unread');
  });

  it('sends a reply from the panel’s composer, also to the channel when asked, and keeps a draft per thread', async () => {
    const stored = msg(7, {
      userId: me.id,
      username: 'ada',
      content: 'my answer',
      threadId: root.id,
      alsoInChannel: true,
    });
    const { calls } = api([], {
      [`POST /api/channels/${GENERAL}/messages`]: (body: unknown) => ({
        status: 201,
        body: { ...stored, clientMsgId: (body as { clientMsgId: string }).clientMsgId },
      }),
    });
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    fireEvent.click(await screen.findByRole('button', { name: /2 replies/ }));
    const reply = await within(panel()).findByRole('textbox', { name: 'Reply' });

    // (fireEvent: in jsdom every pointer lands on the resize handle, which then takes the focus)
    fireEvent.change(reply, { target: { value: 'my answer' } });
    expect(readDraft(me.id, `${GENERAL}:thread:${root.id}`)).toBe('my answer');
    // the channel's own composer has its own (empty) draft
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    const also = within(panel()).getByRole('checkbox', { name: 'Also send to channel' });
    fireEvent.click(also);
    expect(also).toBeChecked();
    fireEvent.keyDown(reply, { key: 'Enter' });

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/messages'))).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/messages'))!;
    expect(post.body).toMatchObject({ content: 'my answer', threadId: root.id, alsoInChannel: true });
    const storedIn = (list: HTMLElement) => list.querySelector(`[data-message-id="${stored.id}"]`);
    await waitFor(() => expect(storedIn(panel())).toHaveTextContent('my answer'));
    await waitFor(() => expect(storedIn(channelList())).toHaveTextContent('my answer'));
    expect(also).not.toBeChecked();
    expect(reply).toHaveValue('');
  });

  it('says so when the thread is gone', async () => {
    api([], { [`GET /api/messages/${root.id}/thread`]: { status: 404, body: { error: 'Message not found' } } });
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    fireEvent.click(await screen.findByRole('button', { name: /2 replies/ }));
    expect(await within(panel()).findByText('This thread is no longer available.')).toBeInTheDocument();
  });
});
