// Delivery with the in-process fan-out and sockets that record what they were sent: which sockets a frame reaches.
import 'reflect-metadata';
import type { WebSocket } from 'ws';
import type { Client } from './client.js';
import { Delivery } from './delivery.js';
import { ChannelRevocations } from './channel-revocations.js';
import { ClusterSignals } from '../cluster/cluster-signals.js';
import type { EnvelopeHandler, Fanout } from './fanout/fanout.js';
import { InMemoryFanout } from './fanout/in-memory.fanout.js';
import { InMemoryPresenceStore } from './fanout/in-memory-presence.store.js';
import { OnlineCounts } from './online-counts.js';
import { PresenceSubscriptions } from './presence-subscriptions.js';
import { SendQueue, type TextFrame } from './send-queue.js';

class RecordingSocket {
  readonly readyState = 1;
  readonly sent: TextFrame[] = [];
  send(data: TextFrame, _options: { binary: false }, cb: (err?: Error) => void): void {
    this.sent.push(data);
    cb();
  }
  close(): void {}
  texts(): string[] {
    return this.sent.map(String);
  }
}

const clientOf = (userId: string): Client & { recorded: RecordingSocket } => {
  const socket = new RecordingSocket();
  return {
    recorded: socket,
    socket: socket as unknown as WebSocket,
    userId,
    username: userId,
    workspaceId: null,
    queue: new SendQueue(socket),
    tail: Promise.resolve(),
    lanes: null,
    pending: 0,
    alive: true,
    held: null,
    channels: null,
  };
};

/** Delivery with presence parts that no test here exercises (see presence-subscriptions.spec.ts). */
const deliveryOver = (fanout: Fanout): Delivery => {
  const store = new InMemoryPresenceStore();
  return new Delivery(fanout, new PresenceSubscriptions(null as never, store), new OnlineCounts(store));
};

describe('Delivery', () => {
  let delivery: Delivery;

  beforeEach(() => {
    delivery = deliveryOver(new InMemoryFanout());
    delivery.onModuleInit();
  });

  it("reaches the workspace's sockets in the audience, one encoding for all of them", async () => {
    const [ann, bob, cat, other] = ['ann', 'bob', 'cat', 'dan'].map(clientOf);
    for (const c of [ann, bob, cat]) await delivery.join(c, 'w1');
    await delivery.join(other, 'w2');

    await delivery.publish('w1', { userIds: null, frame: '{"type":"a"}' });
    await delivery.publish('w1', { userIds: ['ann', 'bob'], frame: '{"type":"b"}' });
    await delivery.publish('w1', { userIds: null, exceptUserId: 'cat', frame: '{"type":"c"}' });

    expect(ann.recorded.texts()).toEqual(['{"type":"a"}', '{"type":"b"}', '{"type":"c"}']);
    expect(bob.recorded.texts()).toEqual(['{"type":"a"}', '{"type":"b"}', '{"type":"c"}']);
    expect(cat.recorded.texts()).toEqual(['{"type":"a"}']);
    expect(other.recorded.texts()).toEqual([]);
    // the same bytes went to every socket
    expect(ann.recorded.sent[0]).toBe(bob.recorded.sent[0]);
    expect(delivery.clientsOf('w1')).toEqual([ann, bob, cat]);
  });

  it('delivers a message id once, however often it is fanned out', async () => {
    const ann = clientOf('ann');
    await delivery.join(ann, 'w1');
    for (let i = 0; i < 3; i++) await delivery.publish('w1', { userIds: null, messageId: 'm1', frame: '{"m":1}' });
    await delivery.publish('w1', { userIds: null, messageId: 'm2', frame: '{"m":2}' });
    expect(ann.recorded.texts()).toEqual(['{"m":1}', '{"m":2}']);
  });

  it('holds frames for a socket whose join is replaying, and stops after it leaves', async () => {
    const ann = clientOf('ann');
    await delivery.join(ann, 'w1');
    ann.held = [];
    await delivery.publish('w1', { userIds: null, messageId: 'm1', frame: '{"m":1}', sentAt: 5 });
    expect(ann.recorded.sent).toEqual([]);
    expect(ann.held).toEqual([{ frame: Buffer.from('{"m":1}'), droppable: false, messageId: 'm1', sentAt: 5 }]);
    ann.held = null;

    await delivery.leave(ann, 'w1');
    await delivery.publish('w1', { userIds: null, frame: '{"m":2}' });
    expect(ann.recorded.sent).toEqual([]);
    expect(delivery.clientsOf('w1')).toEqual([]);
  });

  it('sends a resync to the sockets of every workspace whose delivery was interrupted', async () => {
    let interrupted: (workspaceIds: string[]) => void = () => undefined;
    let handler: EnvelopeHandler = () => undefined;
    const fanout = {
      onEnvelope: (h: EnvelopeHandler) => (handler = h),
      onInterrupted: (h: (workspaceIds: string[]) => void) => (interrupted = h),
      subscribe: async () => undefined,
      unsubscribe: async () => undefined,
    } as unknown as Fanout;
    delivery = deliveryOver(fanout);
    delivery.onModuleInit();
    const [ann, bob] = ['ann', 'bob'].map(clientOf);
    await delivery.join(ann, 'w1');
    await delivery.join(bob, 'w2');
    interrupted(['w1']);
    handler('w2', { origin: 'n2', userIds: null, frame: '{"type":"x"}' });
    expect(ann.recorded.texts()).toEqual(['{"type":"resync","reason":"delivery-interrupted"}']);
    expect(bob.recorded.texts()).toEqual(['{"type":"x"}']);
  });

  it("stops a private channel's frames for those removed from it at once, even to an audience reckoned before", async () => {
    const [ann, bob] = ['ann', 'bob'].map(clientOf);
    for (const c of [ann, bob]) await delivery.join(c, 'w1');
    bob.channels = new Map([['c1', { userIds: ['ann', 'bob'], expires: Number.MAX_SAFE_INTEGER }]]);
    const revocations = new ChannelRevocations(new ClusterSignals(null, 'test.'), delivery);
    const change = { workspaceId: 'w1', channelId: 'c1', visibility: 'private' as const };
    await revocations.changed({ ...change, added: [], removed: ['bob'] });
    // Bob's socket forgot who hears the channel (its typing asks chat again, and is refused)
    expect(bob.channels.has('c1')).toBe(false);
    // a message whose audience was reckoned before the removal still names Bob: it does not reach him
    await delivery.publish('w1', { userIds: ['ann', 'bob'], channelId: 'c1', frame: '{"m":"late"}' });
    await delivery.broadcast('w1', { type: 'reactions', messageId: 'm', channelId: 'c1', reactions: [] }, ['bob']);
    // other channels, and the notices about the channel itself, still do
    await delivery.publish('w1', { userIds: ['ann', 'bob'], channelId: 'c2', frame: '{"m":"other"}' });
    await delivery.broadcast('w1', { type: 'channel_removed', channelId: 'c1', reason: 'removed' }, ['bob']);
    expect(ann.recorded.texts()).toEqual(['{"m":"late"}', '{"m":"other"}']);
    expect(bob.recorded.texts()).toEqual([
      '{"m":"other"}',
      '{"type":"channel_removed","channelId":"c1","reason":"removed"}',
    ]);
    // added back: he hears it again; leaving a public channel stops nothing (everyone reads it)
    await revocations.changed({ ...change, added: ['bob'], removed: [] });
    await revocations.changed({ ...change, channelId: 'c3', visibility: 'public', added: [], removed: ['bob'] });
    await delivery.publish('w1', { userIds: null, channelId: 'c1', frame: '{"m":"back"}' });
    await delivery.publish('w1', { userIds: null, channelId: 'c3', frame: '{"m":"public"}' });
    expect(bob.recorded.texts().slice(2)).toEqual(['{"m":"back"}', '{"m":"public"}']);
  });
});
