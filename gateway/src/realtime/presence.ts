import { Inject, Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import { encodeServerFrame } from '@teamchat/contracts';
import { Delivery } from './delivery.js';
import { PRESENCE_STORE, type PresenceChange, type PresenceStore } from './fanout/presence.store.js';
import { DEFAULT_REALTIME_OPTIONS, REALTIME_OPTIONS, type RealtimeOptions } from './realtime.options.js';

/**
 * Who is online in a workspace, from the sockets of every node (spec 2 §7): a user's first socket there announces
 * them online, their last one offline — after a grace, so a reconnect within it is no change to anyone. The counts
 * live in the PresenceStore (Redis in cluster mode); the announcements go out as `presence` frames to the workspace,
 * through Delivery like every other server frame, which hands them to the sockets watching that user only.
 */
@Injectable()
export class PresenceTracker implements OnModuleInit {
  private readonly logger = new Logger(PresenceTracker.name);
  /** Presence counts of sockets that left, each released when its grace ends (see RealtimeOptions.presenceGraceMs). */
  private readonly lingering = new Map<NodeJS.Timeout, () => Promise<void>>();

  constructor(
    @Inject(PRESENCE_STORE) private readonly store: PresenceStore,
    private readonly delivery: Delivery,
    @Optional() @Inject(REALTIME_OPTIONS) private readonly options: RealtimeOptions = DEFAULT_REALTIME_OPTIONS,
  ) {}

  async onModuleInit(): Promise<void> {
    // users of a node that died without a clean shutdown, found when its presence counts expire
    this.store.onChange((changes) => this.announce(changes));
    await this.store.start();
  }

  /**
   * Counts one more socket of the user in the workspace, announcing them online when it is their first; resolves with
   * how many are online in the workspace once counted (the announcement is not awaited).
   */
  async arrive(workspaceId: string, userId: string): Promise<number> {
    const { first, count } = await this.store.connect(workspaceId, userId);
    if (first) void this.publish(workspaceId, userId, 'online');
    return count;
  }

  /** How many are online in the workspace now. */
  count(workspaceId: string): Promise<number> {
    return this.store.count(workspaceId);
  }

  /**
   * Counts one socket of the user less: `now` (a removed member, a stopping node) or once the grace has passed; the
   * last socket's release announces them offline.
   */
  depart(workspaceId: string, userId: string, when: 'now' | 'after-grace'): Promise<void> {
    const release = () => this.release(workspaceId, userId);
    if (when === 'now' || this.options.presenceGraceMs <= 0) return release();
    const timer = setTimeout(() => {
      this.lingering.delete(timer);
      void release();
    }, this.options.presenceGraceMs).unref();
    this.lingering.set(timer, release);
    return Promise.resolve();
  }

  /** At shutdown, once this node's sockets have departed: releases what still lingers, then closes the store. */
  async stop(): Promise<void> {
    const lingering = [...this.lingering];
    this.lingering.clear();
    await Promise.allSettled(
      lingering.map(([timer, release]) => {
        clearTimeout(timer);
        return release();
      }),
    );
    await this.store.close().catch((err: unknown) => this.logger.warn(`presence close failed: ${String(err)}`));
  }

  private async release(workspaceId: string, userId: string): Promise<void> {
    if (await this.store.disconnect(workspaceId, userId).catch(() => false)) {
      await this.publish(workspaceId, userId, 'offline');
    }
  }

  private async announce(changes: PresenceChange[]): Promise<void> {
    await Promise.all(changes.map((c) => this.publish(c.workspaceId, c.userId, c.status)));
  }

  private publish(workspaceId: string, userId: string, status: 'online' | 'offline'): Promise<void> {
    return this.delivery
      .publish(workspaceId, {
        userIds: null,
        presenceOf: userId,
        frame: encodeServerFrame('presence', { userId, status }),
      })
      .catch((err: unknown) => this.logger.warn(`presence publish failed: ${String(err)}`));
  }
}
