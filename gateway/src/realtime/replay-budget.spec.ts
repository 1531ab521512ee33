import type { Client } from './client.js';
import { REPLAY_WINDOW_MS, REPLAYS_PER_WINDOW, ReplayBudget } from './replay-budget.js';

const socket = () => ({ userId: 'u1' }) as unknown as Client;

describe(ReplayBudget.name, () => {
  let now = 1_000_000;
  const budget = new ReplayBudget(() => now);

  it('gives a socket its replays per window, then refuses until the window has passed', () => {
    const s = socket();
    for (let i = 0; i < REPLAYS_PER_WINDOW; i++) expect(budget.take(s)).toBe(true);
    expect(budget.take(s)).toBe(false);
    now += REPLAY_WINDOW_MS - 1;
    expect(budget.take(s)).toBe(false);
    now += 1;
    expect(budget.take(s)).toBe(true);
  });

  it('keeps each socket apart, the same user’s included', () => {
    const a = socket();
    const b = socket();
    for (let i = 0; i < REPLAYS_PER_WINDOW; i++) budget.take(a);
    expect(budget.take(a)).toBe(false);
    expect(budget.take(b)).toBe(true);
  });
});
