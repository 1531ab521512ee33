import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceEntitlements, WorkspaceMembership, type WorkspaceMember } from '@teamchat/service-kit';
import {
  ErrorCodes,
  MediaContracts,
  MESSAGE_EMPTY,
  type Actor,
  type MessageChange,
  type MessageDeletion,
  type ReactionSummary,
} from '@teamchat/contracts';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import { isUuid } from '../common/ids.js';
import { audienceOf, ChannelAccessService, type ChannelRef } from '../channels/channel-access.service.js';
import { MESSAGE_COLUMNS, REACTIONS_OF_M, toMessage, type MessageRow } from './message.mapper.js';

export const MESSAGE_NOT_FOUND = 'Message not found';
export const EDIT_FORBIDDEN = 'You can only edit your own messages';
export const DELETE_FORBIDDEN = 'You can only delete your own messages';

/** Every column `toMessage` reads, of the updated row (aliased `m`), with its reactions. */
const RETURNING_WITH_REACTIONS = `RETURNING ${MESSAGE_COLUMNS}, ${REACTIONS_OF_M} AS "reactions"`;

/**
 * The root of a thread once one of its replies is gone: one reply fewer, and the latest reply time and up to three
 * latest repliers (newest first) counted again from the replies that remain.
 */
const RECOUNT_ROOT = `UPDATE "chat"."message" m SET
    "reply_count" = greatest(m."reply_count" - 1, 0),
    "last_reply_at" = (SELECT max(r."created_at") FROM "chat"."message" r
                       WHERE r."thread_id" = m."id" AND r."deleted_at" IS NULL),
    "reply_user_ids" = coalesce((SELECT array_agg(l."user_id" ORDER BY l."last" DESC)
                                 FROM (SELECT r."user_id", max(r."created_at") AS "last" FROM "chat"."message" r
                                       WHERE r."thread_id" = m."id" AND r."deleted_at" IS NULL
                                       GROUP BY r."user_id" ORDER BY "last" DESC LIMIT 3) l), '{}'),
    "updated_at" = now()
  WHERE m."id" = $1
  RETURNING ${MESSAGE_COLUMNS}`;

type RowWithReactions = MessageRow & { reactions: ReactionSummary[] };

/** Edits and deletes of stored messages: who may, what changes, and who hears of it. */
@Injectable()
export class MessageChangesService {
  private readonly logger = new Logger(MessageChangesService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
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
    await this.entitlements.requireWritable(member.workspaceId);
    const next = content.trim() ? content : null;
    if (!next && !row.image_url && !row.file_url)
      throw new DomainError(ErrorCodes.validation, MESSAGE_EMPTY, [{ path: 'content', message: MESSAGE_EMPTY }]);
    const [updated] = (await this.db.query(
      `UPDATE "chat"."message" m SET "content" = $2, "edited_at" = now(), "updated_at" = now()
       WHERE m."id" = $1 AND m."deleted_at" IS NULL ${RETURNING_WITH_REACTIONS}`,
      [row.id, next],
    )) as [RowWithReactions[], number];
    // deleted meanwhile
    if (!updated?.[0]) throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    const stored = updated[0];
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
    const result = await this.db.transaction(async (m) => {
      const [deleted] = (await m.query(
        `UPDATE "chat"."message" m SET "deleted_at" = now(), "updated_at" = now(), "content" = NULL,
           "image_url" = NULL, "file_url" = NULL, "file_name" = NULL, "file_size" = NULL, "file_type" = NULL,
           "pinned_at" = NULL, "pinned_by" = NULL
         WHERE m."id" = $1 AND m."deleted_at" IS NULL RETURNING ${MESSAGE_COLUMNS}`,
        [row.id],
      )) as [MessageRow[], number];
      if (!deleted?.[0]) return null;
      await m.query(`DELETE FROM "chat"."message_reaction" WHERE "message_id" = $1`, [row.id]);
      const root = row.thread_id ? await this.recountRoot(m, row.thread_id) : null;
      return { deleted: deleted[0], root };
    });
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
    const [row] = isUuid(messageId)
      ? ((await this.db.query(
          `SELECT ${MESSAGE_COLUMNS} FROM "chat"."message" m
           WHERE m."id" = $1 AND m."workspace_id" = $2 AND m."deleted_at" IS NULL`,
          [messageId.toLowerCase(), member.workspaceId],
        )) as MessageRow[])
      : [];
    if (!row) throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    try {
      return { row, channel: await this.access.readableRef(member, row.channel_id) };
    } catch (err) {
      if (err instanceof DomainError && err.code === ErrorCodes.channelNotFound)
        throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
      throw err;
    }
  }

  private async recountRoot(m: EntityManager, rootId: string): Promise<MessageRow | null> {
    const [rows] = (await m.query(RECOUNT_ROOT, [rootId])) as [MessageRow[], number];
    return rows?.[0] ?? null;
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
