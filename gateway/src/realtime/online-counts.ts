import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { PRESENCE_STORE, type PresenceStore } from './fanout/presence.store.js';
import { systemClock, type Clock } from './presence-coalescer.js';
import { REALTIME_CLOCK } from './presence-subscriptions.js';
import { DEFAULT_REALTIME_OPTIONS, REALTIME_OPTIONS, type RealtimeOptions } from './realtime.options.js';

export type OnlineCountListener = (workspaceId: string, count: number) => void;

/**
 * How many users are online per workspace, for the roster's "n/total online": each node reads the counter (one
 * Redis HLEN) after presence changes in a workspace it has sockets in, at most once per interval, and hands on a
 * count that moved. Two hundred arrivals within a second so cost every socket one `online_count` frame, not two
 * hundred presence frames.
 */
@Injectable()
export class OnlineCounts {
  private readonly logger = new Logger(OnlineCounts.name);
  private readonly last = new Map<string, { at: number; count: number | null }>();
  private readonly scheduled = new Map<string, unknown>();
  private listener: OnlineCountListener = () => undefined;

  constructor(
    @Inject(PRESENCE_STORE) private readonly store: PresenceStore,
    @Optional() @Inject(REALTIME_OPTIONS) private readonly options: RealtimeOptions = DEFAULT_REALTIME_OPTIONS,
    @Optional() @Inject(REALTIME_CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  onCount(listener: OnlineCountListener): void {
    this.listener = listener;
  }

  /** Someone in the workspace came online or went offline. */
  changed(workspaceId: string): void {
    if (this.scheduled.has(workspaceId)) return;
    const last = this.last.get(workspaceId);
    const wait = last ? Math.max(0, last.at + this.options.onlineCountIntervalMs - this.clock.now()) : 0;
    this.scheduled.set(
      workspaceId,
      this.clock.setTimeout(() => void this.read(workspaceId), wait),
    );
  }

  /** This node has no socket in the workspace any more. */
  forget(workspaceId: string): void {
    const timer = this.scheduled.get(workspaceId);
    if (timer !== undefined) this.clock.clearTimeout(timer);
    this.scheduled.delete(workspaceId);
    this.last.delete(workspaceId);
  }

  private async read(workspaceId: string): Promise<void> {
    try {
      const count = await this.store.count(workspaceId);
      if (!this.scheduled.has(workspaceId)) return;
      const before = this.last.get(workspaceId)?.count;
      this.last.set(workspaceId, { at: this.clock.now(), count });
      if (count !== before) this.listener(workspaceId, count);
    } catch (err) {
      this.logger.warn(`online count of ${workspaceId} failed: ${String(err)}`);
    } finally {
      this.scheduled.delete(workspaceId);
    }
  }
}
