import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { RealtimeConnection, type SocketLike } from './realtime.js';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
}

const ada = { userId: '11111111-1111-4111-8111-111111111111', username: 'ada' };
const message = (createdAt: string) => ({
  type: 'message',
  message: {
    id: '33333333-3333-4333-8333-333333333333',
    channelId: '44444444-4444-4444-8444-444444444444',
    userId: ada.userId,
    username: 'ada',
    content: 'hi',
    imageUrl: null,
    createdAt,
  },
});

describe(RealtimeConnection.name, () => {
  let connection: RealtimeConnection;
  beforeEach(() => {
    jest.useFakeTimers();
    FakeSocket.all = [];
    connection = new RealtimeConnection({
      createSocket: (url) => new FakeSocket(url),
      url: () => 'ws://test/ws',
      backoff: (attempt) => 1000 * 2 ** attempt,
      releaseGraceMs: 500,
    });
  });
  afterEach(() => {
    connection.shutdown();
    jest.useRealTimers();
  });

  it('opens one socket per tab however many screens use it, and joins on open', () => {
    connection.acquire(ada);
    connection.acquire(ada);
    expect(FakeSocket.all).toHaveLength(1);
    FakeSocket.all[0]!.open();
    expect(FakeSocket.all[0]!.sent).toEqual([{ type: 'join', userId: ada.userId, username: 'ada' }]);
    expect(connection.state).toBe('open');
  });

  it('sends frames only while open', () => {
    connection.acquire(ada);
    const typing = { type: 'typing', channelId: 'c', userId: ada.userId, username: 'ada', isTyping: true } as const;
    expect(connection.send(typing)).toBe(false);
    FakeSocket.all[0]!.open();
    expect(connection.send(typing)).toBe(true);
    expect(FakeSocket.all[0]!.sent).toContainEqual(typing);
  });

  it('reconnects with growing backoff and rejoins with the last seen message time as since', () => {
    connection.acquire(ada);
    const first = FakeSocket.all[0]!;
    first.open();
    first.receive(message('2025-03-01T10:00:05.000Z'));
    first.receive(message('2025-03-01T10:00:01.000Z'));
    first.drop();
    expect(connection.state).toBe('closed');

    jest.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.drop();
    jest.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    jest.advanceTimersByTime(1);
    const third = FakeSocket.all[2]!;
    third.open();
    expect(third.sent[0]).toEqual({
      ...{ type: 'join', userId: ada.userId, username: 'ada' },
      since: '2025-03-01T10:00:05.000Z',
    });
  });

  it('does not reconnect when the server ends the socket’s session (4401), and says so; a new acquire connects again', () => {
    const states: string[] = [];
    connection.onStateChange((state) => states.push(state));
    const release = connection.acquire(ada);
    FakeSocket.all[0].open();
    FakeSocket.all[0].readyState = 3;
    FakeSocket.all[0].onclose?.({ code: 4401 } as CloseEvent);
    expect(connection.state).toBe('ended');
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(states).toEqual(['connecting', 'open', 'ended']);
    release();
    jest.advanceTimersByTime(1000);
    connection.acquire({ ...ada, userId: '22222222-2222-4222-8222-222222222222' });
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('resets the backoff once the server accepts the join', () => {
    connection.acquire(ada);
    FakeSocket.all[0]!.drop();
    jest.advanceTimersByTime(1000);
    FakeSocket.all[1]!.open();
    FakeSocket.all[1]!.receive({ type: 'joined', workspaceId: 'w', userId: ada.userId, replayed: 0 });
    FakeSocket.all[1]!.drop();
    jest.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('joins again on the open socket when the workspace changes, without since, ignoring the old workspace’s frames', () => {
    const seen: string[] = [];
    connection.subscribe((frame) =>
      seen.push(frame.type === 'message' ? `message ${frame.message.createdAt}` : frame.type),
    );
    const release = connection.acquire({ ...ada, workspaceId: 'w1' });
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.receive({ type: 'joined', workspaceId: 'w1', userId: ada.userId, replayed: 0 });
    socket.receive(message('2025-03-01T10:00:05.000Z'));

    // the shell re-acquires with the refreshed user after POST /api/switch-workspace
    release();
    connection.acquire({ ...ada, workspaceId: 'w2' });
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.sent).toEqual([
      { type: 'join', userId: ada.userId, username: 'ada' },
      { type: 'join', userId: ada.userId, username: 'ada' },
    ]);
    // still on its way from the old workspace
    socket.receive(message('2025-03-01T10:00:06.000Z'));
    socket.receive({ type: 'presence', userId: ada.userId, status: 'offline' });
    socket.receive({ type: 'joined', workspaceId: 'w2', userId: ada.userId, replayed: 0, online: [ada.userId] });
    socket.receive(message('2025-03-01T10:00:07.000Z'));
    expect(seen).toEqual(['joined', 'message 2025-03-01T10:00:05.000Z', 'joined', 'message 2025-03-01T10:00:07.000Z']);
    // the socket stays open through the switch (the release grace did not close it)
    jest.advanceTimersByTime(1000);
    expect(socket.closed).toBe(false);
  });

  it('joins the new workspace when a socket that was not open yet opens, and on every reconnect after', () => {
    connection.acquire({ ...ada, workspaceId: 'w1' });
    connection.acquire({ ...ada, workspaceId: 'w2' });
    const socket = FakeSocket.all[0]!;
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual([{ type: 'join', userId: ada.userId, username: 'ada' }]);
    socket.drop();
    jest.advanceTimersByTime(1000);
    FakeSocket.all[1]!.open();
    expect(FakeSocket.all[1]!.sent).toEqual([{ type: 'join', userId: ada.userId, username: 'ada' }]);
  });

  it('does not join again while the workspace stays the same', () => {
    const release = connection.acquire({ ...ada, workspaceId: 'w1' });
    FakeSocket.all[0]!.open();
    release();
    connection.acquire({ ...ada, workspaceId: 'w1' });
    expect(FakeSocket.all[0]!.sent).toHaveLength(1);
  });

  it('hands frames to subscribers and only logs what it cannot parse', () => {
    const seen: unknown[] = [];
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    connection.subscribe((frame) => seen.push(frame.type));
    connection.acquire(ada);
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.onmessage?.({ data: 'not json' } as MessageEvent);
    socket.receive({ type: 'resync' });
    expect(seen).toEqual(['resync']);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('closes when the last screen lets go, and not when another takes over in time', () => {
    const release = connection.acquire(ada);
    FakeSocket.all[0]!.open();
    release();
    jest.advanceTimersByTime(400);
    const again = connection.acquire(ada);
    jest.advanceTimersByTime(1000);
    expect(FakeSocket.all[0]!.closed).toBe(false);
    again();
    jest.advanceTimersByTime(500);
    expect(FakeSocket.all[0]!.closed).toBe(true);
    // closed on purpose: no reconnect
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
