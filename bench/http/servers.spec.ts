// The benches' product starts: a process that ends before the product is ready (its port taken by another suite
// between freePort() and its listen) has the start made again, on fresh ports, a bounded number of times.
import { spawn } from 'node:child_process';
import { jest } from '@jest/globals';
import { endedChild, ExitedEarly, withFreshPorts } from './servers.mjs';

describe('withFreshPorts', () => {
  const quietly = <T>(work: () => Promise<T>) => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    return work().finally(() => write.mockRestore());
  };

  it('starts again after a process ended early, and hands back the start that made it', async () => {
    let starts = 0;
    const product = await quietly(() =>
      withFreshPorts(async () => {
        starts++;
        if (starts < 3) throw new ExitedEarly(`gateway ${starts} died of EADDRINUSE`);
        return { starts };
      }),
    );
    expect(product).toEqual({ starts: 3 });
  });

  it('gives up after the last attempt, and never retries another failure', async () => {
    let starts = 0;
    await expect(
      quietly(() =>
        withFreshPorts(async () => {
          starts++;
          throw new ExitedEarly('again');
        }, 2),
      ),
    ).rejects.toThrow('again');
    expect(starts).toBe(2);
    starts = 0;
    await expect(
      withFreshPorts(async () => {
        starts++;
        throw new Error('not ready in time');
      }),
    ).rejects.toThrow('not ready in time');
    expect(starts).toBe(1);
  });

  it('tells a process that has ended from one that runs', async () => {
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    const done = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => done.once('exit', r));
    try {
      expect(endedChild([running])).toBeUndefined();
      expect(endedChild([running, done])).toBe(done);
    } finally {
      running.kill();
    }
  });
});
