// The clock and timers a self-scheduling task (a sampler, a relay's sweep, a broker probe) runs on. Production code
// takes `systemTimers`; a test passes `ManualTimers` (@teamchat/testing) and moves time itself instead of sleeping.
import { performance } from 'node:perf_hooks';

/** What a task keeps to cancel its timer: opaque outside the `Timers` that made it. */
export type TimerHandle = { readonly timer: unknown };

export interface Timers {
  /** Milliseconds on a clock that only moves forward; only differences between two readings mean anything. */
  now(): number;
  /** Runs `run` once after `ms`; `unref`: the timer does not keep the process alive. */
  setTimeout(run: () => void, ms: number, options?: { unref?: boolean }): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
}

export const systemTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (run, ms, options) => {
    const timer = setTimeout(run, ms);
    if (options?.unref) timer.unref();
    return { timer };
  },
  clearTimeout: (handle) => {
    if (handle) clearTimeout(handle.timer as ReturnType<typeof setTimeout>);
  },
};
