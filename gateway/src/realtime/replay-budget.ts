// How many replays one socket may ask of a gateway node: a join with `since` costs chat a read of up to a page of
// changes and the socket up to that many frames, so a socket that joins over and over (a loop after a bug, or on
// purpose: 2,000 joins with an old `since` once replayed 187,000 frames) is answered `resync` past its budget instead
// of being replayed everything again each time. A new socket starts with a full budget, so a reconnect storm — every
// client's one join at once — is replayed in full.
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Client } from './client.js';

/** Replays a socket may have per window: one on connect, one per workspace switch, and room for a few more. */
export const REPLAYS_PER_WINDOW = 10;
export const REPLAY_WINDOW_MS = 60_000;

interface Spent {
  windowStart: number;
  count: number;
}

/** The clock the budget's windows are measured on (a test's own; the wall clock otherwise). */
export const REPLAY_CLOCK = Symbol('REPLAY_CLOCK');

@Injectable()
export class ReplayBudget {
  private readonly spent = new WeakMap<Client, Spent>();

  constructor(@Optional() @Inject(REPLAY_CLOCK) private readonly now: () => number = Date.now) {}

  /** Takes one replay from the socket's budget: false once this window's is spent (the join then answers `resync`). */
  take(client: Client): boolean {
    const now = this.now();
    const own = this.spent.get(client);
    if (!own || now - own.windowStart >= REPLAY_WINDOW_MS) {
      this.spent.set(client, { windowStart: now, count: 1 });
      return true;
    }
    if (own.count >= REPLAYS_PER_WINDOW) return false;
    own.count++;
    return true;
  }
}
