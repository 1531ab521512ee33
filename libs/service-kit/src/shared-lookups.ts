// The look-ups behind a cache of answers that events keep current (memberships, write deadlines).

/**
 * Concurrent first asks for one key share a single look-up, and an answer is kept only if nothing was invalidated
 * while it was on its way: an event that overtakes the reply of a look-up started before it can not leave the old
 * answer behind.
 */
export class SharedLookups<V> {
  private readonly pending = new Map<string, Promise<V>>();
  /** Bumped by every invalidation; a look-up keeps its answer only if this has not moved since it started. */
  private generation = 0;

  /** The look-up of `key` already on its way, or a new one by `ask`, whose answer `keep` stores unless invalidated. */
  get(key: string, ask: () => Promise<V>, keep: (value: V) => void): Promise<V> {
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const done = () => {
      if (this.pending.get(key) === lookup) this.pending.delete(key);
    };
    const lookup = ask().then(
      (value) => {
        done();
        if (generation === this.generation) keep(value);
        return value;
      },
      (err: unknown) => {
        done();
        throw err;
      },
    );
    this.pending.set(key, lookup);
    return lookup;
  }

  /** Answers on their way are no longer kept; the look-up of `key` (every look-up without one) is asked anew. */
  invalidate(key?: string): void {
    this.generation++;
    if (key === undefined) this.pending.clear();
    else this.pending.delete(key);
  }
}
