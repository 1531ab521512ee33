// Timers whose clock moves only when a test moves it, for code that takes a `Timers` (@teamchat/observability's
// interface, matched by shape: this kit depends on no package of the product, so every package's tests may use it).

/** What `setTimeout` hands back, as @teamchat/observability's `TimerHandle`. */
type TimerHandle = { readonly timer: unknown };

interface Pending {
  readonly due: number;
  readonly delay: number;
  readonly run: () => void;
  readonly seq: number;
}

/**
 * A `Timers` driven by the test: `advance(ms)` runs every timer due in that span at its due time (a timer that arms
 * another within the span runs it too), `stall(ms)` moves the clock without running anything — an event loop kept
 * busy — so the next `advance` runs what fell due, late. `delays` lists what each `setTimeout` asked for, in order.
 */
export class ManualTimers {
  private clock = 0;
  private seq = 0;
  private readonly pending = new Map<TimerHandle, Pending>();
  readonly delays: number[] = [];

  now(): number {
    return this.clock;
  }

  setTimeout(run: () => void, ms: number): TimerHandle {
    const handle: TimerHandle = { timer: this.seq };
    this.pending.set(handle, { due: this.clock + Math.max(0, ms), delay: ms, run, seq: this.seq++ });
    this.delays.push(ms);
    return handle;
  }

  clearTimeout(handle: TimerHandle | undefined): void {
    if (handle) this.pending.delete(handle);
  }

  /** Timers armed and not yet run, soonest first: the delay each was armed with. */
  get armed(): number[] {
    return this.ordered().map(([, p]) => p.delay);
  }

  /** Moves the clock by `ms`, running each timer that falls due on the way at its due time (or now, if overdue). */
  advance(ms: number): void {
    const until = this.clock + ms;
    for (;;) {
      const next = this.ordered()[0];
      if (!next || next[1].due > until) break;
      this.pending.delete(next[0]);
      this.clock = Math.max(this.clock, next[1].due);
      next[1].run();
    }
    this.clock = until;
  }

  /** Runs the soonest timer, the clock moved to its due time; false when none is armed. */
  runNext(): boolean {
    const next = this.ordered()[0];
    if (!next) return false;
    this.advance(Math.max(0, next[1].due - this.clock));
    return true;
  }

  /** Moves the clock by `ms` and runs nothing: what a blocked event loop does to timers. */
  stall(ms: number): void {
    this.clock += ms;
  }

  private ordered(): [TimerHandle, Pending][] {
    return [...this.pending].sort(([, a], [, b]) => a.due - b.due || a.seq - b.seq);
  }
}
