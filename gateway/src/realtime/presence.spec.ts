// PresenceTracker over the in-process store, with Delivery recording what was announced.
import 'reflect-metadata';
import type { Delivery } from './delivery.js';
import { InMemoryPresenceStore } from './fanout/in-memory-presence.store.js';
import { PresenceTracker } from './presence.js';
import { DEFAULT_REALTIME_OPTIONS } from './realtime.options.js';

const GRACE_MS = 40;

describe('PresenceTracker', () => {
  let announced: string[];
  let tracker: PresenceTracker;
  let store: InMemoryPresenceStore;

  beforeEach(async () => {
    announced = [];
    const delivery = {
      publish: async (workspaceId: string, envelope: { frame: string }) => {
        const { userId, status } = JSON.parse(envelope.frame) as { userId: string; status: string };
        announced.push(`${workspaceId} ${userId} ${status}`);
      },
    } as unknown as Delivery;
    store = new InMemoryPresenceStore();
    tracker = new PresenceTracker(store, delivery, {
      ...DEFAULT_REALTIME_OPTIONS,
      presenceGraceMs: GRACE_MS,
    });
    await tracker.onModuleInit();
  });

  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("announces a user's first socket online and their last one offline, after the grace", async () => {
    expect(await tracker.arrive('w1', 'ann')).toBe(1);
    expect(await tracker.arrive('w1', 'ann')).toBe(1);
    expect(await tracker.arrive('w1', 'bob')).toBe(2);
    await settle(0);
    expect(announced).toEqual(['w1 ann online', 'w1 bob online']);

    await tracker.depart('w1', 'ann', 'after-grace');
    await tracker.depart('w1', 'ann', 'after-grace');
    expect(await store.online('w1')).toEqual(['ann', 'bob']);
    await settle(GRACE_MS * 3);
    expect(await store.online('w1')).toEqual(['bob']);
    expect(announced).toEqual(['w1 ann online', 'w1 bob online', 'w1 ann offline']);
  });

  it('takes a reconnect within the grace for no change at all', async () => {
    await tracker.arrive('w1', 'ann');
    await tracker.depart('w1', 'ann', 'after-grace');
    await tracker.arrive('w1', 'ann');
    await settle(GRACE_MS * 3);
    expect(announced).toEqual(['w1 ann online']);
    expect(await store.online('w1')).toEqual(['ann']);
  });

  it('releases at once a removed member, and at stop whatever still lingers', async () => {
    await tracker.arrive('w1', 'ann');
    await tracker.arrive('w1', 'bob');
    await tracker.depart('w1', 'ann', 'now');
    expect(announced).toContain('w1 ann offline');
    await tracker.depart('w1', 'bob', 'after-grace');
    await tracker.stop();
    expect(announced).toContain('w1 bob offline');
    expect(await store.online('w1')).toEqual([]);
  });
});
