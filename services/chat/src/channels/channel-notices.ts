import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@teamchat/bus';
import {
  ChatEvents,
  RealtimeEvents,
  type BroadcastFrame,
  type Channel,
  type Message,
  type SystemEvent,
  type SystemEventInfo,
} from '@teamchat/contracts';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import { toMessage } from '../store/message-mapping.js';
import { MessageStore } from '../store/message.store.js';
import { ChannelAccessService } from './channel-access.service.js';

/** How many names a system message spells out before "and N others". */
const NAMES_SHOWN = 5;

const list = (names: string[]): string => {
  const shown = names.slice(0, NAMES_SHOWN);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} other${rest === 1 ? '' : 's'}`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
};

/** The sentence a system message stores (searchable, and shown as it is by clients that word nothing themselves). */
export const systemSentence = (event: SystemEvent, actor: string, others: string[], text: string | null): string => {
  switch (event) {
    case 'joined':
      return `${actor} joined`;
    case 'left':
      return `${actor} left`;
    case 'added':
      return `${actor} added ${list(others)}`;
    case 'removed':
      return `${actor} removed ${list(others)}`;
    case 'topic':
      return text ? `${actor} set the topic: ${text}` : `${actor} cleared the topic`;
    case 'purpose':
      return text ? `${actor} set the purpose: ${text}` : `${actor} cleared the purpose`;
    case 'archived':
      return `${actor} archived this channel`;
    case 'unarchived':
      return `${actor} unarchived this channel`;
    case 'converted':
      return `${actor} made this channel private`;
    case 'renamed':
      return `${actor} renamed this channel to #${text ?? ''}`;
  }
};

/** Who hears a channel's frames: its members when private, the whole workspace (undefined) when public. */
const audience = (channel: Channel): string[] | undefined =>
  channel.visibility === 'private' ? (channel.participantIds ?? []) : undefined;

/**
 * What follows a change of a channel's membership or settings, once it is committed: every chat replica and gateway
 * node forgets what it cached of the channel (`chat.channel.membership-changed`), a system message is stored and
 * delivered like any message, and members' open screens hear of the change (`channel_*` frames).
 */
@Injectable()
export class ChannelNotices {
  private readonly logger = new Logger(ChannelNotices.name);

  constructor(
    private readonly bus: BusClient,
    private readonly store: MessageStore,
    private readonly directory: UserDirectory,
    private readonly access: ChannelAccessService,
  ) {}

  /** Caches of the channel are dropped here at once, and on every other replica and gateway node by the event. */
  async changed(
    channel: Pick<Channel, 'id' | 'workspaceId' | 'visibility'>,
    added: string[],
    removed: string[],
  ): Promise<void> {
    this.access.forget(channel.id, added.length + removed.length > 0);
    await this.bus.emit(ChatEvents.membershipChanged, {
      workspaceId: channel.workspaceId,
      channelId: channel.id,
      added: added.slice(0, 5000),
      removed: removed.slice(0, 5000),
      visibility: channel.visibility,
    });
  }

  /** Stores a system message in the channel and delivers it to those who hear the channel. */
  async post(
    channel: Channel,
    actorId: string,
    event: SystemEvent,
    extra: { userIds?: string[]; text?: string | null } = {},
  ): Promise<Message> {
    const people = await this.directory.authors([actorId, ...(extra.userIds ?? [])]);
    const nameOf = (id: string) => (people.get(id) ?? UNKNOWN_AUTHOR).username;
    const info: SystemEventInfo = {
      event,
      actorId,
      ...(extra.userIds ? { userIds: extra.userIds } : {}),
      ...(extra.text !== undefined ? { text: extra.text } : {}),
    };
    const content = systemSentence(event, nameOf(actorId), (extra.userIds ?? []).map(nameOf), extra.text ?? null);
    const [row] = await this.store.insertRows([
      {
        id: randomUUID(),
        workspaceId: channel.workspaceId,
        channelId: channel.id,
        userId: actorId,
        content: content.slice(0, 4000),
        imageUrl: null,
        clientMsgId: null,
        fileUrl: null,
        fileName: null,
        fileSize: null,
        fileType: null,
        systemEvent: JSON.stringify(info),
      },
    ]);
    const message = toMessage(row, people.get(actorId) ?? UNKNOWN_AUTHOR);
    await this.broadcast(channel.workspaceId, { type: 'message', message }, audience(channel));
    return message;
  }

  /** `channel_updated` to those who hear the channel. */
  updated(channel: Channel): Promise<void> {
    return this.broadcast(channel.workspaceId, { type: 'channel_updated', channel }, audience(channel));
  }

  /** `channel_member_added` to the members, the new ones included. */
  added(channel: Channel, userIds: string[]): Promise<void> {
    return this.broadcast(
      channel.workspaceId,
      { type: 'channel_member_added', channelId: channel.id, userIds, channel },
      channel.participantIds ?? [],
    );
  }

  /** `channel_member_removed` to the remaining members, and `channel_removed` to the sockets of those who went. */
  async removed(channel: Channel, userIds: string[], reason: 'removed' | 'left'): Promise<void> {
    await this.broadcast(
      channel.workspaceId,
      { type: 'channel_member_removed', channelId: channel.id, userIds, channel },
      channel.participantIds ?? [],
    );
    await this.broadcast(channel.workspaceId, { type: 'channel_removed', channelId: channel.id, reason }, userIds);
  }

  private async broadcast(workspaceId: string, frame: BroadcastFrame, userIds: string[] | undefined): Promise<void> {
    if (userIds && userIds.length === 0) return;
    try {
      await this.bus.emit(RealtimeEvents.workspaceBroadcast, {
        workspaceId,
        frame,
        ...(userIds ? { userIds: userIds.slice(0, 5000) } : {}),
      });
    } catch (err) {
      // the change is committed; a lost frame is caught up by the next refetch
      this.logger.warn(`channel frame ${frame.type} not sent: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
