// Who stops hearing a channel: when chat announces a membership change (`chat.channel.membership-changed`), every
// gateway node forgets the channel access its sockets cached (typing audiences, see FrameRouter) and, for a private
// channel, stops delivering that channel's frames to the sockets of those who left or were removed — at once, even a
// frame whose audience chat reckoned just before the change. Someone added back hears it again.
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { ChatEvents } from '@teamchat/contracts';
import { ClusterSignals, type SignalSender } from '../cluster/cluster-signals.js';
import { Delivery } from './delivery.js';

export type MembershipChange = z.output<(typeof ChatEvents)['membershipChanged']['payload']>;

/** Channels one socket may have revoked at most (a socket removed from more is closed to none of the rest). */
const REVOKED_MAX = 1000;

@Injectable()
export class ChannelRevocations {
  private readonly everywhere: SignalSender<MembershipChange>;

  constructor(
    signals: ClusterSignals,
    private readonly delivery: Delivery,
  ) {
    this.everywhere = signals.define<MembershipChange>('channel-membership', (change) => this.apply(change));
  }

  /** Applies the change on this node at once, and on the other nodes through Redis. */
  changed(change: MembershipChange): Promise<void> {
    return this.everywhere(change);
  }

  private apply({ workspaceId, channelId, added, removed, visibility }: MembershipChange): void {
    const gone = new Set(visibility === 'private' ? removed : []);
    const back = new Set(added);
    for (const client of this.delivery.clientsOf(workspaceId)) {
      client.channels?.delete(channelId);
      if (back.has(client.userId)) client.revoked?.delete(channelId);
      if (gone.has(client.userId)) {
        client.revoked ??= new Set();
        if (client.revoked.size < REVOKED_MAX) client.revoked.add(channelId);
      }
    }
  }
}
