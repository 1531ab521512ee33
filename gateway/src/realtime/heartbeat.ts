/**
 * Visits every item once per `intervalMs`, a slice of them at a time: items are dealt round-robin into one slot per
 * tick (a second, or the interval when shorter), and each tick visits one slot. A node holding thousands of sockets
 * then pings a few hundred at a time instead of all of them in one turn of the event loop, which held every frame
 * behind it (a 20 ms stall every 30 s at 1,000 sockets) and had all their pongs arrive together. Its timer runs only
 * while it holds an item: a node without sockets is not woken every second for nothing.
 */
export class Heartbeat<T> {
  private readonly slots: Set<T>[];
  private readonly slotOf = new Map<T, Set<T>>();
  private next = 0;
  private dealt = 0;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  readonly tickMs: number;

  constructor(
    readonly intervalMs: number,
    private readonly visit: (item: T) => void,
    /** Checked at every tick: false skips the tick (its slot is visited a full interval later). */
    private readonly active: () => boolean = () => true,
  ) {
    this.tickMs = Math.min(1000, intervalMs);
    this.slots = Array.from({ length: Math.max(1, Math.round(intervalMs / this.tickMs)) }, () => new Set<T>());
  }

  get size(): number {
    return this.slotOf.size;
  }

  add(item: T): void {
    if (this.slotOf.has(item)) return;
    const slot = this.slots[this.dealt++ % this.slots.length];
    slot.add(item);
    this.slotOf.set(item, slot);
    this.arm();
  }

  delete(item: T): void {
    this.slotOf.get(item)?.delete(item);
    this.slotOf.delete(item);
    if (this.slotOf.size === 0) this.disarm();
  }

  /** Ticks from now on while it holds an item. */
  start(): void {
    this.started = true;
    this.arm();
  }

  stop(): void {
    this.started = false;
    this.disarm();
  }

  private arm(): void {
    if (this.started && this.slotOf.size > 0) this.timer ??= setInterval(() => this.tick(), this.tickMs).unref();
  }

  private disarm(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Visits the next slot's items (exposed for tests; the timer calls it). */
  tick(): void {
    const slot = this.slots[this.next];
    this.next = (this.next + 1) % this.slots.length;
    if (!this.active()) return;
    // a visit may delete its own item (a Set iterates on past that)
    for (const item of slot) this.visit(item);
  }
}
