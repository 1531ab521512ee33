// Frames of the live socket /ws (spec 2 §7, DESIGN §6): JSON text `{ type, ...payload }` both ways.
import { z } from 'zod';
import {
  ChannelSchema,
  MessageInputShape,
  MessageSchema,
  ReactionSummarySchema,
  hasMessageBody,
  MESSAGE_EMPTY,
} from '../http/chat.schema.js';
import { TaskSchema } from '../http/tasks.schema.js';
import { WorkspaceAccessShape } from '../http/billing.schema.js';
import { PublicUserSchema } from '../http/accounts.schema.js';

const id = z.string({ error: 'Required' }).min(1, 'Required').max(100);
const username = z.string().max(200).optional().nullable();

/**
 * `since` on join: the `createdAt` of the newest message the client holds (ISO string or epoch milliseconds). The
 * server replays what came after it, or answers `resync` when the gap is too large.
 */
export const SinceSchema = z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()], {
  error: 'since must be an ISO timestamp or epoch milliseconds',
});

export const JoinFrameSchema = z.object({
  type: z.literal('join'),
  userId: id,
  username,
  since: SinceSchema.optional().nullable(),
});
export type JoinFrame = z.infer<typeof JoinFrameSchema>;

export const MessageFrameSchema = z
  .object({
    type: z.literal('message'),
    channelId: id,
    userId: id,
    username,
    ...MessageInputShape,
  })
  .refine(hasMessageBody, { message: MESSAGE_EMPTY });
export type MessageFrame = z.infer<typeof MessageFrameSchema>;

export const TypingFrameSchema = z.object({
  type: z.literal('typing'),
  channelId: id,
  userId: id,
  username,
  isTyping: z.boolean({ error: 'isTyping must be true or false' }),
  /** Typed in the composer of this thread (its root message's id); absent: in the channel itself. */
  threadId: z.uuid({ error: 'threadId must be a message id' }).optional(),
});
export type TypingFrame = z.infer<typeof TypingFrameSchema>;

/** How many users one socket may watch the presence of at once (its visible rows, DM list, open channel, cards). */
export const PRESENCE_SUBSCRIBE_MAX = 1000;
export const PRESENCE_SUBSCRIBE_TOO_MANY = `Subscribe to the presence of at most ${PRESENCE_SUBSCRIBE_MAX} users at once`;

/**
 * The users whose presence this socket shows, replacing its previous set (an empty list: none). The server answers
 * `presence_subscribed` with the state of those newly added, then sends `presence` frames for the set only. Ids that
 * are not members of the socket's workspace are left out silently.
 */
export const PresenceSubscribeFrameSchema = z.object({
  type: z.literal('presence_subscribe'),
  userIds: z
    .array(z.uuid({ error: 'userIds must be user ids' }), { error: 'userIds must be a list of user ids' })
    .max(PRESENCE_SUBSCRIBE_MAX, PRESENCE_SUBSCRIBE_TOO_MANY),
});
export type PresenceSubscribeFrame = z.infer<typeof PresenceSubscribeFrameSchema>;

/** Client → server frames, by type. */
export const ClientFrameSchemas = {
  join: JoinFrameSchema,
  message: MessageFrameSchema,
  typing: TypingFrameSchema,
  presence_subscribe: PresenceSubscribeFrameSchema,
} as const;
export type ClientFrameType = keyof typeof ClientFrameSchemas;
export type ClientFrame = { [K in ClientFrameType]: z.infer<(typeof ClientFrameSchemas)[K]> }[ClientFrameType];

export const PRESENCE_STATUSES = ['online', 'offline'] as const;
/** Why a join was answered `resync`; `replay-limit`: the user asked for more replays in a minute than a node gives. */
export const RESYNC_REASONS = ['since-too-old', 'gap-too-large', 'delivery-interrupted', 'replay-limit'] as const;
export const TASK_CHANGES = ['created', 'updated', 'deleted'] as const;

/** Server → client payloads, one entry per frame type (the `type` field is added by `encodeServerFrame`). */
export const SETTINGS_CHANGES = ['role', 'workspace', 'seats', 'profile'] as const;

/** A member's public profile as the roster shows it (their role there travels apart: it differs per workspace). */
export const ProfileFrameSchema = PublicUserSchema.omit({ isAdmin: true });

export const ServerFramePayloadSchemas = {
  /**
   * The join was accepted; sent after any replayed messages, so everything before it is history. `onlineCount`: how
   * many users have a socket in the workspace on any gateway node right now (the joiner included); absent when the
   * server could not read it. Who of them is online comes by subscription (`presence_subscribe`). `online` (the ids
   * themselves) is sent by older servers only.
   */
  joined: z.object({
    workspaceId: z.uuid(),
    userId: z.uuid(),
    replayed: z.number().int(),
    online: z.array(z.uuid()).optional(),
    onlineCount: z.number().int().nonnegative().optional(),
  }),
  message: z.object({ message: MessageSchema }),
  /**
   * A message members already hold changed (edited, pinned or unpinned, its thread summary, or deleted while it has
   * replies: then `deleted` is true and it has no content): replace it wherever it is shown.
   */
  message_updated: z.object({ message: MessageSchema }),
  /** A message was deleted: remove it (from its thread too, when `threadId` is set). */
  message_deleted: z.object({ messageId: z.uuid(), channelId: z.uuid(), threadId: z.uuid().nullable() }),
  /** The reactions of a message changed: these are all of them now. */
  reactions: z.object({ messageId: z.uuid(), channelId: z.uuid(), reactions: z.array(ReactionSummarySchema) }),
  /** `threadId`: typed in that thread's composer (absent: in the channel itself), as the typist's frame said. */
  typing: z.object({
    channelId: z.uuid(),
    userId: z.uuid(),
    username: z.string(),
    isTyping: z.boolean(),
    threadId: z.uuid().optional(),
  }),
  /** A user the socket subscribed to came online or went offline (at most one per user a second, the latest). */
  presence: z.object({ userId: z.uuid(), status: z.enum(PRESENCE_STATUSES) }),
  /**
   * The answer to `presence_subscribe`: the users it added to the socket's set (`userIds`; ids refused or already
   * watched are not listed) and which of them are online now; the rest of them are offline.
   */
  presence_subscribed: z.object({ userIds: z.array(z.uuid()), online: z.array(z.uuid()) }),
  /** How many users of the workspace are online now: sent when it changed, at most once per interval. */
  online_count: z.object({ workspaceId: z.uuid(), count: z.number().int().nonnegative() }),
  /**
   * A refused frame. When the refused frame was a `message` with a `clientMsgId`, that id is echoed so the sender can
   * tell which of its pending messages was not stored.
   */
  error: z.object({ code: z.string(), message: z.string(), clientMsgId: z.string().optional() }),
  /**
   * A channel the socket's user is a member of changed (topic, purpose, archived, made private, default, renamed):
   * this is how it is now. Sent to its members only.
   */
  channel_updated: z.object({ channel: ChannelSchema }),
  /**
   * People joined or were added to a channel (`userIds`): sent to its members, the new ones included (whose sidebars
   * then gain `channel`, the channel as it is now).
   */
  channel_member_added: z.object({ channelId: z.uuid(), userIds: z.array(z.uuid()), channel: ChannelSchema }),
  /** People left or were removed from a channel (`userIds`): sent to its remaining members. */
  channel_member_removed: z.object({ channelId: z.uuid(), userIds: z.array(z.uuid()), channel: ChannelSchema }),
  /**
   * The socket's user is no longer a member of this channel (`removed` by a channel admin, or `left` from another
   * screen): drop it from the sidebar and close it when it is open — a private one is not readable any more, and no
   * further frame of it arrives.
   */
  channel_removed: z.object({ channelId: z.uuid(), reason: z.enum(['removed', 'left']) }),
  /**
   * To the author of a message only: people it @-mentions who are not members of its channel (offer to add them;
   * `notified` false: a private channel, they were not notified).
   */
  mention_not_members: z.object({
    channelId: z.uuid(),
    messageId: z.uuid(),
    userIds: z.array(z.uuid()),
    notified: z.boolean(),
  }),
  /**
   * To one user only: their own sidebar changed on another screen (a section of theirs made, renamed or deleted, a
   * channel moved or reordered): refetch the sections and channels.
   */
  sidebar_changed: z.object({ workspaceId: z.uuid() }),
  /**
   * To the user's own sockets only: their read mark in a channel moved (they read it on some tab or device). Every tab
   * clears that channel's unread count and refetches the Mentions badge, whose mentions in it are now read.
   */
  read: z.object({ channelId: z.uuid(), lastReadAt: z.string() }),
  /** The client missed too much (or delivery was interrupted): refetch instead of waiting for a replay. */
  resync: z.object({ reason: z.enum(RESYNC_REASONS).optional() }),
  /** Team tasks of the workspace changed: refetch them (the change is described when the sender knows it). */
  tasks: z.object({
    change: z.enum(TASK_CHANGES).optional(),
    taskId: z.uuid().optional(),
    task: TaskSchema.optional(),
  }),
  /** Whether the workspace may be written to changed (trial over, subscription lapsed or paid): refetch it. */
  workspace: z.object({ workspaceId: z.uuid(), ...WorkspaceAccessShape }),
  /**
   * Something every open screen of the workspace shows changed: a member's role (`userId`: the settings tabs they
   * get), the workspace's name or logo, its seats, a member's profile (`userId`: name, picture, handle, status).
   * Clients refetch what that change touches, with no reload — or, when the frame carries the change itself
   * (`profile`: the member's whole public profile now; `isAdmin`: their role now), update that one member in place.
   */
  settings: z.object({
    workspaceId: z.uuid(),
    change: z.enum(SETTINGS_CHANGES),
    userId: z.uuid().optional(),
    profile: ProfileFrameSchema.optional(),
    isAdmin: z.boolean().optional(),
  }),
} as const;

export type ServerFrameType = keyof typeof ServerFramePayloadSchemas;
export type ServerFrameMap = { [K in ServerFrameType]: z.infer<(typeof ServerFramePayloadSchemas)[K]> };
export type ServerFrame<K extends ServerFrameType = ServerFrameType> = { [T in K]: { type: T } & ServerFrameMap[T] }[K];

const P = ServerFramePayloadSchemas;
const JoinedServerFrame = P.joined.extend({ type: z.literal('joined') });
const MessageServerFrame = P.message.extend({ type: z.literal('message') });
const MessageUpdatedServerFrame = P.message_updated.extend({ type: z.literal('message_updated') });
const MessageDeletedServerFrame = P.message_deleted.extend({ type: z.literal('message_deleted') });
const ReactionsServerFrame = P.reactions.extend({ type: z.literal('reactions') });
const TypingServerFrame = P.typing.extend({ type: z.literal('typing') });
const PresenceServerFrame = P.presence.extend({ type: z.literal('presence') });
const PresenceSubscribedServerFrame = P.presence_subscribed.extend({ type: z.literal('presence_subscribed') });
const OnlineCountServerFrame = P.online_count.extend({ type: z.literal('online_count') });
const ErrorServerFrame = P.error.extend({ type: z.literal('error') });
const ResyncServerFrame = P.resync.extend({ type: z.literal('resync') });
const TasksServerFrame = P.tasks.extend({ type: z.literal('tasks') });
const WorkspaceServerFrame = P.workspace.extend({ type: z.literal('workspace') });
const SettingsServerFrame = P.settings.extend({ type: z.literal('settings') });
const ChannelUpdatedServerFrame = P.channel_updated.extend({ type: z.literal('channel_updated') });
const ChannelMemberAddedServerFrame = P.channel_member_added.extend({ type: z.literal('channel_member_added') });
const ChannelMemberRemovedServerFrame = P.channel_member_removed.extend({ type: z.literal('channel_member_removed') });
const ChannelRemovedServerFrame = P.channel_removed.extend({ type: z.literal('channel_removed') });
const MentionNotMembersServerFrame = P.mention_not_members.extend({ type: z.literal('mention_not_members') });
const SidebarChangedServerFrame = P.sidebar_changed.extend({ type: z.literal('sidebar_changed') });
const ReadServerFrame = P.read.extend({ type: z.literal('read') });

export const ServerFrameSchema = z.discriminatedUnion('type', [
  JoinedServerFrame,
  MessageServerFrame,
  MessageUpdatedServerFrame,
  MessageDeletedServerFrame,
  ReactionsServerFrame,
  TypingServerFrame,
  PresenceServerFrame,
  PresenceSubscribedServerFrame,
  OnlineCountServerFrame,
  ErrorServerFrame,
  ResyncServerFrame,
  TasksServerFrame,
  WorkspaceServerFrame,
  SettingsServerFrame,
  ChannelUpdatedServerFrame,
  ChannelMemberAddedServerFrame,
  ChannelMemberRemovedServerFrame,
  ChannelRemovedServerFrame,
  MentionNotMembersServerFrame,
  SidebarChangedServerFrame,
  ReadServerFrame,
]);

/** Frames a service may ask the gateway to push to a workspace (see RealtimeEvents.workspaceBroadcast). */
export const BroadcastFrameSchema = z.discriminatedUnion('type', [
  TasksServerFrame,
  MessageServerFrame,
  MessageUpdatedServerFrame,
  MessageDeletedServerFrame,
  ReactionsServerFrame,
  PresenceServerFrame,
  WorkspaceServerFrame,
  SettingsServerFrame,
  ChannelUpdatedServerFrame,
  ChannelMemberAddedServerFrame,
  ChannelMemberRemovedServerFrame,
  ChannelRemovedServerFrame,
  MentionNotMembersServerFrame,
  SidebarChangedServerFrame,
  ReadServerFrame,
]);
export type BroadcastFrame = z.infer<typeof BroadcastFrameSchema>;

/** The only way a server frame is put on the wire: typed by its type, serialised once. */
export const encodeServerFrame = <K extends ServerFrameType>(type: K, payload: ServerFrameMap[K]): string =>
  JSON.stringify({ type, ...payload });
