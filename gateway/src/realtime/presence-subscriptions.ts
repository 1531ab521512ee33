import { Inject, Injectable, Optional } from '@nestjs/common';
import { BusClient } from '@teamchat/bus';
import { encodeServerFrame, WorkspaceContracts } from '@teamchat/contracts';
import type { Client } from './client.js';
import { PRESENCE_STORE, type PresenceStore } from './fanout/presence.store.js';
import { PresenceCoalescer, systemClock, type Clock } from './presence-coalescer.js';
import { DEFAULT_REALTIME_OPTIONS, REALTIME_OPTIONS, type RealtimeOptions } from './realtime.options.js';

/** The clock of presence coalescing and online counts (tests pass their own). */
export const REALTIME_CLOCK = Symbol('REALTIME_CLOCK');

interface Watch {
  workspaceId: string;
  userIds: Set<string>;
  coalescer: PresenceCoalescer;
  /** While a subscription reads the state of the users it adds, their frames wait here to follow that state. */
  settling: { userIds: Set<string>; frames: Map<string, string> } | null;
}

/**
 * Which users' presence each socket of this node shows (`presence_subscribe`), so a `presence` frame reaches only
 * the sockets watching that user, at most one a second per user (see PresenceCoalescer). Every node keeps its own
 * sockets' sets: presence changes still reach every node with sockets in the workspace (one Redis message per node),
 * and each node hands them to its watchers only.
 */
@Injectable()
export class PresenceSubscriptions {
  private readonly watches = new Map<Client, Watch>();
  /** Workspace → watched user → this node's sockets watching them. */
  private readonly watchers = new Map<string, Map<string, Set<Client>>>();

  constructor(
    private readonly bus: BusClient,
    @Inject(PRESENCE_STORE) private readonly store: PresenceStore,
    @Optional() @Inject(REALTIME_OPTIONS) private readonly options: RealtimeOptions = DEFAULT_REALTIME_OPTIONS,
    @Optional() @Inject(REALTIME_CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The socket now watches these users of its workspace (and no others). Users who are not members of it are left
   * out without a word, so a subscription tells nothing about anyone the caller could not list. Answers
   * `presence_subscribed` with the state of the users it added.
   */
  async replace(client: Client, workspaceId: string, userIds: readonly string[]): Promise<void> {
    const watch = this.watchOf(client, workspaceId);
    const wanted = new Set(userIds);
    for (const userId of [...watch.userIds]) if (!wanted.has(userId)) this.unwatch(client, watch, userId);
    const fresh = [...wanted].filter((userId) => !watch.userIds.has(userId));
    const added = await this.members(workspaceId, client.userId, fresh);
    // the socket left the workspace (or closed) while its members were checked: nothing to add it to
    if (this.watches.get(client) !== watch) return;
    const settling = { userIds: new Set(added), frames: new Map<string, string>() };
    watch.settling = settling;
    for (const userId of added) this.watch(client, watch, userId);
    let online: string[] = [];
    try {
      online = await this.store.onlineOf(workspaceId, added);
    } finally {
      if (watch.settling === settling) watch.settling = null;
    }
    if (this.watches.get(client) !== watch) return;
    push(client, encodeServerFrame('presence_subscribed', { userIds: added, online }));
    // a change that came while the state was read follows it, so the socket ends with the latest
    for (const [userId, frame] of settling.frames) if (watch.userIds.has(userId)) watch.coalescer.offer(userId, frame);
  }

  /** The socket left its workspace or closed: it watches no one. */
  drop(client: Client): void {
    const watch = this.watches.get(client);
    if (!watch) return;
    this.watches.delete(client);
    watch.coalescer.stop();
    for (const userId of watch.userIds) this.unindex(client, watch.workspaceId, userId);
  }

  /** A presence frame about `userId` reached this node: to the sockets here that watch them. */
  deliver(workspaceId: string, userId: string, frame: string): void {
    const clients = this.watchers.get(workspaceId)?.get(userId);
    if (!clients) return;
    for (const client of clients) {
      const watch = this.watches.get(client);
      if (!watch) continue;
      if (watch.settling?.userIds.has(userId)) watch.settling.frames.set(userId, frame);
      else watch.coalescer.offer(userId, frame);
    }
  }

  /** How many users the socket watches (for tests and metrics). */
  watching(client: Client): number {
    return this.watches.get(client)?.userIds.size ?? 0;
  }

  private watchOf(client: Client, workspaceId: string): Watch {
    const existing = this.watches.get(client);
    if (existing?.workspaceId === workspaceId) return existing;
    if (existing) this.drop(client);
    const watch: Watch = {
      workspaceId,
      userIds: new Set(),
      coalescer: new PresenceCoalescer((frame) => push(client, frame), this.clock, this.options.presenceIntervalMs),
      settling: null,
    };
    this.watches.set(client, watch);
    return watch;
  }

  /** Which of these users are members of the workspace; the socket's own user is, without asking. */
  private async members(workspaceId: string, self: string, userIds: string[]): Promise<string[]> {
    const others = userIds.filter((userId) => userId !== self);
    if (others.length === 0) return userIds;
    const members = await this.bus.request(WorkspaceContracts.listMembers, { workspaceId, userIds: others });
    const found = new Set(members.map((m) => m.userId));
    return userIds.filter((userId) => userId === self || found.has(userId));
  }

  private watch(client: Client, watch: Watch, userId: string): void {
    watch.userIds.add(userId);
    const users = this.watchers.get(watch.workspaceId) ?? new Map<string, Set<Client>>();
    this.watchers.set(watch.workspaceId, users);
    const clients = users.get(userId) ?? new Set<Client>();
    users.set(userId, clients);
    clients.add(client);
  }

  private unwatch(client: Client, watch: Watch, userId: string): void {
    watch.userIds.delete(userId);
    watch.coalescer.forget(userId);
    this.unindex(client, watch.workspaceId, userId);
  }

  private unindex(client: Client, workspaceId: string, userId: string): void {
    const users = this.watchers.get(workspaceId);
    const clients = users?.get(userId);
    if (!users || !clients) return;
    clients.delete(client);
    if (clients.size === 0) users.delete(userId);
    if (users.size === 0) this.watchers.delete(workspaceId);
  }
}

/** To the socket, after its join's replay when one is under way (see Client.held). */
export const push = (client: Client, frame: string): void => {
  if (client.held) client.held.push({ frame, droppable: false });
  else client.queue.push(frame);
};
