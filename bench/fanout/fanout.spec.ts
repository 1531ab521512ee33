// Keeps the fan-out benchmark runnable: the whole workload with tiny numbers, through the test harness.
import { runFanoutBench } from './fanout.mjs';

describe('bench/fanout', () => {
  it('runs the product and the floor relay with a handful of sockets and loses nothing', async () => {
    const { product, floor, report } = await runFanoutBench({
      mode: 'inprocess',
      clients: 6,
      channels: 2,
      rate: 20,
      seconds: 1,
    });
    expect(product.sent).toBeGreaterThan(0);
    expect(product.lost).toBe(0);
    expect(product.errors).toBe(0);
    expect(floor!.lost).toBe(0);
    expect(report).toContain('delivered msgs/s');
  }, 180000);
});
