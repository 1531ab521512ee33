import { Injectable } from '@nestjs/common';
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
import {
  audienceOf,
  canRead,
  ChannelAccessService,
  requireWritable,
  type ChannelRef,
} from '../channels/channel-access.service.js';
import { PinReactionStore } from '../store/pin-reaction.store.js';
import type { CustomReactionRow } from '../store/pin-reaction.statements.js';
import { isStandardEmoji } from './emoji.js';

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
  message: { id: string; workspaceId: string };
  channel: ChannelRef;
}

const toCustomReaction = (r: CustomReactionRow): CustomReaction => ({
  id: r.id,
  workspaceId: r.workspace_id,
  name: r.name,
  imageUrl: r.image_url,
  createdBy: r.created_by,
  createdAt: r.created_at.toISOString(),
});

@Injectable()
export class ReactionService {
  constructor(
    private readonly store: PinReactionStore,
    private readonly workspace: WorkspaceMembership,
    private readonly images: StoredImages,
    private readonly access: ChannelAccessService,
  ) {}

  async listCustom(actor: Actor): Promise<CustomReaction[]> {
    const { workspaceId } = await this.workspace.member(actor);
    const rows = await this.store.customReactions(workspaceId);
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
      const saved = await this.store.createCustomReaction({
        workspaceId,
        name: input.name,
        imageUrl: input.imageUrl,
        createdBy: userId,
      });
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
    const reactions = await this.store.addReaction(message.id, member.userId, reactionId);
    if (reactions === 'too-many') throw new DomainError(ErrorCodes.tooManyReactions, TOO_MANY_REACTIONS);
    return this.changeOf(message, channel, reactions);
  }

  /** Removes the caller's own reaction; removing one that is not there changes nothing. */
  async remove(actor: Actor, messageId: string, ref: ReactionRef): Promise<ReactionChange> {
    const member = await this.workspace.member(actor);
    const raw = requestedReaction(ref);
    const { message, channel } = await this.readableMessage(member, messageId);
    const reactionId = isUuid(raw) ? raw.toLowerCase() : raw;
    const reactions = await this.store.removeReaction(message.id, member.userId, reactionId);
    return this.changeOf(message, channel, reactions);
  }

  private changeOf(
    message: Readable['message'],
    channel: ChannelRef,
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
    const row = isUuid(messageId) ? await this.store.target(member.workspaceId, messageId) : undefined;
    const channel = row ? await this.access.ref(row.channel_id) : null;
    if (!row || row.deleted_at || !channel || !canRead(channel, member.userId))
      throw new DomainError(ErrorCodes.messageNotFound, MESSAGE_NOT_FOUND);
    // an archived channel is read-only: its messages take no reactions
    requireWritable(channel);
    return { message: { id: row.id, workspaceId: row.workspace_id }, channel };
  }

  /** A custom reaction of this workspace (by id) or a standard emoji; anything else is unknown. */
  private async resolveReaction(workspaceId: string, reactionId: string): Promise<string> {
    if (isUuid(reactionId)) {
      const id = reactionId.toLowerCase();
      if (await this.store.customReactionExists(workspaceId, id)) return id;
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
