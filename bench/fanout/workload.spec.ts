// CPU of the machine's servers between two readings of /proc (bench/fanout and bench/search): backends come and go.
import { serverCpuBetween, type ServerProcess, type ServerReading } from './workload.mjs';

const postgres = (own: number, reaped = 0): ServerProcess => ({ server: 'postgres', own, reaped });
const reading = (entries: [string, ServerProcess][]): ServerReading => new Map(entries);

describe('serverCpuBetween', () => {
  it('counts what each process used in between, a new one from zero', () => {
    const before = reading([['10', postgres(5)]]);
    const after = reading([
      ['10', postgres(5.5)],
      ['11', postgres(0.25)],
    ]);
    expect(serverCpuBetween(before, after)).toEqual({ postgres: 0.75, NATS: 0, Redis: 0 });
  });

  it('counts a backend that exited through its parent’s reaped time, less what it had used before', () => {
    // the backend had used 2 s, then 0.5 s more before it exited and the postmaster reaped it (2.5 s)
    const before = reading([
      ['1', postgres(1)],
      ['20', postgres(2)],
    ]);
    const after = reading([['1', postgres(1.25, 2.5)]]);
    expect(serverCpuBetween(before, after).postgres).toBeCloseTo(0.75);
  });

  it('never goes below zero when a whole other cluster ended between the readings (no parent left to reap it)', () => {
    // the machine's cluster (1) and a test's embedded one (30, with backend 31), which shut down in between
    const before = reading([
      ['1', postgres(1)],
      ['30', postgres(4)],
      ['31', postgres(6)],
    ]);
    const after = reading([['1', postgres(1.5)]]);
    expect(serverCpuBetween(before, after).postgres).toBeCloseTo(0.5);
  });
});
