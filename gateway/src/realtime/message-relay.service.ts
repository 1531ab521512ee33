import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@teamchat/bus';
import {
  ChatContracts,
  encodeServerFrame,
  type CreateMessage,
  type CreatedMessage,
  type Message,
  type MessageChange,
  type MessageReactions,
  type ReactionChange,
} from '@teamchat/contracts';
import { messageDeliverySeconds } from '@teamchat/observability';
import { Delivery } from './delivery.js';

const fanoutPublishSeconds = messageDeliverySeconds.labels({ stage: 'fanout_publish' });

/** A new message: its channel and the fields of the create request (a file's name, size and type come from media). */
export type MessageInput = { channelId: string } & Partial<CreateMessage>;

/**
 * The frame that tells a member holding `message` how it is now: gone (`message_deleted`) when deleted without a
 * thread, otherwise `message_updated` (a deleted thread root stays as a tombstone with its replies).
 */
export const changeFrame = (message: Message): string =>
  message.deleted && !message.thread
    ? encodeServerFrame('message_deleted', {
        messageId: message.id,
        channelId: message.channelId,
        threadId: message.threadId ?? null,
      })
    : encodeServerFrame('message_updated', { message });

/**
 * The one create path of the socket and `POST /api/channels/{id}/messages`: the chat service persists the message,
 * and only then is it fanned out to the channel's audience on every node. A repeated clientMsgId (the client retrying
 * a message whose answer it never got) is fanned out again: the first attempt may have been stored after its caller
 * gave up on it (a broker found hung fails the waiting request), and then nobody else ever saw it. Each node delivers
 * a message id once (Delivery), so a repeat of a message that did reach everyone goes no further; the caller hands
 * the stored message back to the sender.
 */
@Injectable()
export class MessageRelay {
  private readonly logger = new Logger(MessageRelay.name);

  constructor(
    private readonly bus: BusClient,
    private readonly delivery: Delivery,
  ) {}

  async create(actor: { userId: string; workspaceId: string | null }, input: MessageInput): Promise<CreatedMessage> {
    const sentAt = Date.now();
    const created = await this.bus.request(ChatContracts.createMessage, { actor, ...input });
    // who it mentions outside the channel is for its author alone (the answer, and their other screens)
    const { mentionedNonMembers, ...message } = created.message;
    // the message is stored: a failed publish must not turn into an error the client would retry
    await this.delivery
      .publish(created.workspaceId, {
        userIds: created.audience.userIds,
        channelId: message.channelId,
        messageId: message.id,
        frame: encodeServerFrame('message', { message }),
        sentAt,
      })
      .then(
        () => fanoutPublishSeconds.observe((Date.now() - sentAt) / 1000),
        (err: unknown) => this.logger.warn(`fan-out of message ${created.message.id} failed: ${String(err)}`),
      );
    if (mentionedNonMembers?.length) {
      await this.delivery
        .publish(created.workspaceId, {
          userIds: [actor.userId],
          frame: encodeServerFrame('mention_not_members', {
            channelId: message.channelId,
            messageId: message.id,
            userIds: mentionedNonMembers,
            // a public channel's readers are the whole workspace: they are notified all the same
            notified: created.audience.userIds === null,
          }),
        })
        .catch((err: unknown) => this.logger.warn(`mention_not_members of ${message.id} not sent: ${String(err)}`));
    }
    // a thread reply changed its root (count, last reply, repliers): after the reply, so the reply is there first
    if (created.root) {
      await this.publishChange({ message: created.root, workspaceId: created.workspaceId, audience: created.audience });
    }
    return created;
  }

  /**
   * Fans out a change to a stored message (edit, delete, pin, thread summary) to its audience on every node. Not
   * deduplicated by message id like a new message: each change is news. A failed publish is logged, never thrown: the
   * change is stored, and a reconnecting socket gets it by replay.
   */
  async publishChange(change: MessageChange): Promise<void> {
    await this.publishFrame(
      { ...change, channelId: change.message.channelId },
      changeFrame(change.message),
      `change of message ${change.message.id}`,
    );
  }

  /**
   * Fans out a `reactions` frame (all of the message's reactions now) and answers what the HTTP routes return: the
   * message id and its reactions.
   */
  async publishReactions(change: ReactionChange): Promise<MessageReactions> {
    const { messageId, channelId, reactions } = change;
    await this.publishFrame(
      change,
      encodeServerFrame('reactions', { messageId, channelId, reactions }),
      `reactions of message ${messageId}`,
    );
    return { messageId, reactions };
  }

  /** Puts an encoded frame about a message in front of its audience on every node (see publishChange). */
  async publishFrame(
    to: Omit<MessageChange, 'message'> & { channelId?: string },
    frame: string,
    what: string,
  ): Promise<void> {
    await this.delivery
      .publish(to.workspaceId, {
        userIds: to.audience.userIds,
        frame,
        sentAt: Date.now(),
        ...(to.channelId ? { channelId: to.channelId } : {}),
      })
      .catch((err: unknown) => this.logger.warn(`fan-out of ${what} failed: ${String(err)}`));
  }
}
