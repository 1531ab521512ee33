// At most one presence frame per watched user per interval to one socket: a user flapping (a flaky network, a tab
// reloading) costs each watcher one frame a second, carrying the latest status, instead of one per change.

/** Time as the coalescer sees it; tests pass one they move by hand. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

interface Sent {
  at: number;
  frame: string;
}

/**
 * One socket's presence frames by the user they are about. The first frame about a user goes out at once; another
 * within the interval waits for its end, replaced by any later one, and is not sent at all when it says what the
 * socket was last told (an offline and back online within the interval is no news).
 */
export class PresenceCoalescer {
  private readonly sent = new Map<string, Sent>();
  private readonly waiting = new Map<string, string>();
  private timer: unknown = null;
  private dueAt = Infinity;

  constructor(
    private readonly send: (frame: string) => void,
    private readonly clock: Clock,
    private readonly intervalMs: number,
  ) {}

  offer(userId: string, frame: string): void {
    const now = this.clock.now();
    const last = this.sent.get(userId);
    if (!last || now - last.at >= this.intervalMs) {
      this.waiting.delete(userId);
      this.emit(userId, frame, now);
      return;
    }
    this.waiting.set(userId, frame);
    this.wake(last.at + this.intervalMs);
  }

  /** The socket stopped watching this user: nothing more about them, and a later watch starts afresh. */
  forget(userId: string): void {
    this.sent.delete(userId);
    this.waiting.delete(userId);
  }

  /** The socket is gone or left its workspace. */
  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = Infinity;
    this.sent.clear();
    this.waiting.clear();
  }

  private emit(userId: string, frame: string, now: number): void {
    this.sent.set(userId, { at: now, frame });
    this.send(frame);
  }

  private wake(at: number): void {
    if (at >= this.dueAt) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.dueAt = at;
    this.timer = this.clock.setTimeout(() => this.flush(), Math.max(0, at - this.clock.now()));
  }

  private flush(): void {
    this.timer = null;
    this.dueAt = Infinity;
    const now = this.clock.now();
    let next = Infinity;
    for (const [userId, frame] of this.waiting) {
      const last = this.sent.get(userId);
      const due = last ? last.at + this.intervalMs : now;
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      this.waiting.delete(userId);
      if (last?.frame === frame) continue;
      this.emit(userId, frame, now);
    }
    if (next !== Infinity) this.wake(next);
  }
}
