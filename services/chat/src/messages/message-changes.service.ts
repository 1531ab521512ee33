import { Injectable, Logger } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceEntitlements, WorkspaceMembership, type WorkspaceMember } from '@teamchat/service-kit';
import {
  ErrorCodes,
  MediaContracts,
  MESSAGE_EMPTY,
  type Actor,
  type MessageChange,
  type MessageDeletion,
} from '@teamchat/contracts';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import { isUuid } from '../common/ids.js';
import {
  audienceOf,
  ChannelAccessService,
  requireWritable,
  type ChannelRef,
} from '../channels/channel-access.service.js';
import type { MessageRow } from '../store/message-fields.js';
import { toMessage } from '../store/message-mapping.js';
import { MessageStore } from '../store/message.store.js';

export const MESSAGE_NOT_FOUND = 'Message not found';
export const EDIT_FORBIDDEN = 'You can only edit your own messages';
export const DELETE_FORBIDDEN = 'You can only delete your own messages';

/** Edits and deletes of stored messages: who may, what changes, and who hears of it. */
@Injectable()
export class MessageChangesService {
  private readonly logger = new Logger(MessageChangesService.name);

  constructor(
    private readonly store: MessageStore,
    private readonly workspace: WorkspaceMembership,
    private readonly entitlements: WorkspaceEntitlements,
    private readonly access: ChannelAccessService,
    private readonly directory: UserDirectory,
    private readonly bus: BusClient,
  ) {}

  /**
   * The author gives their message new content (a new message's rules: blank only when it has an attachment), while
   * the workspace is not read-only. It gains `editedAt`. Anyone else in the channel: AUTH.FORBIDDEN; a deleted
   * message, or one the actor cannot read: CHAT.MESSAGE_NOT_FOUND.
   */
  async edit(actor: Actor, messageId: string, content: string): Promise<MessageChange> {
    const member = await this.workspace.member(actor);
    const { row, channel } = await this.readable(member, messageId);
    if (row.user_id !== member.userId) throw new DomainError(ErrorCodes.forbidden, EDIT_FORBIDDEN);
    requireWritable(channel);
    await this.entitlements.requireWritable(member.workspaceId);
    const next = content.trim() ? content : null;
    if (!next && !row.image_url && !row.file_url)
      throw new DomainError(ErrorCodes.validation, MESSAGE_EMPTY, [{ path: 'content', message: MESSAGE_EMPTY }]);
    const stored = await this.store.edit(row.id, next);
    // deleted meanwhile
    if (!stored) throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    const author = await this.directory.author(stored.user_id);
    return {
      message: toMessage(stored, author, stored.reactions),
      workspaceId: member.workspaceId,
      audience: audienceOf(channel),
    };
  }

  /**
   * The author or a workspace admin deletes a message: its content, attachment, reactions and pin go; with thread
   * replies it stays as a tombstone, otherwise it is gone for everyone. A deleted reply leaves its root one reply
   * fewer (`root`). The attachment's object is deleted too, so it is no longer served.
   */
  async delete(actor: Actor, messageId: string): Promise<MessageDeletion> {
    const member = await this.workspace.member(actor);
    const { row, channel } = await this.readable(member, messageId);
    if (row.user_id !== member.userId && member.role !== 'admin')
      throw new DomainError(ErrorCodes.forbidden, DELETE_FORBIDDEN);
    const result = await this.store.delete(row.id, row.thread_id);
    // deleted meanwhile by someone else
    if (!result) throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    await this.removeAttachments(member, row);
    const authors = await this.directory.authors([row.user_id, ...(result.root ? [result.root.user_id] : [])]);
    const authorOf = (r: MessageRow) => authors.get(r.user_id) ?? UNKNOWN_AUTHOR;
    return {
      message: toMessage(result.deleted, authorOf(result.deleted), []),
      root: result.root ? toMessage(result.root, authorOf(result.root)) : null,
      workspaceId: member.workspaceId,
      audience: audienceOf(channel),
    };
  }

  /** A message of the member's workspace, not deleted, in a channel they may read; CHAT.MESSAGE_NOT_FOUND otherwise. */
  private async readable(
    member: WorkspaceMember,
    messageId: string,
  ): Promise<{ row: MessageRow; channel: ChannelRef }> {
    const row = isUuid(messageId) ? await this.store.live(member.workspaceId, messageId.toLowerCase()) : undefined;
    if (!row) throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    try {
      return { row, channel: await this.access.readableRef(member, row.channel_id) };
    } catch (err) {
      if (err instanceof DomainError && err.code === ErrorCodes.channelNotFound)
        throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
      throw err;
    }
  }

  /**
   * The deleted message's image and file are deleted from storage (their author's uploads only, see
   * MediaContracts.deleteObject). The message is deleted already: a failure here is logged, not answered.
   */
  private async removeAttachments(member: WorkspaceMember, row: MessageRow): Promise<void> {
    const actor = { userId: member.userId, workspaceId: member.workspaceId };
    const urls = [row.image_url, row.file_url].filter((u): u is string => !!u);
    await Promise.all(
      urls.map((url) =>
        this.bus
          .request(MediaContracts.deleteObject, { actor, url, ownerId: row.user_id })
          .catch((err: unknown) =>
            this.logger.warn(`deleting the attachment of message ${row.id} failed: ${String(err)}`),
          ),
      ),
    );
  }
}
