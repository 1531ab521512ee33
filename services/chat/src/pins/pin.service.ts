import { Injectable } from '@nestjs/common';
import { DomainError } from '@teamchat/bus';
import { WorkspaceMembership, type WorkspaceMember } from '@teamchat/service-kit';
import { ErrorCodes, type Actor, type Message, type MessageChange, type ReactionSummary } from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { isUuid } from '../common/ids.js';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import { audienceOf, canRead, ChannelAccessService, type ChannelRef } from '../channels/channel-access.service.js';
import { MESSAGE_COLUMNS, REACTIONS_OF_M, toMessage, type MessageRow } from '../messages/message.mapper.js';

export const MESSAGE_NOT_FOUND = 'Message not found';
/** The pin list shows at most this many, newest pin first. */
export const PINS_LISTED_MAX = 100;

type PinRow = MessageRow & { reactions: ReactionSummary[] };

/** A message of the workspace with what decides who may touch it: its channel's kind and participants. */
const TARGET = new PreparedStatement<{
  id: string;
  channel_id: string;
  workspace_id: string;
  deleted_at: Date | null;
  type: ChannelRef['type'];
  participant_ids: string[] | null;
}>(
  'chat.pin.target',
  `SELECT m."id", m."channel_id", m."workspace_id", m."deleted_at", c."type", c."participant_ids"
   FROM "chat"."message" m JOIN "chat"."channel" c ON c."id" = m."channel_id"
   WHERE m."id" = $1 AND m."workspace_id" = $2`,
);

const WITH_REACTIONS = `${MESSAGE_COLUMNS}, ${REACTIONS_OF_M} AS "reactions"`;

/** Pins message `$1` for user `$2` unless it is pinned already or deleted; a change members see moves `updated_at`. */
const PIN = new PreparedStatement<PinRow>(
  'chat.pin.pin',
  `UPDATE "chat"."message" m SET "pinned_at" = now(), "pinned_by" = $2, "updated_at" = now()
   WHERE m."id" = $1 AND m."pinned_at" IS NULL AND m."deleted_at" IS NULL
   RETURNING ${WITH_REACTIONS}`,
);
const UNPIN = new PreparedStatement<PinRow>(
  'chat.pin.unpin',
  `UPDATE "chat"."message" m SET "pinned_at" = NULL, "pinned_by" = NULL, "updated_at" = now()
   WHERE m."id" = $1 AND m."pinned_at" IS NOT NULL AND m."deleted_at" IS NULL
   RETURNING ${WITH_REACTIONS}`,
);
const CURRENT = new PreparedStatement<PinRow>(
  'chat.pin.current',
  `SELECT ${WITH_REACTIONS} FROM "chat"."message" m WHERE m."id" = $1`,
);
const LIST = new PreparedStatement<PinRow>(
  'chat.pin.list',
  `SELECT ${WITH_REACTIONS} FROM "chat"."message" m
   WHERE m."channel_id" = $1 AND m."pinned_at" IS NOT NULL AND m."deleted_at" IS NULL
   ORDER BY m."pinned_at" DESC, m."id" DESC LIMIT $2`,
);

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
    private readonly statements: PreparedStatements,
  ) {}

  /** Pins the message (idempotent: a pinned one keeps its first pin) and answers it as it is now. */
  pin(actor: Actor, messageId: string): Promise<MessageChange> {
    return this.change(actor, messageId, (id, member) => this.statements.rows(PIN, [id, member.userId]));
  }

  /** Unpins the message (idempotent) and answers it as it is now. */
  unpin(actor: Actor, messageId: string): Promise<MessageChange> {
    return this.change(actor, messageId, (id) => this.statements.rows(UNPIN, [id]));
  }

  /** A message of a channel the member may read, not deleted, as members see it (pins and permalinks look it up). */
  async get(actor: Actor, messageId: string): Promise<Message> {
    const member = await this.workspace.member(actor);
    const target = await this.target(member, messageId);
    const rows = await this.statements.rows(CURRENT, [target.id]);
    const [message] = await this.present(rows.filter((r) => !r.deleted_at));
    if (!message) throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    return message;
  }

  /** The channel's pinned messages, newest pin first (at most PINS_LISTED_MAX). */
  async list(actor: Actor, channelId: string): Promise<Message[]> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readableRef(member, channelId);
    return this.present(await this.statements.rows(LIST, [channel.id, PINS_LISTED_MAX]));
  }

  private async change(
    actor: Actor,
    messageId: string,
    write: (id: string, member: WorkspaceMember) => Promise<PinRow[]>,
  ): Promise<MessageChange> {
    const member = await this.workspace.member(actor);
    const target = await this.target(member, messageId);
    let [row] = await write(target.id, member);
    // nothing to change (already so): the message as it is, unless it was deleted meanwhile
    if (!row) [row] = await this.statements.rows(CURRENT, [target.id]);
    if (!row || row.deleted_at) throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    const [message] = await this.present([row]);
    return { message, workspaceId: member.workspaceId, audience: audienceOf(target.channel) };
  }

  /** A message of the member's workspace, in a channel they may read, not deleted; "Message not found" otherwise. */
  private async target(member: WorkspaceMember, messageId: string): Promise<{ id: string; channel: ChannelRef }> {
    const [row] = isUuid(messageId)
      ? await this.statements.rows(TARGET, [messageId.toLowerCase(), member.workspaceId])
      : [];
    const channel: ChannelRef | null = row
      ? { id: row.channel_id, workspaceId: row.workspace_id, type: row.type, participantIds: row.participant_ids }
      : null;
    if (!row || !channel || row.deleted_at || !canRead(channel, member.userId))
      throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    return { id: row.id, channel };
  }

  private async present(rows: PinRow[]): Promise<Message[]> {
    const authors = await this.directory.authors(rows.map((r) => r.user_id));
    return rows.map((r) => toMessage(r, authors.get(r.user_id) ?? UNKNOWN_AUTHOR, r.reactions));
  }
}
