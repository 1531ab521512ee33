import { Injectable } from '@nestjs/common';
import { DomainError } from '@teamchat/bus';
import { WorkspaceMembership, type WorkspaceMember } from '@teamchat/service-kit';
import { ErrorCodes, type Actor, type Message, type MessageChange } from '@teamchat/contracts';
import { isUuid } from '../common/ids.js';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import {
  audienceOf,
  canRead,
  ChannelAccessService,
  requireWritable,
  type ChannelRef,
} from '../channels/channel-access.service.js';
import { toMessage } from '../store/message-mapping.js';
import type { RowWithReactions } from '../store/message-sql.js';
import { PinReactionStore } from '../store/pin-reaction.store.js';

export const MESSAGE_NOT_FOUND = 'Message not found';
/** The pin list shows at most this many, newest pin first. */
export const PINS_LISTED_MAX = 100;

/**
 * Looking up one message, and pinned messages: any member who may read a channel pins or unpins its messages (not deleted ones), and lists its
 * pins. Another workspace's message, one in a DM the member is not part of, or a malformed id is "Message not found".
 */
@Injectable()
export class PinService {
  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly directory: UserDirectory,
    private readonly store: PinReactionStore,
  ) {}

  /** Pins the message (idempotent: a pinned one keeps its first pin) and answers it as it is now. */
  pin(actor: Actor, messageId: string): Promise<MessageChange> {
    return this.change(actor, messageId, (id, member) => this.store.pin(id, member.userId));
  }

  /** Unpins the message (idempotent) and answers it as it is now. */
  unpin(actor: Actor, messageId: string): Promise<MessageChange> {
    return this.change(actor, messageId, (id) => this.store.unpin(id));
  }

  /** A message of a channel the member may read, not deleted, as members see it (pins and permalinks look it up). */
  async get(actor: Actor, messageId: string): Promise<Message> {
    const member = await this.workspace.member(actor);
    const target = await this.target(member, messageId);
    const row = await this.store.current(target.id);
    const [message] = await this.present(row && !row.deleted_at ? [row] : []);
    if (!message) throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    return message;
  }

  /** The channel's pinned messages, newest pin first (at most PINS_LISTED_MAX). */
  async list(actor: Actor, channelId: string): Promise<Message[]> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readableRef(member, channelId);
    return this.present(await this.store.pinned(channel.id, PINS_LISTED_MAX));
  }

  private async change(
    actor: Actor,
    messageId: string,
    write: (id: string, member: WorkspaceMember) => Promise<RowWithReactions | undefined>,
  ): Promise<MessageChange> {
    const member = await this.workspace.member(actor);
    const target = await this.target(member, messageId);
    requireWritable(target.channel);
    // nothing to change (already so): the message as it is, unless it was deleted meanwhile
    const row = (await write(target.id, member)) ?? (await this.store.current(target.id));
    if (!row || row.deleted_at) throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    const [message] = await this.present([row]);
    return { message, workspaceId: member.workspaceId, audience: audienceOf(target.channel) };
  }

  /** A message of the member's workspace, in a channel they may read, not deleted; "Message not found" otherwise. */
  private async target(member: WorkspaceMember, messageId: string): Promise<{ id: string; channel: ChannelRef }> {
    const row = isUuid(messageId) ? await this.store.target(member.workspaceId, messageId.toLowerCase()) : undefined;
    const channel = row ? await this.access.ref(row.channel_id) : null;
    if (!row || !channel || row.deleted_at || !canRead(channel, member.userId))
      throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    return { id: row.id, channel };
  }

  private async present(rows: RowWithReactions[]): Promise<Message[]> {
    const authors = await this.directory.authors(rows.map((r) => r.user_id));
    return rows.map((r) => toMessage(r, authors.get(r.user_id) ?? UNKNOWN_AUTHOR, r.reactions));
  }
}
