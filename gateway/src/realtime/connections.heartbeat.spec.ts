// SocketConnections' use of Heartbeat, with its collaborators stubbed: only the sockets and their pings are real
// concerns here.
import 'reflect-metadata';
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { SocketConnections } from './connections.js';
import { DEFAULT_REALTIME_OPTIONS } from './realtime.options.js';

/** A socket whose peer answers pings (or not), recording what was done to it. */
class PeerSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  pings = 0;
  terminated = false;
  constructor(private readonly answers: boolean) {
    super();
  }
  ping(): void {
    this.pings++;
    if (this.answers) queueMicrotask(() => this.emit('pong'));
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
  pause(): void {}
  send(): void {}
}

const stub = <T>(methods: Record<string, unknown>): T => methods as T;

describe('SocketConnections heartbeat', () => {
  let connections: SocketConnections;

  beforeEach(async () => {
    connections = new SocketConnections(
      stub({ close: async () => undefined }),
      stub({ stop: async () => undefined }),
      stub({ onEvict: () => undefined }),
      { ...DEFAULT_REALTIME_OPTIONS, heartbeatMs: 20 },
    );
    connections.onModuleInit();
  });

  afterEach(async () => {
    await connections.beforeApplicationShutdown();
  });

  it('pings every socket each interval and terminates one that answered no ping since its last', async () => {
    const alive = new PeerSocket(true);
    const dead = new PeerSocket(false);
    connections.connect(alive as unknown as WebSocket, 'u1');
    connections.connect(dead as unknown as WebSocket, 'u2');
    const deadline = Date.now() + 5000;
    while (!(dead.terminated && alive.pings >= 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(dead.pings).toBe(1);
    expect(dead.terminated).toBe(true);
    expect(alive.pings).toBeGreaterThanOrEqual(3);
    expect(alive.terminated).toBe(false);
  });

  it('pings a disconnected socket no more', async () => {
    const gone = new PeerSocket(true);
    connections.connect(gone as unknown as WebSocket, 'u1');
    const deadline = Date.now() + 5000;
    while (gone.pings < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(connections.disconnect(gone as unknown as WebSocket)).toBe(true);
    const pings = gone.pings;
    await new Promise((r) => setTimeout(r, 100));
    expect(gone.pings).toBe(pings);
  });
});
