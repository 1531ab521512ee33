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
