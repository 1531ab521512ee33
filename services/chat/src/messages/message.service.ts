import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceEntitlements, WorkspaceMembership, StoredImages } from '@teamchat/service-kit';
import {
  ErrorCodes,
  IdentityContracts,
  isStorableTime,
  REPLAY_MAX_AGE_MS,
  REPLAY_MAX_MESSAGES,
  type Actor,
  type CreateMessage,
  type CreatedMessage,
  type Message,
  type Replay,
} from '@teamchat/contracts';
import { chatImage } from '../common/chat-images.js';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import { isUuid } from '../common/ids.js';
import {
  audienceOf,
  ChannelAccessService,
  requireWritable,
  type ChannelRef,
} from '../channels/channel-access.service.js';
import { mentionedNames, ThreadService } from '../threads/thread.service.js';
import { ChannelMembershipService } from '../channels/channel-membership.service.js';
import { MessageFiles } from './message-files.js';
import { MessageWriter } from './message-writer.js';
import { BroadcastMentions } from '../notifications/broadcast-mentions.js';
import { inputValues } from '../store/message-fields.js';
import { toMessage } from '../store/message-mapping.js';
import type { RowWithReactions } from '../store/message-sql.js';
import { MessageStore } from '../store/message.store.js';
import { NewestPageCache } from '../store/newest-page-cache.service.js';

export const INVALID_CURSOR = 'Invalid before cursor';
export const INVALID_AFTER_CURSOR = 'Invalid after cursor';
export const INVALID_AROUND_MESSAGE = 'Invalid around message';

/** A new message as the create request carries it (`threadId`: a reply, see ThreadService.reply). */
export type NewMessage = { channelId: string } & Partial<CreateMessage>;

/** Messages: one create path for socket and HTTP, pages of history, and the replay a reconnecting socket asks for. */
@Injectable()
export class MessageService {
  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly entitlements: WorkspaceEntitlements,
    private readonly access: ChannelAccessService,
    private readonly directory: UserDirectory,
    private readonly images: StoredImages,
    private readonly store: MessageStore,
    private readonly newestPages: NewestPageCache,
    private readonly files: MessageFiles,
    private readonly threads: ThreadService,
    private readonly broadcastMentions: BroadcastMentions,
    private readonly writer: MessageWriter,
    private readonly membership: ChannelMembershipService,
    private readonly bus: BusClient,
  ) {}

  /**
   * The answer to the author of a new message: with `mentionedNonMembers` when it @-mentions members of the workspace
   * who are not in the channel. Never fails the message, which is stored already.
   */
  private async withMentionedNonMembers(
    created: CreatedMessage,
    channel: ChannelRef,
    authorId: string,
  ): Promise<CreatedMessage> {
    const names = created.created ? mentionedNames(created.message.content) : [];
    if (names.length === 0) return created;
    try {
      const found = await this.bus.request(IdentityContracts.findByNames, { names });
      const ids = [...new Set(found.map((u) => u.id))].filter((id) => id !== authorId);
      const outside = await this.membership.notMembers(channel, ids);
      return outside.length > 0
        ? { ...created, message: { ...created.message, mentionedNonMembers: outside } }
        : created;
    } catch {
      return created;
    }
  }

  /** The newest `limit` messages, before a message or a time if given, oldest first. */
  list(actor: Actor, channelId: string, before: string | undefined, limit: number): Promise<Message[]> {
    return this.page(actor, channelId, async ({ id, workspaceId }) => {
      if (!before) return this.newestPages.newestPage(id, workspaceId, limit);
      if (isUuid(before)) {
        const ref = await this.cursorOf(id, before, INVALID_CURSOR);
        return (await this.store.pageBeforeMessage(id, limit, ref)).reverse();
      }
      const at = new Date(before);
      if (!isStorableTime(at)) throw new DomainError(ErrorCodes.validation, INVALID_CURSOR);
      return (await this.store.pageBeforeTime(id, limit, at)).reverse();
    });
  }

  /** The oldest `limit` messages newer than a message, oldest first: scrolling down from where a search opened. */
  listAfter(actor: Actor, channelId: string, messageId: string, limit: number): Promise<Message[]> {
    return this.page(actor, channelId, async ({ id }) => {
      const ref = await this.cursorOf(id, messageId, INVALID_AFTER_CURSOR);
      return this.store.pageAfterMessage(id, limit, ref);
    });
  }

  /** A message with up to `limit / 2` older ones and the rest of `limit` newer, oldest first: a search result opened. */
  listAround(actor: Actor, channelId: string, messageId: string, limit: number): Promise<Message[]> {
    return this.page(actor, channelId, async ({ id }) => {
      const ref = await this.cursorOf(id, messageId, INVALID_AROUND_MESSAGE);
      const older = Math.floor(limit / 2);
      return this.store.pageAroundMessage(id, ref, older, limit - older);
    });
  }

  /**
   * The rows `read` picks from a channel the actor may read, as new messages (the rows themselves are only read: a
   * kept page's rows are handed over as they are); a cursor is looked up in that channel only.
   */
  private async page(
    actor: Actor,
    channelId: string,
    read: (channel: ChannelRef) => Promise<RowWithReactions[]>,
  ): Promise<Message[]> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readableRef(member, channelId);
    const rows = await read(channel);
    const authors = await this.directory.authors(rows.map((r) => r.user_id));
    return rows.map((r) => toMessage(r, authors.get(r.user_id) ?? UNKNOWN_AUTHOR, r.reactions));
  }

  /** Where a message of this channel sits; any other id is refused with `message`. */
  private async cursorOf(channelId: string, messageId: string, message: string) {
    const ref = isUuid(messageId) ? await this.store.cursor(channelId, messageId) : undefined;
    if (!ref) throw new DomainError(ErrorCodes.validation, message);
    return ref;
  }

  /**
   * Stores a message from a member allowed in the channel, while the workspace is not read-only (BILLING.WORKSPACE_READ_ONLY
   * once its trial ended unpaid or its subscription lapsed); an image must be a message-image upload of the workspace
   * that media stored and checked. A `clientMsgId` the user already used returns the stored
   * message (`created: false`) instead of a second copy, so a client may safely resend after a lost reply.
   */
  async create(actor: Actor, input: NewMessage): Promise<CreatedMessage> {
    if (!actor.workspaceId) await this.workspace.member(actor);
    // the membership check, the channel lookup and the author's name do not depend on each other; the channel is
    // only used once the membership is confirmed
    const claimed = { userId: actor.userId, workspaceId: actor.workspaceId! };
    const [member, author, channel] = await Promise.all([
      this.workspace.member(actor),
      this.directory.author(actor.userId),
      this.access.readableRef(claimed, input.channelId),
    ]);
    // an archived channel is read-only (told only to someone who may read it)
    requireWritable(channel);
    // after the membership answer (a stranger hears "not found"); cached per workspace, so no extra round trip
    await this.entitlements.requireWritable(member.workspaceId);
    const content = input.content?.trim() ? input.content : null;
    await this.broadcastMentions.requireAllowed(member, channel, content);
    const imageUrl = input.imageUrl?.trim() || null;
    // after the membership and channel answers, so a stranger hears about those and not about the image
    if (imageUrl)
      await this.images.requireUploaded(member, imageUrl, {
        ...chatImage('message', member.workspaceId),
        channelId: channel.id,
      });
    const file = input.fileUrl?.trim() ? await this.files.require(member, input.fileUrl.trim(), channel.id) : null;
    const clientMsgId = input.clientMsgId || null;
    if (input.threadId) {
      const alsoInChannel = input.alsoInChannel === true;
      const reply = await this.threads.reply({
        member,
        author,
        channel,
        content,
        imageUrl,
        clientMsgId,
        threadId: input.threadId,
        alsoInChannel,
        file,
        inputs: inputValues(input),
      });
      return this.withMentionedNonMembers(reply, channel, member.userId);
    }
    const inserted = await this.writer.insert({
      workspaceId: member.workspaceId,
      channelId: channel.id,
      userId: member.userId,
      content,
      imageUrl,
      clientMsgId,
      fileUrl: file?.url ?? null,
      fileName: file?.name ?? null,
      fileSize: file?.size ?? null,
      fileType: file?.type ?? null,
      systemEvent: null,
      ...inputValues(input),
    });
    if (inserted) {
      return this.withMentionedNonMembers(
        {
          message: toMessage(inserted, author),
          created: true,
          workspaceId: member.workspaceId,
          audience: audienceOf(channel),
        },
        channel,
        member.userId,
      );
    }
    const stored = (await this.store.byClientMsgId(member.userId, clientMsgId))!;
    const storedChannel =
      stored.channel_id === channel.id ? channel : await this.access.readableRef(member, stored.channel_id);
    return {
      message: toMessage(stored, author),
      created: false,
      workspaceId: member.workspaceId,
      audience: audienceOf(storedChannel),
    };
  }

  /**
   * What changed after `since` in every channel the actor may read in their workspace, oldest change first: new
   * messages and thread replies, and messages edited, deleted, pinned, reacted to or replied to since (`updatedAt`),
   * each as it is now. `resync` when the gap is older than a day or longer than 500 changes (the client then
   * refetches instead).
   */
  async replay(actor: Actor, since: string | number): Promise<Replay> {
    const member = await this.workspace.member(actor);
    const after = new Date(since);
    if (Number.isNaN(after.getTime()) || Date.now() - after.getTime() > REPLAY_MAX_AGE_MS) {
      return { status: 'resync', reason: 'since-too-old' };
    }
    const rows = await this.store.replay(member.workspaceId, after, member.userId);
    if (rows.length > REPLAY_MAX_MESSAGES) return { status: 'resync', reason: 'gap-too-large' };
    const authors = await this.directory.authors(rows.map((r) => r.user_id));
    return {
      status: 'ok',
      messages: rows.map((r) => toMessage(r, authors.get(r.user_id) ?? UNKNOWN_AUTHOR, r.reactions)),
    };
  }
}
