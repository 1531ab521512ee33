import { jest } from '@jest/globals';
import { ErrorCodes } from '@teamchat/contracts';
import { KeyedLimits, TENANT_BUSY_MESSAGE, TenantLimits, USER_BUSY_MESSAGE } from './tenant-limits.js';

/** Work that finishes when the test says so, counting how many run at once. */
const gates = () => {
  const state = { running: 0, most: 0, started: 0 };
  const opens: (() => void)[] = [];
  const work = () =>
    new Promise<void>((resolve) => {
      state.running++;
      state.started++;
      state.most = Math.max(state.most, state.running);
      opens.push(() => {
        state.running--;
        resolve();
      });
    });
  const openAll = async () => {
    while (opens.length > 0 || state.running > 0) {
      opens.splice(0).forEach((open) => open());
      await new Promise((r) => setImmediate(r));
    }
  };
  return { state, work, openAll };
};

const ada = { actor: { workspaceId: 'w1', userId: 'ada' } };
const bob = { actor: { workspaceId: 'w1', userId: 'bob' } };
const cyd = { actor: { workspaceId: 'w2', userId: 'cyd' } };

describe(KeyedLimits.name, () => {
  it('runs at most its concurrency per key, the rest in turn', async () => {
    const limits = new KeyedLimits(2, 10, () => 'busy');
    const g = gates();
    const all = Promise.all(Array.from({ length: 6 }, () => limits.run('k', g.work)));
    await new Promise((r) => setImmediate(r));
    expect(g.state.running).toBe(2);
    await g.openAll();
    await all;
    expect(g.state).toMatchObject({ most: 2, started: 6 });
  });

  it('refuses at once what would wait past its queue, and forgets a key with nothing left', async () => {
    const limits = new KeyedLimits(1, 2, () => 'busy');
    const g = gates();
    const settled = Promise.allSettled(Array.from({ length: 5 }, () => limits.run('k', g.work)));
    await new Promise((r) => setImmediate(r));
    await g.openAll();
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect((results[3] as PromiseRejectedResult).reason).toBe('busy');
    expect(limits.size).toBe(0);
  });

  it('keeps keys apart: a busy key never delays another', async () => {
    const limits = new KeyedLimits(1, 100, () => 'busy');
    const g = gates();
    const busy = Promise.all(Array.from({ length: 50 }, () => limits.run('busy', g.work)));
    let other = false;
    await limits.run('quiet', async () => void (other = true));
    expect(other).toBe(true);
    await g.openAll();
    await busy;
  });
});

describe('KeyedLimits with a longest wait', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('refuses a request whose turn has not come in time, and skips it when the turn comes', async () => {
    const limits = new KeyedLimits(1, 10, () => 'too late', 1000);
    const g = gates();
    const first = limits.run('k', g.work);
    let ran = false;
    const second = limits.run('k', async () => void (ran = true));
    const refused = expect(second).rejects.toBe('too late');
    await jest.advanceTimersByTimeAsync(1000);
    await refused;
    await g.openAll();
    await first;
    await jest.advanceTimersByTimeAsync(0);
    expect(ran).toBe(false);
    expect(limits.size).toBe(0);
  });

  it('never refuses a request whose turn came in time, however long it then runs', async () => {
    const limits = new KeyedLimits(1, 10, () => 'too late', 1000);
    const g = gates();
    const first = limits.run('k', g.work);
    await jest.advanceTimersByTimeAsync(5000);
    await g.openAll();
    await expect(first).resolves.toBeUndefined();
  });
});

describe(TenantLimits.name, () => {
  it("holds a user to the user's share and a workspace to the workspace's", async () => {
    const limits = new TenantLimits({ workspaceConcurrency: 3, userConcurrency: 2, queueMax: 100 });
    const g = gates();
    const work = Promise.all([
      ...Array.from({ length: 5 }, () => limits.run(ada, g.work)),
      ...Array.from({ length: 5 }, () => limits.run(bob, g.work)),
    ]);
    await new Promise((r) => setImmediate(r));
    // two of Ada's, and one of Bob's in the workspace's third turn
    expect(g.state.running).toBe(3);
    await g.openAll();
    await work;
    expect(g.state).toMatchObject({ most: 3, started: 10 });
  });

  it("leaves another workspace's requests untouched by a busy one", async () => {
    const limits = new TenantLimits({ workspaceConcurrency: 1, userConcurrency: 1, queueMax: 1000 });
    const g = gates();
    const burst = Promise.all(Array.from({ length: 200 }, () => limits.run(ada, g.work)));
    let served = false;
    await limits.run(cyd, async () => void (served = true));
    expect(served).toBe(true);
    await g.openAll();
    await burst;
  });

  it('refuses past the queue with BUS.TENANT_BUSY, naming the user or the workspace', async () => {
    const user = new TenantLimits({ workspaceConcurrency: 10, userConcurrency: 1, queueMax: 1 });
    const g = gates();
    const settled = Promise.allSettled([1, 2, 3].map(() => user.run(ada, g.work)));
    await new Promise((r) => setImmediate(r));
    await g.openAll();
    expect((await settled).map((r) => (r.status === 'rejected' ? r.reason : 'ok'))).toEqual([
      'ok',
      'ok',
      { code: ErrorCodes.tenantBusy, message: USER_BUSY_MESSAGE },
    ]);

    const workspace = new TenantLimits({ workspaceConcurrency: 1, userConcurrency: 10, queueMax: 1 });
    const h = gates();
    const both = Promise.allSettled([ada, bob, ada].map((who) => workspace.run(who, h.work)));
    await new Promise((r) => setImmediate(r));
    await h.openAll();
    expect((await both).map((r) => (r.status === 'rejected' ? r.reason : 'ok'))).toEqual([
      'ok',
      'ok',
      { code: ErrorCodes.tenantBusy, message: TENANT_BUSY_MESSAGE },
    ]);
  });

  it('runs a request without an actor (sign-in, events of the system) unlimited', async () => {
    const limits = new TenantLimits({ workspaceConcurrency: 1, userConcurrency: 1, queueMax: 0 });
    const g = gates();
    const all = Promise.all([1, 2, 3].map(() => limits.run({ email: 'x' }, g.work)));
    await new Promise((r) => setImmediate(r));
    expect(g.state.running).toBe(3);
    await g.openAll();
    await all;
  });
});
