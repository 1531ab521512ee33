import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { WorkspaceMembership, type WorkspaceMember, StoredImages } from '@teamchat/service-kit';
import {
  EMOJI_INVALID,
  ErrorCodes,
  isUnicodeEmoji,
  MAX_REACTIONS_PER_MESSAGE,
  REACTION_ONE_OF,
  REACTION_REQUIRED,
  type Actor,
  type CreateCustomReaction,
  type CustomReaction,
  type ReactionBody,
  type ReactionChange,
} from '@teamchat/contracts';
import { chatImage } from '../common/chat-images.js';
import { isUniqueViolation, isUuid } from '../common/ids.js';
import { audienceOf, canRead } from '../channels/channel-access.service.js';
import { ChannelEntity } from '../channels/channel.entity.js';
import { MessageEntity } from '../messages/message.entity.js';
import { CustomReactionEntity } from './custom-reaction.entity.js';
import { isStandardEmoji } from './emoji.js';
import { ReactionSummaryReader } from './reaction-summary.reader.js';

export const REACTION_NAME_TAKEN = 'A reaction with this name already exists.';
export const REACTION_NOT_FOUND = 'Reaction not found';
export const MESSAGE_NOT_FOUND = 'Message not found';
export const TOO_MANY_REACTIONS = `A message can have at most ${MAX_REACTIONS_PER_MESSAGE} different reactions.`;

/**
 * Which reaction a request names: `{ emoji }` (one Unicode emoji) or `{ reactionId }`, exactly one of them; a bare
 * string is a `reactionId`.
 */
export type ReactionRef = string | Pick<ReactionBody, 'emoji' | 'reactionId'>;

/** A message the member may read (not a deleted one), with its channel. */
interface Readable {
  message: MessageEntity;
  channel: ChannelEntity;
}

const toCustomReaction = (r: CustomReactionEntity): CustomReaction => ({
  id: r.id,
  workspaceId: r.workspaceId,
  name: r.name,
  imageUrl: r.imageUrl,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});

@Injectable()
export class ReactionService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(CustomReactionEntity) private readonly customs: Repository<CustomReactionEntity>,
    @InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>,
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly workspace: WorkspaceMembership,
    private readonly summaries: ReactionSummaryReader,
    private readonly images: StoredImages,
  ) {}

  async listCustom(actor: Actor): Promise<CustomReaction[]> {
    const { workspaceId } = await this.workspace.member(actor);
    const rows = await this.customs.find({ where: { workspaceId }, order: { name: 'ASC', createdAt: 'ASC' } });
    return rows.map(toCustomReaction);
  }

  /**
   * The creator is the signed-in user, whatever `createdBy` the client sent; the image must be a reaction upload of the
   * workspace that media stored and checked.
   */
  async createCustom(actor: Actor, input: CreateCustomReaction): Promise<CustomReaction> {
    const member = await this.workspace.member(actor);
    const { workspaceId, userId } = member;
    await this.images.requireUploaded(member, input.imageUrl, chatImage('reaction', member.workspaceId));
    try {
      const saved = await this.customs.save(
        this.customs.create({ workspaceId, name: input.name, imageUrl: input.imageUrl, createdBy: userId }),
      );
      return toCustomReaction(saved);
    } catch (err) {
      if (isUniqueViolation(err, 'UQ_CUSTOM_REACTION_NAME'))
        throw new DomainError(ErrorCodes.reactionNameTaken, REACTION_NAME_TAKEN);
      throw err;
    }
  }

  /**
   * Idempotent per user; a reaction new to the message is refused once it has the maximum of distinct ones. A change
   * moves the message's `updated_at`, so a reconnecting socket gets its reactions by replay.
   */
  async add(actor: Actor, messageId: string, ref: ReactionRef): Promise<ReactionChange> {
    const member = await this.workspace.member(actor);
    const raw = requestedReaction(ref);
    const { message, channel } = await this.readableMessage(member, messageId);
    const reactionId = await this.resolveReaction(member.workspaceId, raw);
    const summary = await this.db.transaction(async (m) => {
      // the message row lock makes the distinct-count check and the insert one step for concurrent reactors
      await m.query(`SELECT 1 FROM "chat"."message" WHERE "id" = $1 FOR UPDATE`, [message.id]);
      const [{ distinct, present }] = (await m.query(
        `SELECT count(DISTINCT "reaction_id")::int AS distinct, bool_or("reaction_id" = $2) AS present
         FROM "chat"."message_reaction" WHERE "message_id" = $1`,
        [message.id, reactionId],
      )) as { distinct: number; present: boolean | null }[];
      if (!present && distinct >= MAX_REACTIONS_PER_MESSAGE)
        throw new DomainError(ErrorCodes.tooManyReactions, TOO_MANY_REACTIONS);
      await m.query(
        `WITH added AS (
           INSERT INTO "chat"."message_reaction" ("message_id", "user_id", "reaction_id") VALUES ($1, $2, $3)
           ON CONFLICT ("message_id", "user_id", "reaction_id") DO NOTHING RETURNING 1)
         UPDATE "chat"."message" SET "updated_at" = now() WHERE "id" = $1 AND EXISTS (SELECT 1 FROM added)`,
        [message.id, member.userId, reactionId],
      );
      return this.summaries.forMessages([message.id], m);
    });
    return this.changeOf(message, channel, summary.get(message.id) ?? []);
  }

  /** Removes the caller's own reaction; removing one that is not there changes nothing. */
  async remove(actor: Actor, messageId: string, ref: ReactionRef): Promise<ReactionChange> {
    const member = await this.workspace.member(actor);
    const raw = requestedReaction(ref);
    const { message, channel } = await this.readableMessage(member, messageId);
    const reactionId = isUuid(raw) ? raw.toLowerCase() : raw;
    await this.db.query(
      `WITH removed AS (
         DELETE FROM "chat"."message_reaction" WHERE "message_id" = $1 AND "user_id" = $2 AND "reaction_id" = $3
         RETURNING 1)
       UPDATE "chat"."message" SET "updated_at" = now() WHERE "id" = $1 AND EXISTS (SELECT 1 FROM removed)`,
      [message.id, member.userId, reactionId],
    );
    const summary = await this.summaries.forMessages([message.id]);
    return this.changeOf(message, channel, summary.get(message.id) ?? []);
  }

  private changeOf(
    message: MessageEntity,
    channel: ChannelEntity,
    reactions: ReactionChange['reactions'],
  ): ReactionChange {
    return {
      messageId: message.id,
      reactions,
      channelId: channel.id,
      workspaceId: message.workspaceId,
      audience: audienceOf(channel),
    };
  }

  /** A deleted message takes no reactions: it is gone, or a tombstone kept only for its thread. */
  private async readableMessage(member: WorkspaceMember, messageId: string): Promise<Readable> {
    const message = isUuid(messageId)
      ? await this.messages.findOneBy({ id: messageId, workspaceId: member.workspaceId })
      : null;
    const channel = message ? await this.channels.findOneBy({ id: message.channelId }) : null;
    if (!message || message.deletedAt || !channel || !canRead(channel, member.userId))
      throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    return { message, channel };
  }

  /** A custom reaction of this workspace (by id) or a standard emoji; anything else is unknown. */
  private async resolveReaction(workspaceId: string, reactionId: string): Promise<string> {
    if (isUuid(reactionId)) {
      const id = reactionId.toLowerCase();
      if (await this.customs.existsBy({ id, workspaceId })) return id;
      throw new DomainError(ErrorCodes.reactionNotFound, REACTION_NOT_FOUND);
    }
    if (isStandardEmoji(reactionId)) return reactionId;
    throw new DomainError(ErrorCodes.reactionNotFound, REACTION_NOT_FOUND);
  }
}

/** The reaction a request names, checked again here whatever the caller validated. */
const requestedReaction = (ref: ReactionRef): string => {
  const { emoji, reactionId } = typeof ref === 'string' ? { emoji: undefined, reactionId: ref } : ref;
  if (emoji !== undefined && reactionId !== undefined) throw new DomainError(ErrorCodes.validation, REACTION_ONE_OF);
  if (emoji !== undefined) {
    if (!isUnicodeEmoji(emoji)) throw new DomainError(ErrorCodes.validation, EMOJI_INVALID);
    return emoji;
  }
  if (!reactionId) throw new DomainError(ErrorCodes.validation, REACTION_REQUIRED);
  return reactionId;
};
