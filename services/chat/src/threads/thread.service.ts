import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceMembership, type WorkspaceMember } from '@teamchat/service-kit';
import {
  ErrorCodes,
  IdentityContracts,
  THREAD_ROOT_INVALID,
  type Actor,
  type CreatedMessage,
  type FollowedThread,
  type MessageFile,
  type Thread,
  type ThreadReadState,
} from '@teamchat/contracts';
import { randomUUID } from 'node:crypto';
import { isUuid } from '../common/ids.js';
import { UNKNOWN_AUTHOR, UserDirectory, type Author } from '../common/user-directory.service.js';
import {
  audienceOf,
  canRead,
  ChannelAccessService,
  isPublic,
  type ChannelRef,
} from '../channels/channel-access.service.js';
import type { MessageInsert, MessageRow } from '../store/message-fields.js';
import { toMessage } from '../store/message-mapping.js';
import type { RowWithReactions } from '../store/message-sql.js';
import { MessageStore } from '../store/message.store.js';
import { ThreadStore } from '../store/thread.store.js';
export { THREAD_REPLIES_MAX } from '../store/thread.statements.js';

export const THREAD_NOT_FOUND = 'Message not found';
/** At most this many names of one reply are looked up as mentions. */
const MENTIONS_MAX = 20;

/** `@name` in a reply (as the web highlights it): usernames may hold dots, a trailing full stop ends the sentence. */
const MENTION = /(^|[^\w@])@([\w-]+(?:\.[\w-]+)*)/g;

/** The names a text mentions, lower case, at most MENTIONS_MAX. */
export const mentionedNames = (content: string | null | undefined): string[] => {
  const names = new Set<string>();
  for (const match of (content ?? '').matchAll(MENTION)) {
    const name = match[2]!.toLowerCase();
    if (name.length <= 64) names.add(name);
    if (names.size >= MENTIONS_MAX) break;
  }
  return [...names];
};

export interface NewReply {
  member: WorkspaceMember;
  author: Author;
  channel: ChannelRef;
  content: string | null;
  imageUrl: string | null;
  clientMsgId: string | null;
  threadId: string;
  alsoInChannel: boolean;
  /** A file attachment MessageService checked. */
  file?: MessageFile | null;
  /** The fields a create request carries straight to the insert (see MESSAGE_FIELDS). */
  inputs?: Partial<MessageInsert>;
}

/**
 * Threads (one level deep, as in Slack): replies to a top-level message, the root's summary, who follows a thread and
 * what they have not read in it.
 */
@Injectable()
export class ThreadService {
  constructor(
    private readonly bus: BusClient,
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly directory: UserDirectory,
    private readonly store: ThreadStore,
    private readonly messages: MessageStore,
  ) {}

  /**
   * Stores a reply (MessageService.create checked the member, the channel, the workspace and any image). A root that
   * is not a top-level, non-deleted message of this channel is refused with THREAD_ROOT_INVALID.
   */
  async reply(input: NewReply): Promise<CreatedMessage> {
    const { member, author, channel } = input;
    if (!isUuid(input.threadId)) throw new DomainError(ErrorCodes.validation, THREAD_ROOT_INVALID);
    const mentioned = await this.mentionedReaders(member, channel, input.content);
    const rows = await this.store.reply({
      id: randomUUID(),
      workspaceId: member.workspaceId,
      channelId: channel.id,
      userId: member.userId,
      content: input.content,
      imageUrl: input.imageUrl,
      clientMsgId: input.clientMsgId,
      fileUrl: input.file?.url ?? null,
      fileName: input.file?.name ?? null,
      fileSize: input.file?.size ?? null,
      fileType: input.file?.type ?? null,
      systemEvent: null,
      ...input.inputs,
      threadId: input.threadId.toLowerCase(),
      alsoInChannel: input.alsoInChannel,
      mentionedIds: mentioned,
    });
    const reply = rows.find((r) => r.kind === 'reply');
    const root = rows.find((r) => r.kind === 'root');
    const base = { workspaceId: member.workspaceId, audience: audienceOf(channel) };
    if (reply && root) {
      return { ...base, message: toMessage(reply, author), created: true, root: await this.present(root) };
    }
    // nothing stored: a clientMsgId used before (the stored message is answered), or a root that does not qualify
    const stored = input.clientMsgId ? await this.messages.byClientMsgId(member.userId, input.clientMsgId) : undefined;
    if (!stored) throw new DomainError(ErrorCodes.validation, THREAD_ROOT_INVALID);
    const storedChannel =
      stored.channel_id === channel.id ? channel : await this.access.readableRef(member, stored.channel_id);
    const storedRoot = stored.thread_id ? await this.store.byId(stored.thread_id) : undefined;
    return {
      workspaceId: member.workspaceId,
      audience: audienceOf(storedChannel),
      message: toMessage(stored, author),
      created: false,
      ...(storedRoot ? { root: await this.present(storedRoot) } : {}),
    };
  }

  /** The thread of a message the actor may read (a reply's id answers its root's thread); 404 otherwise. */
  async get(actor: Actor, messageId: string): Promise<Thread> {
    const member = await this.workspace.member(actor);
    const root = await this.readableRoot(member, messageId);
    const replies = await this.store.replies(root.id);
    const authors = await this.directory.authors([root.user_id, ...replies.map((r) => r.user_id)]);
    const as = (r: RowWithReactions) => toMessage(r, authors.get(r.user_id) ?? UNKNOWN_AUTHOR, r.reactions);
    return { root: as(root), replies: replies.map(as) };
  }

  /** The threads the actor follows, latest reply first, with their unread replies. */
  async followed(actor: Actor): Promise<FollowedThread[]> {
    const member = await this.workspace.member(actor);
    const rows = await this.store.followed(member.workspaceId, member.userId);
    const authors = await this.directory.authors(rows.map((r) => r.user_id));
    return rows.map((r) => ({
      root: toMessage(r, authors.get(r.user_id) ?? UNKNOWN_AUTHOR),
      unreadCount: r.unread_count,
      lastReadAt: r.follower_last_read_at?.toISOString() ?? null,
    }));
  }

  /** Marks the thread read up to now for a follower; one who does not follow it has nothing to mark. */
  async markRead(actor: Actor, messageId: string): Promise<ThreadReadState> {
    const member = await this.workspace.member(actor);
    const root = await this.readableRoot(member, messageId);
    const mark = await this.store.markRead(root.id, member.userId, member.workspaceId);
    return { threadId: root.id, lastReadAt: (mark ?? new Date()).toISOString() };
  }

  /** The root of the thread `messageId` is in, when the member may read its channel and it is still shown. */
  private async readableRoot(member: WorkspaceMember, messageId: string): Promise<RowWithReactions> {
    const root = isUuid(messageId) ? await this.store.rootOf(member.workspaceId, messageId) : undefined;
    // a deleted message stays only as the tombstone of a thread
    if (!root || (root.deleted_at && root.reply_count === 0)) throw this.notFound();
    const channel = await this.access.readableRef(member, root.channel_id).catch(() => null);
    if (!channel || !canRead(channel, member.userId)) throw this.notFound();
    return root;
  }

  private notFound(): DomainError {
    return new DomainError(ErrorCodes.messageNotFound, THREAD_NOT_FOUND);
  }

  private async present(row: MessageRow) {
    return toMessage(row, await this.directory.author(row.user_id));
  }

  /** The users a reply mentions by username or handle who may read the channel: they follow the thread. */
  private async mentionedReaders(member: WorkspaceMember, channel: ChannelRef, content: string | null) {
    const names = mentionedNames(content);
    if (names.length === 0) return [];
    const found = await this.bus.request(IdentityContracts.findByNames, { names });
    const ids = [...new Set(found.map((u) => u.id))].filter((id) => id !== member.userId);
    const readers = await Promise.all(
      ids.map(async (id) =>
        // a private channel's or a DM's members only; anyone of the workspace reads a public channel
        !isPublic(channel)
          ? canRead(channel, id)
          : await this.workspace.isMember(member.workspaceId, id).catch(() => false),
      ),
    );
    return ids.filter((_, i) => readers[i]);
  }
}
