// The channel screen with a scripted API and a scripted socket: header, list, live frames, unread, typing, sends.
import { jest } from '@jest/globals';
import type { Channel, Message, ServerFrame } from '@teamchat/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useMatch, useNavigate } from 'react-router-dom';
import { aChannel, aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../test/render.js';
import messageRowStyles from './MessageRow.module.css';

type Listener = (frame: ServerFrame) => void;
const listeners = new Set<Listener>();
const sent: unknown[] = [];
let socketOpen = true;
const fakeRealtime = {
  acquire: () => () => undefined,
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  send: (frame: unknown) => {
    if (!socketOpen) return false;
    sent.push(frame);
    return true;
  },
  noteSeen: () => undefined,
  onStateChange: () => () => undefined,
  state: 'open',
};
jest.unstable_mockModule('./realtime.js', () => ({ realtime: fakeRealtime, RealtimeConnection: class {} }));
const { ChannelScreen, SELECT_CHANNEL_TEXT } = await import('./ChannelScreen.js');
const { useLiveUpdates } = await import('./use-live-updates.js');
const { EMPTY_CHANNEL_TEXT, JUMP_HIGHLIGHT_MS } = await import('./MessageList.js');
const { chatKeys } = await import('./api.js');
const { AUTO_RETRIES, RETRY_BASE_MS, SOCKET_ACK_MS } = await import('./use-send-message.js');
const { resetLiveState } = await import('./live-store.js');

const emit = (frame: ServerFrame) => act(() => listeners.forEach((l) => l(frame)));

const me = aUser({ workspaceId: WORKSPACE_ID, isAdmin: false });
const grace = {
  ...aUser({
    id: '55555555-5555-4555-8555-555555555555',
    username: 'grace',
    handle: 'amazing_grace',
    stars: 7,
    aboutMe: 'COBOL',
  }),
  isAdmin: false,
};
const ts = '2025-03-01T10:00:00.000Z';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const RANDOM = 'c0000000-0000-4000-8000-000000000002';
const DM = 'd0000000-0000-4000-8000-000000000001';
const channel = (id: string, name: string, extra: Partial<Channel> = {}): Channel =>
  aChannel({ id, name, createdAt: ts, ...extra });
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

const Shell = () => {
  const id = useMatch('/channel/:id')?.params.id;
  useLiveUpdates(me, id);
  return (
    <Routes>
      <Route path="/channel/:id" element={<ChannelScreen />} />
      <Route path="/channel" element={<ChannelScreen />} />
    </Routes>
  );
};

const api = (messages: Message[] = [], extra: Record<string, unknown> = {}) =>
  mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/channels': {
      body: [channel(GENERAL, 'general', { description: 'Company-wide' }), channel(RANDOM, 'random')],
    },
    'GET /api/dm': { body: [channel(DM, 'dm', { type: 'direct', participantIds: [me.id, grace.id] })] },
    'GET /api/users': { body: [{ ...me }, grace] },
    'GET /api/unread': { body: [] },
    [`GET /api/channels/${GENERAL}/messages`]: { body: messages },
    [`GET /api/channels/${DM}/messages`]: { body: [] },
    ...(extra as Record<string, never>),
  });

describe(ChannelScreen.name, () => {
  beforeEach(() => {
    listeners.clear();
    sent.length = 0;
    socketOpen = true;
    resetLiveState();
    localStorage.clear();
  });

  it('says SELECT A CHANNEL... for an id that is not in the channel list', async () => {
    api();
    renderWithApp(<Shell />, { route: '/channel/unknown' });
    expect(await screen.findByText(SELECT_CHANNEL_TEXT)).toBeInTheDocument();
  });

  it('opens a public channel one has not joined by its link, asking for it on its own', async () => {
    const OPEN = 'c0000000-0000-4000-8000-000000000009';
    api([], {
      [`GET /api/channels/${OPEN}`]: { body: channel(OPEN, 'open-plan', { joined: false, memberCount: 5 }) },
      [`GET /api/channels/${OPEN}/messages`]: { body: [] },
    });
    renderWithApp(<Shell />, { route: `/channel/${OPEN}` });
    expect(await screen.findByRole('heading', { name: '#open-plan' })).toBeInTheDocument();
  });

  it('shows the header with name, id, description, member count and rename; and the empty text', async () => {
    api();
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    expect(await screen.findByRole('heading', { name: '#general' })).toBeInTheDocument();
    expect(screen.getByText(`ID: ${GENERAL}`)).toBeInTheDocument();
    expect(screen.getByText('Company-wide')).toBeInTheDocument();
    // a channel without a member list (an older server's): everyone in the workspace, from the directory
    await waitFor(() => expect(screen.getByTestId('member-count')).toHaveTextContent('2'));
    expect(screen.getByRole('button', { name: 'Rename channel' })).toBeInTheDocument();
    expect(screen.queryByText('DM')).not.toBeInTheDocument();
    expect(await screen.findByText(EMPTY_CHANNEL_TEXT)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type your message...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'PANEL' })).toBeInTheDocument();
  });

  it('loads the settings dialog when it is first opened, on the tab asked for', async () => {
    api();
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    await screen.findByRole('heading', { name: '#general' });
    expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Update profile' }));
    // the dialog shows at once; its tabs follow when the dialog's code has loaded
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Appearance', 'Profile', 'Reactions']);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('tab', { name: 'Appearance', selected: true })).toBeInTheDocument();
  });

  it('names a DM after the other person, flags it, and offers no rename', async () => {
    api();
    renderWithApp(<Shell />, { route: `/channel/${DM}` });
    // by her handle, her display name (lib/display-name.ts)
    expect(await screen.findByRole('heading', { name: '@amazing_grace' })).toBeInTheDocument();
    expect(screen.getByText('DM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename channel' })).not.toBeInTheDocument();
  });

  it('renders rows with username, 24-hour time, highlighted mentions and images', async () => {
    api([
      msg(1, { content: 'hi @ada, look', agentId: 'A-7' }),
      msg(2, { content: null, imageUrl: '/attachments/w/x/y.png' }),
    ]);
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    const rows = await screen.findAllByTestId('message-row');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByRole('button', { name: 'amazing_grace' })).toBeInTheDocument();
    expect(first).toHaveTextContent('@grace');
    expect(within(first).getByText('[A-7]')).toBeInTheDocument();
    const expected = new Date(msg(1).createdAt);
    const hhmmss = [expected.getHours(), expected.getMinutes(), expected.getSeconds()]
      .map((n) => String(n).padStart(2, '0'))
      .join(':');
    expect(within(first).getByText(hhmmss)).toBeInTheDocument();
    expect(within(first).getByText('@ada')).toHaveAttribute('data-mention', 'person');
    expect(within(rows[1]!).getByRole('img', { name: 'Attached image' })).toHaveAttribute(
      'src',
      '/attachments/w/x/y.png',
    );
  });

  it('adds live messages without a refresh, counts unread for other channels, and shows typing', async () => {
    api([msg(1)]);
    const { queryClient } = renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    await screen.findByText('message 1');
    // the sidebar's unread list, as the shell would have loaded it
    queryClient.setQueryData(chatKeys.unread, []);

    emit({ type: 'typing', channelId: GENERAL, userId: grace.id, username: 'grace', isTyping: true });
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('grace is typing…');

    emit({ type: 'message', message: msg(2, { content: 'fresh off the socket' }) });
    expect(await screen.findByText('fresh off the socket')).toBeInTheDocument();
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('');

    emit({ type: 'message', message: msg(3, { channelId: RANDOM, content: 'elsewhere' }) });
    emit({ type: 'message', message: msg(4, { channelId: RANDOM, content: 'elsewhere again' }) });
    expect(queryClient.getQueryData(chatKeys.unread)).toEqual([{ channelId: RANDOM, count: 2 }]);
    // the same message twice (a replay) is shown once
    emit({ type: 'message', message: msg(2, { content: 'fresh off the socket' }) });
    expect(screen.getAllByText('fresh off the socket')).toHaveLength(1);
  });

  it('fills the team roster from the `joined` frame’s list of who is connected, then from presence frames', async () => {
    api([]);
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    const count = await screen.findByTestId('team-online-count');
    // grace's stored status says online until the socket knows better
    await waitFor(() => expect(count).toHaveTextContent('2/2 online'));
    emit({ type: 'joined', workspaceId: WORKSPACE_ID, userId: me.id, replayed: 0, online: [me.id] });
    expect(count).toHaveTextContent('1/2 online');
    emit({ type: 'presence', userId: grace.id, status: 'online' });
    expect(count).toHaveTextContent('2/2 online');
    emit({ type: 'presence', userId: grace.id, status: 'offline' });
    expect(count).toHaveTextContent('1/2 online');
  });

  it('sends over the socket with a clientMsgId and replaces the pending row with the echo', async () => {
    api([]);
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    const input = await screen.findByPlaceholderText('Type your message...');
    await screen.findByText(EMPTY_CHANNEL_TEXT);
    fireEvent.change(input, { target: { value: 'hello all' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const frame = sent.find((f) => (f as { type: string }).type === 'message') as Record<string, string>;
    expect(frame).toMatchObject({
      type: 'message',
      channelId: GENERAL,
      userId: me.id,
      username: 'ada',
      content: 'hello all',
    });
    expect(frame.clientMsgId).toBeTruthy();
    expect(await screen.findByText('sending…')).toBeInTheDocument();
    emit({
      type: 'message',
      message: msg(9, { userId: me.id, username: 'ada', content: 'hello all', clientMsgId: frame.clientMsgId }),
    });
    await waitFor(() => expect(screen.queryByText('sending…')).not.toBeInTheDocument());
    expect(screen.getAllByText('hello all')).toHaveLength(1);
  });

  it('marks a message the socket refuses as not sent at once, with the server’s reason, and never posts it over HTTP', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = api([]);
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    const input = await screen.findByPlaceholderText('Type your message...');
    await screen.findByText(EMPTY_CHANNEL_TEXT);
    jest.useFakeTimers();
    try {
      fireEvent.change(input, { target: { value: 'see my picture' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      const frame = sent.find((f) => (f as { type: string }).type === 'message') as { clientMsgId: string };
      expect(screen.getByText('sending…')).toBeInTheDocument();

      // refusals of other frames, or of other messages, leave it pending
      emit({ type: 'error', code: 'VALIDATION.FAILED', message: 'Unknown frame type' });
      emit({ type: 'error', code: 'CHAT.CHANNEL_NOT_FOUND', message: 'Channel not found', clientMsgId: 'other' });
      expect(screen.getByText('sending…')).toBeInTheDocument();
      expect(screen.queryByText('Not sent.')).not.toBeInTheDocument();

      emit({
        type: 'error',
        code: 'VALIDATION.FAILED',
        message: 'Image must be uploaded first',
        clientMsgId: frame.clientMsgId,
      });
      expect(screen.getByText('Not sent.')).toBeInTheDocument();
      expect(screen.getByText('Image must be uploaded first')).toBeInTheDocument();
      expect(screen.getByText('see my picture')).toBeInTheDocument();
      expect(screen.queryByText('sending…')).not.toBeInTheDocument();

      // a retry a second later goes over the socket again with the same id; the first attempt's fallback stays quiet
      act(() => jest.advanceTimersByTime(1000));
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      const frames = sent.filter((f) => (f as { type: string }).type === 'message') as { clientMsgId: string }[];
      expect(frames.map((f) => f.clientMsgId)).toEqual([frame.clientMsgId, frame.clientMsgId]);
      expect(screen.getByText('sending…')).toBeInTheDocument();
      expect(screen.queryByText('Image must be uploaded first')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(SOCKET_ACK_MS - 1));
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
      emit({
        type: 'message',
        message: msg(11, { userId: me.id, username: 'ada', content: 'see my picture', clientMsgId: frame.clientMsgId }),
      });
      expect(screen.queryByText('sending…')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(SOCKET_ACK_MS));
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
    expect(screen.getAllByText('see my picture')).toHaveLength(1);
    log.mockRestore();
  });

  it('sends a message the server refused for now (overloaded) again by itself, with the same clientMsgId, until it is stored', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = api([]);
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    const input = await screen.findByPlaceholderText('Type your message...');
    await screen.findByText(EMPTY_CHANNEL_TEXT);
    jest.useFakeTimers();
    try {
      fireEvent.change(input, { target: { value: 'busy times' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      const frames = () =>
        (sent.filter((f) => (f as { type: string }).type === 'message') as { clientMsgId: string }[]).map(
          (f) => f.clientMsgId,
        );
      const [id] = frames();
      const refuse = (code: string, message: string) => emit({ type: 'error', code, message, clientMsgId: id });
      // refused twice for now: still sending, and sent again after each pause
      refuse('BUS.UNAVAILABLE', 'No reply on chat.message.create in time');
      expect(screen.getByText('sending…')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(RETRY_BASE_MS));
      expect(frames()).toEqual([id, id]);
      refuse('AUTH.RATE_LIMITED', 'Too many frames at once');
      act(() => jest.advanceTimersByTime(RETRY_BASE_MS * 2));
      expect(frames()).toEqual([id, id, id]);
      expect(screen.queryByText('Not sent.')).not.toBeInTheDocument();
      // then stored: the echo settles it, and nothing is sent again
      emit({
        type: 'message',
        message: msg(12, { userId: me.id, username: 'ada', content: 'busy times', clientMsgId: id }),
      });
      expect(screen.queryByText('sending…')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(SOCKET_ACK_MS * 4));
      expect(frames()).toEqual([id, id, id]);
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

      // a message refused for now every time fails once the automatic attempts are spent
      fireEvent.change(input, { target: { value: 'never gets through' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      const second = frames().at(-1)!;
      for (let attempt = 0; attempt <= AUTO_RETRIES; attempt++) {
        emit({ type: 'error', code: 'BUS.UNAVAILABLE', message: 'Service unavailable', clientMsgId: second });
        act(() => jest.advanceTimersByTime(RETRY_BASE_MS * 2 ** attempt));
      }
      expect(frames().filter((f) => f === second)).toHaveLength(AUTO_RETRIES + 1);
      expect(screen.getByText('Not sent.')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
    log.mockRestore();
  });

  it('keeps a failed send visible with a retry that reuses the same clientMsgId', async () => {
    socketOpen = false;
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const bodies: unknown[] = [];
    api([], {
      [`POST /api/channels/${GENERAL}/messages`]: (body: unknown) => {
        attempts += 1;
        bodies.push(body);
        return attempts === 1
          ? { status: 500, body: { error: 'down' } }
          : {
              body: msg(10, {
                userId: me.id,
                username: 'ada',
                content: 'retry me',
                clientMsgId: (body as { clientMsgId: string }).clientMsgId,
              }),
            };
      },
    });
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    const input = await screen.findByPlaceholderText('Type your message...');
    await screen.findByText(EMPTY_CHANNEL_TEXT);
    fireEvent.change(input, { target: { value: 'retry me' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Not sent.')).toBeInTheDocument();
    expect(screen.getByText('retry me')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent.')).not.toBeInTheDocument());
    expect(screen.getAllByText('retry me')).toHaveLength(1);
    expect((bodies[0] as { clientMsgId: string }).clientMsgId).toBe((bodies[1] as { clientMsgId: string }).clientMsgId);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('loads the older page when the reader scrolls to the top', async () => {
    const newest = Array.from({ length: 50 }, (_, i) => msg(i + 10));
    api(newest);
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    await screen.findByText('message 59');
    const { calls } = api(newest, {
      [`GET /api/channels/${GENERAL}/messages`]: (_body: unknown, url: string) =>
        url.includes('before=') ? { body: [msg(1, { content: 'from long ago' })] } : { body: newest },
    });
    fireEvent.scroll(screen.getByTestId('message-list'));
    expect(await screen.findByText('from long ago')).toBeInTheDocument();
    expect(screen.getByText('Start of the channel')).toBeInTheDocument();
    const older = calls.find((c) => c.url.includes('before='))!;
    expect(new URL(older.url, 'http://x').searchParams.get('before')).toBe(newest[0]!.id);
    const rows = screen.getAllByTestId('message-row');
    expect(within(rows[0]!).getByText('from long ago')).toBeInTheDocument();
  });

  it('refetches on resync', async () => {
    const first = api([msg(1)]);
    renderWithApp(<Shell />, { route: `/channel/${GENERAL}` });
    await screen.findByText('message 1');
    const before = first.calls.filter((c) => c.url.includes('/messages')).length;
    api([msg(1), msg(2, { content: 'missed while away' })]);
    emit({ type: 'resync', reason: 'gap-too-large' });
    expect(await screen.findByText('missed while away')).toBeInTheDocument();
    expect(before).toBe(1);
  });

  describe('opened at a message (?message=, from a search result)', () => {
    const page = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));
    /** A channel of messages 1..80; the server's pages as the API gives them (50 a page). */
    const channelOf80 = () => {
      const all = page(1, 80);
      return (_body: unknown, url: string) => {
        const q = new URL(url, 'http://x').searchParams;
        const at = (id: string | null) => all.findIndex((m) => m.id === id);
        if (q.get('around')) {
          const i = at(q.get('around'));
          return i < 0
            ? { status: 400, body: { error: 'Invalid around message' } }
            : { body: all.slice(Math.max(0, i - 25), i + 25) };
        }
        if (q.get('after')) return { body: all.slice(at(q.get('after')) + 1, at(q.get('after')) + 51) };
        if (q.get('before')) return { body: all.slice(Math.max(0, at(q.get('before')) - 50), at(q.get('before'))) };
        return { body: all.slice(-50) };
      };
    };
    const messageCalls = (calls: { url: string }[]) =>
      calls
        .filter((c) => c.url.includes(`/api/channels/${GENERAL}/messages`))
        .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

    it('asks for the page around the message, highlights it, and drops the parameter from the address', async () => {
      const { calls } = api([], { [`GET /api/channels/${GENERAL}/messages`]: channelOf80() });
      renderWithApp(<Shell />, { route: `/channel/${GENERAL}?message=${msg(30).id}` });
      const target = await screen.findByText('message 30');
      const row = target.closest('[data-testid="message-row"]')!;
      expect(row).toHaveClass(messageRowStyles.opened);
      expect(row).toHaveAttribute('aria-current', 'true');
      expect(screen.getAllByTestId('message-row')).toHaveLength(50);
      expect(screen.getByText('message 5')).toBeInTheDocument();
      expect(screen.getByText('message 54')).toBeInTheDocument();
      expect(messageCalls(calls)).toEqual([{ limit: '50', around: msg(30).id }]);
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/channel/${GENERAL}`));
      // newer messages exist: the way back to them is offered
      expect(screen.getByRole('button', { name: 'Jump to latest' })).toBeInTheDocument();
      await waitFor(() => expect(row).not.toHaveClass(messageRowStyles.opened), { timeout: JUMP_HIGHLIGHT_MS + 2000 });
      expect(row).not.toHaveAttribute('aria-current');
    }, 20000);

    it('loads older pages above and newer pages below, then follows live messages once at the newest', async () => {
      const { calls } = api([], { [`GET /api/channels/${GENERAL}/messages`]: channelOf80() });
      renderWithApp(<Shell />, { route: `/channel/${GENERAL}?message=${msg(30).id}` });
      await screen.findByText('message 30');
      // jsdom has no layout: every scroll position is both the top and the bottom; older pages come first
      fireEvent.scroll(screen.getByTestId('message-list'));
      expect(await screen.findByText('message 1')).toBeInTheDocument();
      expect(screen.queryByText('message 55')).not.toBeInTheDocument();
      fireEvent.scroll(screen.getByTestId('message-list'));
      expect(await screen.findByText('message 80')).toBeInTheDocument();
      expect(messageCalls(calls)).toEqual([
        { limit: '50', around: msg(30).id },
        { limit: '50', before: msg(5).id },
        { limit: '50', after: msg(54).id },
      ]);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument());
      expect(screen.getAllByTestId('message-row')).toHaveLength(80);
      emit({ type: 'message', message: msg(81, { content: 'live after the jump' }) });
      expect(await screen.findByText('live after the jump')).toBeInTheDocument();
      const rows = screen.getAllByTestId('message-row');
      expect(within(rows[rows.length - 1]!).getByText('live after the jump')).toBeInTheDocument();
    });

    it('follows live messages at once when the message is among the newest', async () => {
      const { calls } = api([], { [`GET /api/channels/${GENERAL}/messages`]: channelOf80() });
      renderWithApp(<Shell />, { route: `/channel/${GENERAL}?message=${msg(70).id}` });
      const row = (await screen.findByText('message 70')).closest('[data-testid="message-row"]')!;
      expect(row).toHaveAttribute('aria-current', 'true');
      expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument();
      emit({ type: 'message', message: msg(81, { content: 'live right away' }) });
      expect(await screen.findByText('live right away')).toBeInTheDocument();
      expect(messageCalls(calls)).toEqual([{ limit: '50', around: msg(70).id }]);
    });

    it('Jump to latest leaves the older stretch for the newest messages', async () => {
      const { calls } = api([], { [`GET /api/channels/${GENERAL}/messages`]: channelOf80() });
      renderWithApp(<Shell />, { route: `/channel/${GENERAL}?message=${msg(30).id}` });
      await screen.findByText('message 30');
      fireEvent.click(screen.getByRole('button', { name: 'Jump to latest' }));
      expect(await screen.findByText('message 80')).toBeInTheDocument();
      expect(screen.queryByText('message 30')).not.toBeInTheDocument();
      expect(messageCalls(calls)).toEqual([{ limit: '50', around: msg(30).id }, { limit: '50' }]);
    });

    it('goes back to the newest messages when the reader sends from an older stretch', async () => {
      const { calls } = api([], { [`GET /api/channels/${GENERAL}/messages`]: channelOf80() });
      renderWithApp(<Shell />, { route: `/channel/${GENERAL}?message=${msg(30).id}` });
      await screen.findByText('message 30');
      const input = screen.getByPlaceholderText('Type your message...');
      fireEvent.change(input, { target: { value: 'back to now' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(await screen.findByText('message 80')).toBeInTheDocument();
      expect(screen.getByText('back to now')).toBeInTheDocument();
      expect(screen.queryByText('message 30')).not.toBeInTheDocument();
      expect(messageCalls(calls)).toEqual([{ limit: '50', around: msg(30).id }, { limit: '50' }]);
    });

    it('opens at the newest messages when the message cannot be found', async () => {
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { calls } = api([], { [`GET /api/channels/${GENERAL}/messages`]: channelOf80() });
      renderWithApp(<Shell />, { route: `/channel/${GENERAL}?message=e0000000-0000-4000-8000-999999999999` });
      expect(await screen.findByText('message 80')).toBeInTheDocument();
      expect(messageCalls(calls).map((q) => Object.keys(q))).toEqual([['limit', 'around'], ['limit']]);
      log.mockRestore();
    });

    it('centres a message already on screen without asking the server again', async () => {
      const { calls } = api([], { [`GET /api/channels/${GENERAL}/messages`]: channelOf80() });
      const Nav = () => {
        const navigate = useNavigate();
        return (
          <button type="button" onClick={() => void navigate(`/channel/${GENERAL}?message=${msg(60).id}`)}>
            open 60
          </button>
        );
      };
      renderWithApp(
        <>
          <Shell />
          <Nav />
        </>,
        { route: `/channel/${GENERAL}` },
      );
      await screen.findByText('message 80');
      fireEvent.click(screen.getByRole('button', { name: 'open 60' }));
      const row = screen.getByText('message 60').closest('[data-testid="message-row"]')!;
      await waitFor(() => expect(row).toHaveAttribute('aria-current', 'true'));
      expect(screen.getByTestId('location').textContent).toBe(`/channel/${GENERAL}`);
      expect(messageCalls(calls)).toEqual([{ limit: '50' }]);
    });
  });
});
