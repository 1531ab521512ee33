import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { encodeServerFrame, type BroadcastFrame } from '@teamchat/contracts';
import type { Client } from './client.js';
import { FANOUT, type Envelope, type Fanout } from './fanout/fanout.js';
import { OnlineCounts } from './online-counts.js';
import { PresenceSubscriptions } from './presence-subscriptions.js';
import type { TextFrame } from './send-queue.js';

/** The channel a broadcast frame's content belongs to (not the `channel_*` notices themselves, which always go). */
const channelOf = (frame: BroadcastFrame): string | undefined => {
  switch (frame.type) {
    case 'message':
    case 'message_updated':
      return frame.message.channelId;
    case 'message_deleted':
    case 'reactions':
      return frame.channelId;
    case 'channel_updated':
    case 'channel_member_added':
    case 'channel_member_removed':
    case 'channel_removed':
    case 'mention_not_members':
    case 'sidebar_changed':
    case 'read':
    case 'presence':
    case 'settings':
    case 'tasks':
    case 'workspace':
      return undefined;
  }
};

/**
 * The one push path of every server frame — messages, typing, presence, task changes, resyncs — whichever node or
 * service it starts from: published to the workspace through the Fanout (Redis in cluster mode, which reaches every
 * node), and delivered by each node to its own sockets in that workspace (its rooms), each frame encoded once.
 */
@Injectable()
export class Delivery implements OnModuleInit {
  /** This node's joined sockets by workspace. */
  private readonly rooms = new Map<string, Set<Client>>();
  /** Message ids this node delivered lately: a repeated fan-out of one of them is dropped. */
  // ttlResolution 0: the clock read at each check, rather than cached behind a new 1 ms timer each time it expires
  private readonly delivered = new LRUCache<string, true>({ max: 20_000, ttl: 10 * 60_000, ttlResolution: 0 });

  constructor(
    @Inject(FANOUT) private readonly fanout: Fanout,
    private readonly subscriptions: PresenceSubscriptions,
    private readonly counts: OnlineCounts,
  ) {}

  onModuleInit(): void {
    this.counts.onCount((workspaceId, count) =>
      this.deliver(workspaceId, {
        origin: '',
        userIds: null,
        droppable: true,
        frame: encodeServerFrame('online_count', { workspaceId, count }),
      }),
    );
    this.fanout.onEnvelope((workspaceId, envelope) => this.deliver(workspaceId, envelope));
    // what was published while Redis was away is gone: the workspace's sockets fetch what they missed
    this.fanout.onInterrupted((workspaceIds) => {
      const resync = encodeServerFrame('resync', { reason: 'delivery-interrupted' });
      for (const workspaceId of workspaceIds) this.deliver(workspaceId, { origin: '', userIds: null, frame: resync });
    });
  }

  /** Frames of the workspace reach this socket from now on; resolves once this node is subscribed to it. */
  join(client: Client, workspaceId: string): Promise<void> {
    const room = this.rooms.get(workspaceId) ?? new Set<Client>();
    this.rooms.set(workspaceId, room);
    room.add(client);
    return this.fanout.subscribe(workspaceId);
  }

  /** No frame of the workspace reaches this socket any more, at once; the node unsubscribes after its last. */
  leave(client: Client, workspaceId: string): Promise<void> {
    const room = this.rooms.get(workspaceId);
    room?.delete(client);
    this.subscriptions.drop(client);
    if (room?.size === 0) {
      this.rooms.delete(workspaceId);
      this.counts.forget(workspaceId);
    }
    return this.fanout.unsubscribe(workspaceId);
  }

  /** This node's sockets in the workspace (a copy). */
  clientsOf(workspaceId: string): Client[] {
    return [...(this.rooms.get(workspaceId) ?? [])];
  }

  /** A frame to the workspace's sockets on every node (`userIds`: only theirs). */
  publish(workspaceId: string, envelope: Omit<Envelope, 'origin'>): Promise<void> {
    return this.fanout.publish(workspaceId, envelope);
  }

  /** A frame a service asked to push to a workspace (every node delivers it to its own sockets there). */
  broadcast(workspaceId: string, frame: BroadcastFrame, userIds?: string[]): Promise<void> {
    return this.publish(workspaceId, {
      userIds: userIds ?? null,
      frame: JSON.stringify(frame),
      ...(frame.type === 'message' ? { messageId: frame.message.id } : {}),
      ...(channelOf(frame) ? { channelId: channelOf(frame) } : {}),
      ...(frame.type === 'presence' ? { presenceOf: frame.userId } : {}),
    });
  }

  close(): Promise<void> {
    return this.fanout.close();
  }

  /** An envelope for this node: to every local socket of the workspace in its audience. */
  private deliver(workspaceId: string, envelope: Envelope): void {
    const room = this.rooms.get(workspaceId);
    if (!room) return;
    // presence goes to the sockets watching that user only, and moves the workspace's online count
    if (envelope.presenceOf) {
      this.subscriptions.deliver(workspaceId, envelope.presenceOf, envelope.frame);
      this.counts.changed(workspaceId);
      return;
    }
    // a message fanned out again (a client's retry, see MessageRelay) reaches no socket of this node twice
    if (envelope.messageId) {
      if (this.delivered.has(envelope.messageId)) return;
      this.delivered.set(envelope.messageId, true);
    }
    // encoded once for every socket it goes to, not by each socket's write
    let frame: TextFrame | undefined;
    for (const client of room) {
      if (envelope.userIds && !envelope.userIds.includes(client.userId)) continue;
      if (envelope.exceptUserId === client.userId) continue;
      if (envelope.channelId && client.revoked?.has(envelope.channelId)) continue;
      frame ??= Buffer.from(envelope.frame);
      if (client.held)
        client.held.push({
          frame,
          droppable: !!envelope.droppable,
          messageId: envelope.messageId,
          sentAt: envelope.sentAt,
        });
      else client.queue.push(frame, envelope.droppable, envelope.sentAt);
    }
  }
}
