// The hub's use of Heartbeat, with its collaborators stubbed: only the sockets and their pings are real concerns here.
import 'reflect-metadata';
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { RealtimeHub } from './realtime-hub.service.js';
import { DEFAULT_REALTIME_OPTIONS } from './realtime.options.js';

/** A socket whose peer answers pings (or not), recording what the hub did to it. */
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

describe('RealtimeHub heartbeat', () => {
  let hub: RealtimeHub;

  beforeEach(async () => {
    hub = new RealtimeHub(
      stub({}),
      stub({}),
      stub({ onEvict: () => undefined }),
      stub({}),
      stub({ onEnvelope: () => undefined, onInterrupted: () => undefined, close: async () => undefined }),
      stub({ onChange: () => undefined, start: async () => undefined, close: async () => undefined }),
      { ...DEFAULT_REALTIME_OPTIONS, heartbeatMs: 20 },
    );
    await hub.onModuleInit();
  });

  afterEach(async () => {
    await hub.beforeApplicationShutdown();
  });

  it('pings every socket each interval and terminates one that answered no ping since its last', async () => {
    const alive = new PeerSocket(true);
    const dead = new PeerSocket(false);
    hub.connect(alive as unknown as WebSocket, 'u1');
    hub.connect(dead as unknown as WebSocket, 'u2');
    const deadline = Date.now() + 5000;
    while (!(dead.terminated && alive.pings >= 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(dead.pings).toBe(1);
    expect(dead.terminated).toBe(true);
    expect(alive.pings).toBeGreaterThanOrEqual(3);
    expect(alive.terminated).toBe(false);
  });

  it('pings a disconnected socket no more', async () => {
    const gone = new PeerSocket(true);
    hub.connect(gone as unknown as WebSocket, 'u1');
    const deadline = Date.now() + 5000;
    while (gone.pings < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(hub.disconnect(gone as unknown as WebSocket)).toBe(true);
    const pings = gone.pings;
    await new Promise((r) => setTimeout(r, 100));
    expect(gone.pings).toBe(pings);
  });
});
