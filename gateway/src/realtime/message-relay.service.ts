import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@teamchat/bus';
import { ChatContracts, encodeServerFrame, type CreatedMessage } from '@teamchat/contracts';
import { messageDeliverySeconds } from '@teamchat/observability';
import { FANOUT, type Fanout } from './fanout/fanout.js';

const fanoutPublishSeconds = messageDeliverySeconds.labels({ stage: 'fanout_publish' });

export interface MessageInput {
  channelId: string;
  content?: string | null;
  imageUrl?: string | null;
  clientMsgId?: string | null;
}

/**
 * The one create path of the socket and `POST /api/channels/{id}/messages`: the chat service persists the message,
 * and only then is it fanned out to the channel's audience on every node. A repeated clientMsgId (the client retrying
 * a message whose answer it never got) is fanned out again: the first attempt may have been stored after its caller
 * gave up on it (a broker found hung fails the waiting request), and then nobody else ever saw it. Each node delivers
 * a message id once (RealtimeHub), so a repeat of a message that did reach everyone goes no further; the caller hands
 * the stored message back to the sender.
 */
@Injectable()
export class MessageRelay {
  private readonly logger = new Logger(MessageRelay.name);

  constructor(
    private readonly bus: BusClient,
    @Inject(FANOUT) private readonly fanout: Fanout,
  ) {}

  async create(actor: { userId: string; workspaceId: string | null }, input: MessageInput): Promise<CreatedMessage> {
    const sentAt = Date.now();
    const created = await this.bus.request(ChatContracts.createMessage, { actor, ...input });
    // the message is stored: a failed publish must not turn into an error the client would retry
    await this.fanout
      .publish(created.workspaceId, {
        userIds: created.audience.userIds,
        messageId: created.message.id,
        frame: encodeServerFrame('message', { message: created.message }),
        sentAt,
      })
      .then(
        () => fanoutPublishSeconds.observe((Date.now() - sentAt) / 1000),
        (err: unknown) => this.logger.warn(`fan-out of message ${created.message.id} failed: ${String(err)}`),
      );
    return created;
  }
}
