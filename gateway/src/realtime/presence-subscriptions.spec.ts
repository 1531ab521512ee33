// Presence by subscription on one node, with a clock moved by hand: who gets a presence frame, how often, and the
// online count.
import 'reflect-metadata';
import type { WebSocket } from 'ws';
import type { BusClient } from '@teamchat/bus';
import type { Client } from './client.js';
import { Delivery } from './delivery.js';
import { InMemoryFanout } from './fanout/in-memory.fanout.js';
import { InMemoryPresenceStore } from './fanout/in-memory-presence.store.js';
import { OnlineCounts } from './online-counts.js';
import type { Clock } from './presence-coalescer.js';
import { PresenceSubscriptions } from './presence-subscriptions.js';
import { DEFAULT_REALTIME_OPTIONS } from './realtime.options.js';
import { SendQueue, type TextFrame } from './send-queue.js';

class ManualClock implements Clock {
  private at = 1_000_000;
  private timers: { due: number; run: () => void }[] = [];
  now = () => this.at;
  setTimeout = (run: () => void, ms: number) => {
    const timer = { due: this.at + ms, run };
    this.timers.push(timer);
    return timer;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t !== handle);
  };
  /** Moves time on, running every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const until = this.at + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.due <= until).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.at = next.due;
      next.run();
    }
    this.at = until;
  }
}

class RecordingSocket {
  readonly readyState = 1;
  readonly sent: TextFrame[] = [];
  send(data: TextFrame, _options: { binary: false }, cb: (err?: Error) => void): void {
    this.sent.push(data);
    cb();
  }
  close(): void {}
  frames(type?: string): Record<string, unknown>[] {
    return this.sent
      .map((d) => JSON.parse(String(d)) as Record<string, unknown>)
      .filter((f) => !type || f.type === type);
  }
}

const clientOf = (userId: string, workspaceId: string): Client & { recorded: RecordingSocket } => {
  const socket = new RecordingSocket();
  return {
    recorded: socket,
    socket: socket as unknown as WebSocket,
    userId,
    username: userId,
    workspaceId,
    queue: new SendQueue(socket),
    tail: Promise.resolve(),
    lanes: null,
    pending: 0,
    alive: true,
    held: null,
    channels: null,
  };
};

const W = 'w1';
const MEMBERS = new Set(['ann', 'bob', 'cat', 'dan']);
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe(PresenceSubscriptions.name, () => {
  let clock: ManualClock;
  let store: InMemoryPresenceStore;
  let subscriptions: PresenceSubscriptions;
  let delivery: Delivery;
  let asked: string[][];

  const presence = (userId: string, status: 'online' | 'offline') =>
    delivery.publish(W, {
      userIds: null,
      presenceOf: userId,
      frame: JSON.stringify({ type: 'presence', userId, status }),
    });
  const statuses = (client: ReturnType<typeof clientOf>) =>
    client.recorded.frames('presence').map((f) => `${String(f.userId)} ${String(f.status)}`);

  beforeEach(() => {
    clock = new ManualClock();
    store = new InMemoryPresenceStore();
    asked = [];
    const bus = {
      request: (_contract: unknown, body: { workspaceId: string; userIds: string[] }) => {
        asked.push(body.userIds);
        const members = body.workspaceId === W ? body.userIds.filter((id) => MEMBERS.has(id)) : [];
        return Promise.resolve(members.map((userId) => ({ userId, role: 'member' })));
      },
    } as unknown as BusClient;
    subscriptions = new PresenceSubscriptions(bus, store, DEFAULT_REALTIME_OPTIONS, clock);
    delivery = new Delivery(
      new InMemoryFanout(),
      subscriptions,
      new OnlineCounts(store, DEFAULT_REALTIME_OPTIONS, clock),
    );
    delivery.onModuleInit();
  });

  it('sends presence only to the sockets watching that user', async () => {
    const [ann, bob] = [clientOf('ann', W), clientOf('bob', W)];
    await Promise.all([delivery.join(ann, W), delivery.join(bob, W)]);
    await subscriptions.replace(ann, W, ['cat']);
    await subscriptions.replace(bob, W, ['dan']);
    await presence('cat', 'online');
    await presence('dan', 'online');
    expect(statuses(ann)).toEqual(['cat online']);
    expect(statuses(bob)).toEqual(['dan online']);
  });

  it('answers with the state of the users it added, asks only about new ones, and forgets those left out', async () => {
    const ann = clientOf('ann', W);
    await delivery.join(ann, W);
    await store.connect(W, 'cat');
    await subscriptions.replace(ann, W, ['ann', 'cat', 'dan']);
    // her own id needs no asking
    expect(asked).toEqual([['cat', 'dan']]);
    await subscriptions.replace(ann, W, ['dan', 'bob']);
    expect(asked).toEqual([['cat', 'dan'], ['bob']]);
    expect(ann.recorded.frames('presence_subscribed')).toEqual([
      { type: 'presence_subscribed', userIds: ['ann', 'cat', 'dan'], online: ['cat'] },
      { type: 'presence_subscribed', userIds: ['bob'], online: [] },
    ]);
    await presence('cat', 'offline');
    await presence('bob', 'online');
    expect(statuses(ann)).toEqual(['bob online']);
    expect(subscriptions.watching(ann)).toBe(2);
  });

  it('leaves out users of other workspaces without a word', async () => {
    const ann = clientOf('ann', W);
    await delivery.join(ann, W);
    await subscriptions.replace(ann, W, ['cat', 'stranger']);
    expect(ann.recorded.frames()).toEqual([{ type: 'presence_subscribed', userIds: ['cat'], online: [] }]);
    await presence('stranger', 'online');
    expect(statuses(ann)).toEqual([]);
  });

  it('sends at most one frame per user a second to a socket, the latest, and none that repeats the last', async () => {
    const ann = clientOf('ann', W);
    await delivery.join(ann, W);
    await subscriptions.replace(ann, W, ['cat', 'dan']);
    await presence('cat', 'online');
    await presence('cat', 'offline');
    await presence('cat', 'online');
    await presence('cat', 'offline');
    // another user is not held back by cat's flapping
    await presence('dan', 'online');
    expect(statuses(ann)).toEqual(['cat online', 'dan online']);
    clock.advance(999);
    expect(statuses(ann)).toEqual(['cat online', 'dan online']);
    clock.advance(1);
    expect(statuses(ann)).toEqual(['cat online', 'dan online', 'cat offline']);

    // back online and offline again within the second: the socket already knows the latest
    clock.advance(5000);
    await presence('dan', 'offline');
    await presence('dan', 'online');
    await presence('dan', 'offline');
    clock.advance(1000);
    expect(statuses(ann)).toEqual(['cat online', 'dan online', 'cat offline', 'dan offline']);
    await presence('dan', 'online');
    expect(statuses(ann)).toEqual(['cat online', 'dan online', 'cat offline', 'dan offline', 'dan online']);
  });

  it('sends nothing more once the socket leaves the workspace, and nothing about a user it stopped watching', async () => {
    const ann = clientOf('ann', W);
    await delivery.join(ann, W);
    await subscriptions.replace(ann, W, ['cat', 'dan']);
    await presence('cat', 'online');
    await presence('cat', 'offline');
    await presence('dan', 'online');
    await presence('dan', 'offline');
    await subscriptions.replace(ann, W, ['cat']);
    await delivery.leave(ann, W);
    clock.advance(2000);
    expect(statuses(ann)).toEqual(['cat online', 'dan online']);
    expect(subscriptions.watching(ann)).toBe(0);
  });

  it('sends the online count after changes, at most once per interval, and only when it moved', async () => {
    const [ann, bob] = [clientOf('ann', W), clientOf('bob', W)];
    await Promise.all([delivery.join(ann, W), delivery.join(bob, W)]);
    const counts = () => ann.recorded.frames('online_count').map((f) => f.count);
    for (const userId of ['ann', 'bob', 'cat']) {
      await store.connect(W, userId);
      await presence(userId, 'online');
    }
    clock.advance(0);
    await flush();
    expect(counts()).toEqual([3]);
    await store.connect(W, 'dan');
    await presence('dan', 'online');
    await store.disconnect(W, 'cat');
    await presence('cat', 'offline');
    clock.advance(DEFAULT_REALTIME_OPTIONS.onlineCountIntervalMs - 1);
    await flush();
    expect(counts()).toEqual([3]);
    clock.advance(1);
    await flush();
    // dan came and cat went: still three, so no frame
    expect(counts()).toEqual([3]);
    await store.disconnect(W, 'dan');
    await presence('dan', 'offline');
    clock.advance(DEFAULT_REALTIME_OPTIONS.onlineCountIntervalMs);
    await flush();
    expect(counts()).toEqual([3, 2]);
    expect(bob.recorded.frames('online_count')).toEqual([
      { type: 'online_count', workspaceId: W, count: 3 },
      { type: 'online_count', workspaceId: W, count: 2 },
    ]);
  });
});
