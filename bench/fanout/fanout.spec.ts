// Keeps the fan-out benchmark runnable: the whole workload with tiny numbers, through the test harness.
import { runFanoutBench, runOverloadBench, runSocketsBench } from './fanout.mjs';

describe('bench/fanout', () => {
  it('runs the product and the floor relay in two pairs with a handful of sockets and loses nothing', async () => {
    const { product, floor, pairs, report } = await runFanoutBench({
      mode: 'inprocess',
      clients: 6,
      channels: 2,
      rate: 20,
      seconds: 1,
      pairs: 2,
    });
    expect(product.sent).toBeGreaterThan(0);
    expect(product.lost).toBe(0);
    expect(product.errors).toBe(0);
    expect(floor!.lost).toBe(0);
    expect(pairs).toHaveLength(2);
    expect(pairs[0]!.product).toBe(product);
    expect(pairs[1]!.product.lost).toBe(0);
    expect(pairs[1]!.floor!.lost).toBe(0);
    expect(report).toContain('pair 2 of 2');
    expect(report).toContain('delivered msgs/s');
    expect(report).toMatch(/median of 2: p99 ratio [\d.]+×/);
  }, 180000);

  it('runs the design floor (relays storing each message through NATS and Postgres) and loses nothing', async () => {
    const { floor, report } = await runFanoutBench({
      mode: 'inprocess',
      clients: 6,
      channels: 2,
      rate: 20,
      seconds: 1,
      storedFloor: true,
    });
    expect(floor!.sent).toBeGreaterThan(0);
    expect(floor!.lost).toBe(0);
    expect(floor!.errors).toBe(0);
    // every message the floor delivered went through its store first (the warm-up's and first round's too)
    expect(floor!.stored).toBeGreaterThanOrEqual(floor!.sent);
    expect(report).toContain('floor (+NATS+PG)');
  }, 180000);
});

describe('bench/fanout --private', () => {
  it('runs the public workload, then half the channels private with outsiders listening: none hears them, no member misses one', async () => {
    const {
      product,
      private: priv,
      pairs,
      report,
    } = await runFanoutBench({
      mode: 'inprocess',
      clients: 12,
      channels: 2,
      rate: 20,
      seconds: 1,
      private: true,
      privateMembers: 4,
    });
    expect(pairs).toHaveLength(1);
    // the public run: nothing lost, nothing outside its channel
    expect(product.sent).toBeGreaterThan(0);
    expect(product.lost).toBe(0);
    expect(product.nonMemberDeliveries).toBe(0);
    // the private run: a workspace of 12 sockets, 4 of them the private channel's members, 8 held by 2 outsiders
    expect(priv!.sent).toBeGreaterThan(0);
    expect(priv!.errors).toBe(0);
    expect(priv!.nonMemberDeliveries).toBe(0);
    // every member got every message of both channels, every outsider every message of #general
    expect(priv!.lost).toBe(0);
    expect(priv!.delivered).toBe(priv!.expected);
    // the outsiders' sockets were open and hearing the workspace all along
    expect(priv!.silentSockets).toBe(0);
    // half the messages reach the 4 members only, the other half all 12 sockets
    expect(priv!.expected / priv!.sent).toBeGreaterThan(4);
    expect(priv!.expected / priv!.sent).toBeLessThan(12);
    expect(report).toContain('private: 1 workspace, each a public #general all its sockets hear');
    expect(report).toMatch(/\(per message (n\/a|[\d.]+)×, a message reaching [\d.]+ sockets against 6\.0\)/);
    expect(report).toMatch(/deliveries to non-members\s+0\s+0/);
    expect(report).toMatch(/private channels against public channels \(private ÷ public, target ≤ 1\.10×/);
    expect(report).toMatch(/median of 1: p99 [\d.]+×/);
    expect(report).toContain('deliveries to non-members 0 ✓; every member got every message ✓');
  }, 180000);
});

describe('bench/fanout socket modes (separate processes)', () => {
  it('--storm and --idle run on the product and the floor with a handful of sockets', async () => {
    const stormed = await runSocketsBench({ socketMode: 'storm', sockets: 20, socketsPerChannel: 10, storms: 2 });
    expect(stormed.product.storms?.map((s) => s.rejoined)).toEqual([20, 20]);
    expect(stormed.floor?.storms?.map((s) => s.rejoined)).toEqual([20, 20]);
    expect(stormed.product.storm).toBe(stormed.product.storms?.[0]);
    expect(stormed.report).toContain('storm: all re-joined (ms)');
    expect(stormed.report).toContain('the 1 after it, median (ms)');
    const idle = await runSocketsBench({ socketMode: 'idle', sockets: 20, socketsPerChannel: 10, idleSeconds: 1 });
    expect(idle.product.closed).toBe(0);
    expect(idle.report).toContain('RSS per joined socket (KB)');
  }, 240000);

  it('--overload stores every acknowledged message once', async () => {
    const { result, report } = await runOverloadBench({
      rate: 40,
      seconds: 1,
      clients: 10,
      channels: 2,
      drainSeconds: 20,
    });
    expect(result.offered).toBeGreaterThan(0);
    expect(result.lost).toBe(0);
    expect(result.storedTwice).toBe(0);
    expect(result.acknowledged).toBe(result.offered);
    expect(report).toContain('acknowledged but not stored');
  }, 240000);
});
