import { OVERLOADED_CLOSE_CODE, SendQueue, type QueueSocket, type TextFrame } from './send-queue.js';

/** A socket whose network is as slow as the test says: nothing is flushed until `flush()`. */
class SlowSocket implements QueueSocket {
  readyState = 1;
  written: string[] = [];
  closedWith: number | null = null;
  private callbacks: (() => void)[] = [];

  send(data: TextFrame, _options: { binary: false }, cb: () => void): void {
    this.written.push(String(data));
    this.callbacks.push(cb);
  }

  close(code: number): void {
    this.closedWith = code;
    this.readyState = 2;
  }

  flush(): void {
    const cbs = this.callbacks;
    this.callbacks = [];
    cbs.forEach((cb) => cb());
  }
}

describe(SendQueue.name, () => {
  it('writes at once while the socket keeps up', () => {
    const socket = new SlowSocket();
    const q = new SendQueue(socket, { maxInFlight: 2, maxQueued: 3 });
    expect(q.push('a')).toBe('sent');
    socket.flush();
    expect(q.push('b')).toBe('sent');
    expect(socket.written).toEqual(['a', 'b']);
  });

  it('queues messages behind a slow reader and sends them in order as it catches up', () => {
    const socket = new SlowSocket();
    const q = new SendQueue(socket, { maxInFlight: 2, maxQueued: 3 });
    expect(['m1', 'm2', 'm3', 'm4'].map((m) => q.push(m))).toEqual(['sent', 'sent', 'queued', 'queued']);
    socket.flush();
    expect(socket.written).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(q.queued).toBe(0);
  });

  it('drops typing frames first while the reader is behind, keeping every message', () => {
    const socket = new SlowSocket();
    const q = new SendQueue(socket, { maxInFlight: 1, maxQueued: 3 });
    q.push('m1');
    expect(q.push('typing', true)).toBe('dropped');
    expect(q.push('m2')).toBe('queued');
    socket.flush();
    expect(socket.written).toEqual(['m1', 'm2']);
    expect(socket.closedWith).toBeNull();
  });

  it('closes a socket over its limit with 1013 so the client reconnects and resumes', () => {
    const socket = new SlowSocket();
    const q = new SendQueue(socket, { maxInFlight: 1, maxQueued: 2 });
    expect(['m1', 'm2', 'm3', 'm4'].map((m) => q.push(m))).toEqual(['sent', 'queued', 'queued', 'closed']);
    expect(socket.closedWith).toBe(OVERLOADED_CLOSE_CODE);
    expect(q.push('m5')).toBe('closed');
    socket.flush();
    expect(socket.written).toEqual(['m1']);
  });
});
