import { z } from 'zod';
import { defineEvent, defineRequest, workspaceWrite } from '../contract.js';
import { withActor } from '../actor.js';
import {
  AddChannelMembersSchema,
  BrowseChannelsQuerySchema,
  ChannelMemberSchema,
  ChannelSchema,
  CreateChannelSchema,
  PrivateChannelSummarySchema,
  UpdateChannelSchema,
  CreateCustomReactionSchema,
  checkDmPeople,
  CreateDmShape,
  CreateSectionSchema,
  CustomReactionSchema,
  EditMessageSchema,
  hasMessageBody,
  ListMessagesQuerySchema,
  MESSAGE_EMPTY,
  MessageInputShape,
  MessageReactionsSchema,
  MessageSchema,
  ReactionBodySchema,
  ReadStateSchema,
  RenameChannelSchema,
  ReorderChannelSchema,
  RenameSectionSchema,
  SearchQuerySchema,
  SearchPageSchema,
  SectionSchema,
  UnreadCountSchema,
} from '../http/chat.schema.js';
import { FollowedThreadSchema, ThreadReadStateSchema, ThreadSchema } from '../http/threads.schema.js';
import { SinceSchema } from '../ws/frames.js';
import type { StoredImageKind } from './media.contracts.js';

/** Ids from URLs are plain strings here: a malformed id is answered like an unknown one (404), never a 500. */
const ref = z.string().min(1).max(100);

/**
 * Who receives a channel's live frames: everyone in the workspace (a public channel) or only these users (a private
 * channel's members, a DM's participants).
 */
export const AudienceSchema = z.object({ userIds: z.array(z.uuid()).nullable() });
export type Audience = z.infer<typeof AudienceSchema>;

export const ChannelAccessSchema = z.object({
  channelId: z.uuid(),
  workspaceId: z.uuid(),
  type: z.enum(['regular', 'direct']),
  audience: AudienceSchema,
  /** Absent from older servers: treat as public for a regular channel. */
  visibility: z.enum(['public', 'private']).optional(),
  /** Archived: readable, not writable. */
  archived: z.boolean().optional(),
});
export type ChannelAccess = z.infer<typeof ChannelAccessSchema>;

export const CreatedMessageSchema = z.object({
  message: MessageSchema,
  /** False when the clientMsgId was seen before and the stored message is returned instead. */
  created: z.boolean(),
  workspaceId: z.uuid(),
  audience: AudienceSchema,
  /** On a thread reply: its root as it is now (count, last reply, repliers), for the gateway to publish as a change. */
  root: MessageSchema.optional(),
});
export type CreatedMessage = z.infer<typeof CreatedMessageSchema>;

/**
 * A message members hold changed (edited, deleted, pinned, its thread or reactions): how it is now, and who hears of it
 * live. A `deleted` message without a thread is gone; one with a thread stays as a tombstone.
 */
export const MessageChangeSchema = z.object({
  message: MessageSchema,
  workspaceId: z.uuid(),
  audience: AudienceSchema,
});
export type MessageChange = z.infer<typeof MessageChangeSchema>;

/** A deleted message (see MessageChangeSchema); a deleted thread reply also changed its root's summary (`root`). */
export const MessageDeletionSchema = MessageChangeSchema.extend({ root: MessageSchema.nullable() });
export type MessageDeletion = z.infer<typeof MessageDeletionSchema>;

/**
 * The reactions of a message after a change (`MessageReactions`, what the HTTP route answers), with its channel and who
 * hears of it live (the gateway publishes a `reactions` frame).
 */
export const ReactionChangeSchema = MessageReactionsSchema.extend({
  channelId: z.uuid(),
  workspaceId: z.uuid(),
  audience: AudienceSchema,
});
export type ReactionChange = z.infer<typeof ReactionChangeSchema>;

/** Spec 2 §7 resume: at most this many missed messages, at most this old, are replayed; beyond, `resync`. */
export const REPLAY_MAX_MESSAGES = 500;
export const REPLAY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const ReplaySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), messages: z.array(MessageSchema) }),
  z.object({ status: z.literal('resync'), reason: z.enum(['since-too-old', 'gap-too-large']) }),
]);
export type Replay = z.infer<typeof ReplaySchema>;

export const ChatContracts = {
  listSections: defineRequest('chat.section.list', withActor({}), z.array(SectionSchema)),
  createSection: workspaceWrite(
    defineRequest('chat.section.create', withActor(CreateSectionSchema.shape), SectionSchema),
  ),
  /** One of the actor's own sections: another member's, or a workspace section, is not found. */
  renameSection: workspaceWrite(
    defineRequest('chat.section.rename', withActor({ sectionId: ref, ...RenameSectionSchema.shape }), SectionSchema),
  ),
  /**
   * A workspace section: CHAT.SECTION_NOT_EMPTY while channels remain in it. One of the actor's own sections: its
   * channels go back to their default sections. Another member's own section is not found.
   */
  deleteSection: workspaceWrite(
    defineRequest('chat.section.delete', withActor({ sectionId: ref }), z.object({ id: z.uuid() })),
  ),

  listChannels: defineRequest('chat.channel.list', withActor({}), z.array(ChannelSchema)),
  createChannel: workspaceWrite(
    defineRequest('chat.channel.create', withActor(CreateChannelSchema.shape), ChannelSchema),
  ),
  renameChannel: workspaceWrite(
    defineRequest('chat.channel.rename', withActor({ channelId: ref, ...RenameChannelSchema.shape }), ChannelSchema),
  ),
  /**
   * Moves a channel within the actor's sidebar (into `sectionId` when given): only their placement changes, the
   * channel's default section and order stay. Answers the section's channels as the actor sees it, ordered 0..n-1.
   */
  reorderChannel: workspaceWrite(
    defineRequest('chat.channel.reorder', withActor(ReorderChannelSchema.shape), z.array(ChannelSchema)),
  ),
  /** Public channels of the workspace and private ones the actor belongs to, whose name contains `q` (any case). */
  browseChannels: defineRequest(
    'chat.channel.browse',
    withActor(BrowseChannelsQuerySchema.shape),
    z.array(ChannelSchema),
  ),
  /** One channel the actor may read (a public channel's preview before joining); 404 otherwise. */
  getChannel: defineRequest('chat.channel.get', withActor({ channelId: ref }), ChannelSchema),
  /** Joins a public channel (a private one answers 404); joining again changes nothing. */
  joinChannel: workspaceWrite(defineRequest('chat.channel.join', withActor({ channelId: ref }), ChannelSchema)),
  /** Leaves a channel (a private one then needs an invitation back); the last member cannot leave. */
  leaveChannel: workspaceWrite(
    defineRequest('chat.channel.leave', withActor({ channelId: ref }), z.object({ channelId: z.uuid() })),
  ),
  listChannelMembers: defineRequest(
    'chat.channel.members',
    withActor({ channelId: ref }),
    z.array(ChannelMemberSchema),
  ),
  /** A member adds members of the workspace; answers the channel as it is now. */
  addChannelMembers: workspaceWrite(
    defineRequest(
      'chat.channel.add-members',
      withActor({ channelId: ref, ...AddChannelMembersSchema.shape }),
      ChannelSchema,
    ),
  ),
  /** A channel admin (its creator, or a workspace admin) removes a member; removing oneself is leaving. */
  removeChannelMember: workspaceWrite(
    defineRequest('chat.channel.remove-member', withActor({ channelId: ref, userId: ref }), ChannelSchema),
  ),
  /** Public → private, for workspace admins; never back. History and members are kept. */
  convertChannel: workspaceWrite(defineRequest('chat.channel.convert', withActor({ channelId: ref }), ChannelSchema)),
  archiveChannel: workspaceWrite(defineRequest('chat.channel.archive', withActor({ channelId: ref }), ChannelSchema)),
  unarchiveChannel: workspaceWrite(
    defineRequest('chat.channel.unarchive', withActor({ channelId: ref }), ChannelSchema),
  ),
  /** Topic, purpose (description) and — workspace admins — isDefault. */
  updateChannel: workspaceWrite(
    defineRequest('chat.channel.update', withActor({ channelId: ref, ...UpdateChannelSchema.shape }), ChannelSchema),
  ),
  /** Workspace admins: every private channel's name and member count (no messages). */
  listPrivateChannels: defineRequest('chat.channel.private-list', withActor({}), z.array(PrivateChannelSummarySchema)),
  /** Whether the actor may read and post to a channel, and who hears its live frames; 404 otherwise. */
  channelAccess: defineRequest('chat.channel.access', withActor({ channelId: ref }), ChannelAccessSchema),

  listDms: defineRequest('chat.dm.list', withActor({}), z.array(ChannelSchema)),
  /** Idempotent: the existing DM of the same people (any order) is returned. */
  createDm: workspaceWrite(
    defineRequest('chat.dm.create', withActor(CreateDmShape).superRefine(checkDmPeople), ChannelSchema),
  ),

  listMessages: defineRequest(
    'chat.message.list',
    withActor({ channelId: ref, ...ListMessagesQuerySchema.shape }),
    z.array(MessageSchema),
  ),
  /** Persists a message (the one create path of the socket and HTTP); deduplicated by (user, clientMsgId). */
  createMessage: workspaceWrite(
    defineRequest(
      'chat.message.create',
      withActor({ channelId: ref, ...MessageInputShape }).refine(hasMessageBody, { message: MESSAGE_EMPTY }),
      CreatedMessageSchema,
    ),
  ),
  /** The author changes the content of their message (CHAT.MESSAGE_NOT_FOUND once deleted, AUTH.FORBIDDEN for anyone else). */
  editMessage: workspaceWrite(
    defineRequest('chat.message.edit', withActor({ messageId: ref, ...EditMessageSchema.shape }), MessageChangeSchema),
  ),
  /**
   * The author or a workspace admin deletes a message: a tombstone while it has thread replies, gone otherwise. Not a
   * `workspaceWrite`: what was said can be taken back even while the workspace is read-only.
   */
  deleteMessage: defineRequest('chat.message.delete', withActor({ messageId: ref }), MessageDeletionSchema),
  /** What the actor missed since a moment, across every channel they may read in their workspace. */
  replay: defineRequest('chat.message.replay', withActor({ since: SinceSchema }), ReplaySchema),
  search: defineRequest('chat.message.search', withActor(SearchQuerySchema.shape), SearchPageSchema),

  /** A thread: its root and replies (an id of a reply answers its root's thread); CHAT.MESSAGE_NOT_FOUND otherwise. */
  getThread: defineRequest('chat.thread.get', withActor({ messageId: ref }), ThreadSchema),
  /** The threads the actor follows, latest reply first, with their unread replies. */
  listThreads: defineRequest('chat.thread.list', withActor({}), z.array(FollowedThreadSchema)),
  /** Marks a followed thread read up to now. */
  markThreadRead: defineRequest('chat.thread.mark-read', withActor({ messageId: ref }), ThreadReadStateSchema),

  listCustomReactions: defineRequest('chat.custom-reaction.list', withActor({}), z.array(CustomReactionSchema)),
  createCustomReaction: workspaceWrite(
    defineRequest('chat.custom-reaction.create', withActor(CreateCustomReactionSchema.shape), CustomReactionSchema),
  ),
  /** `emoji` (one Unicode emoji) or `reactionId` (a custom reaction's id or a standard emoji): exactly one. */
  addReaction: workspaceWrite(
    defineRequest(
      'chat.reaction.add',
      withActor({ messageId: ref, ...ReactionBodySchema.shape }),
      ReactionChangeSchema,
    ),
  ),
  removeReaction: workspaceWrite(
    defineRequest(
      'chat.reaction.remove',
      withActor({ messageId: ref, ...ReactionBodySchema.shape }),
      ReactionChangeSchema,
    ),
  ),

  /** Any member who may read the channel pins a message (not a deleted one); pinning a pinned one changes nothing. */
  pinMessage: workspaceWrite(defineRequest('chat.message.pin', withActor({ messageId: ref }), MessageChangeSchema)),
  unpinMessage: workspaceWrite(defineRequest('chat.message.unpin', withActor({ messageId: ref }), MessageChangeSchema)),
  /** One message of a channel the actor may read, not deleted (a permalink's target). */
  getMessage: defineRequest('chat.message.get', withActor({ messageId: ref }), MessageSchema),
  /** The pinned messages of a channel the actor may read, newest pin first. */
  listPins: defineRequest('chat.channel.pins', withActor({ channelId: ref }), z.array(MessageSchema)),

  listUnread: defineRequest('chat.unread.list', withActor({}), z.array(UnreadCountSchema)),
  markRead: defineRequest('chat.unread.mark-read', withActor({ channelId: ref }), ReadStateSchema),
} as const;

/**
 * Chat's membership changed: who joined or was added (`added`) and who left or was removed (`removed`) from a channel,
 * or the channel's access changed (`visibility`, archived). Every chat replica drops what it cached of the channel,
 * and every gateway node forgets the socket access it cached for it and stops delivering it to the removed.
 */
export const ChatEvents = {
  membershipChanged: defineEvent(
    'chat.channel.membership-changed',
    z.object({
      workspaceId: z.uuid(),
      channelId: z.uuid(),
      added: z.array(z.uuid()).max(5000),
      removed: z.array(z.uuid()).max(5000),
      /** The channel's visibility now: the removed of a private channel stop receiving its frames at once. */
      visibility: z.enum(['public', 'private']).optional(),
    }),
  ),
} as const;

/** Images chat keeps the address of: a message's attachment, a custom reaction's picture (see `storedImageKey`). */
export type ChatImageKind = Extract<StoredImageKind, 'message' | 'reaction'>;
