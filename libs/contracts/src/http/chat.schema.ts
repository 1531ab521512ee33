import { z } from 'zod';
import { isUnicodeEmoji } from './emoji.js';
import { parseSearchQuery } from '../search-syntax.js';

export const CHANNEL_ICONS = [
  'Hash',
  'Bell',
  'Megaphone',
  'Lock',
  'Users',
  'Zap',
  'MessageSquare',
  'MessageCircle',
] as const;
export type ChannelIcon = (typeof CHANNEL_ICONS)[number];
/** Unknown icons fall back to Hash (spec 1 §3). */
export const normalizeIcon = (icon: unknown): ChannelIcon =>
  (CHANNEL_ICONS as readonly string[]).includes(icon as string) ? (icon as ChannelIcon) : 'Hash';

export const CHANNEL_NAME_EMPTY = 'Channel name cannot be empty.';
export const ChannelNameSchema = z
  .string({ error: CHANNEL_NAME_EMPTY })
  .trim()
  .min(1, CHANNEL_NAME_EMPTY)
  .max(80, 'Channel name too long');

export const CHANNEL_VISIBILITIES = ['public', 'private'] as const;
export type ChannelVisibility = (typeof CHANNEL_VISIBILITIES)[number];
export const VISIBILITY_INVALID = "Visibility must be 'public' or 'private'";
/** Most people one request may add to a channel (the create dialog's picks, or the members panel's). */
export const CHANNEL_ADD_MAX = 100;
export const USER_IDS_INVALID = 'userIds must be a list of user ids';
export const USER_IDS_EMPTY = 'Name at least one person to add';
export const USER_IDS_TOO_MANY = `Add at most ${CHANNEL_ADD_MAX} people at once`;
const UserIdListSchema = z
  .array(z.uuid({ error: USER_IDS_INVALID }), { error: USER_IDS_INVALID })
  .max(CHANNEL_ADD_MAX, USER_IDS_TOO_MANY);
export const DESCRIPTION_TOO_LONG = 'Description too long';
export const TOPIC_TOO_LONG = 'Topic too long';

export const CreateChannelSchema = z.object({
  name: ChannelNameSchema,
  description: z.string().max(500, DESCRIPTION_TOO_LONG).optional().nullable(),
  sectionId: z.string().optional().nullable(),
  icon: z.string().optional().nullable(),
  /** Public (default): any member of the workspace finds, reads and joins it. Private: its members only. */
  visibility: z.enum(CHANNEL_VISIBILITIES, { error: VISIBILITY_INVALID }).optional().default('public'),
  /** People added besides the creator (who always joins); each must be a member of the workspace. */
  participantIds: UserIdListSchema.optional().nullable(),
});
export type CreateChannel = z.input<typeof CreateChannelSchema>;

/** `POST /api/channels/{id}/members`: people to add (members of the workspace); those already in are left as they are. */
export const AddChannelMembersSchema = z.object({
  userIds: UserIdListSchema.min(1, USER_IDS_EMPTY),
});
export type AddChannelMembers = z.infer<typeof AddChannelMembersSchema>;

export const CHANNEL_UPDATE_EMPTY = 'Nothing to change: send topic, description or isDefault';
/**
 * `PATCH /api/channels/{id}`: the topic (a line shown in the header), the purpose (`description`), and — workspace
 * admins only — whether new members of the workspace join it (`isDefault`). Only the fields given change; null or
 * blank clears a text.
 */
export const UpdateChannelSchema = z
  .object({
    topic: z.string({ error: 'Topic must be text' }).max(250, TOPIC_TOO_LONG).optional().nullable(),
    description: z.string({ error: 'Description must be text' }).max(500, DESCRIPTION_TOO_LONG).optional().nullable(),
    isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
  })
  .refine((b) => b.topic !== undefined || b.description !== undefined || b.isDefault !== undefined, {
    message: CHANNEL_UPDATE_EMPTY,
  });
export type UpdateChannel = z.infer<typeof UpdateChannelSchema>;

/** `GET /api/channels/browse?q=`: part of a channel's name (any case); empty lists them all. */
export const BrowseChannelsQuerySchema = z.object({
  q: z.string({ error: 'Query must be text' }).trim().max(80, 'Search query too long').optional().default(''),
});
export type BrowseChannelsQuery = z.infer<typeof BrowseChannelsQuerySchema>;

export const RenameChannelSchema = z.object({ name: ChannelNameSchema });

export const SECTION_NAME_EMPTY = 'Section name cannot be empty.';
const SectionNameSchema = z
  .string({ error: SECTION_NAME_EMPTY })
  .trim()
  .min(1, SECTION_NAME_EMPTY)
  .max(80, 'Section name too long');
export const CreateSectionSchema = z.object({
  name: SectionNameSchema,
  /** Spec 1 §9: a new section's order is 0. */
  order: z
    .number({ error: 'Order must be a whole number' })
    .int('Order must be a whole number')
    .min(0, 'Order must be a whole number')
    .max(100000, 'Order must be a whole number')
    .optional()
    .default(0),
  /**
   * Only for the caller: a section of their own sidebar that no one else sees (false, the default: a section of the
   * workspace's sidebar, everyone's default).
   */
  personal: z.boolean({ error: 'personal must be true or false' }).optional().default(false),
});
export type CreateSection = z.input<typeof CreateSectionSchema>;

/** `PATCH /api/channel-sections/{id}`: a new name for one of the caller's own sections. */
export const RenameSectionSchema = z.object({ name: SectionNameSchema });
export type RenameSection = z.infer<typeof RenameSectionSchema>;

export const SECTION_NOT_EMPTY_MESSAGE = 'This section may contain channels. Remove channels first.';

export const NEW_ORDER_MESSAGE = 'New order must be a whole number from 0';
export const ReorderChannelSchema = z.object({
  channelId: z.string({ error: 'Channel is required' }).min(1, 'Channel is required').max(100),
  newOrder: z
    .number({ error: NEW_ORDER_MESSAGE })
    .int(NEW_ORDER_MESSAGE)
    .min(0, NEW_ORDER_MESSAGE)
    .max(100000, NEW_ORDER_MESSAGE),
  /**
   * The section to move it into: any the caller sees, the workspace's or their own. Without it the channel stays in
   * its section as the caller's sidebar has it. Only the caller's sidebar changes.
   */
  sectionId: z.string({ error: 'Section must be a section id' }).max(100).optional(),
});
export type ReorderChannel = z.infer<typeof ReorderChannelSchema>;
/** A group DM holds the person who starts it and 2 to this many others (Slack's limit). */
export const GROUP_DM_MAX_OTHERS = 8;
export const DM_USER_REQUIRED = 'User is required';
export const DM_ONE_OR_GROUP = 'Give either userId2 (one person) or userIds (a group), not both';
export const GROUP_DM_SIZE = `A group DM needs 2 to ${GROUP_DM_MAX_OTHERS} other people (userId2 starts a DM with one)`;
export const GROUP_DM_DUPLICATE = 'Each person may be listed only once';
/** The caller is in every DM they start: naming them in a group's list counts them twice. */
export const GROUP_DM_SELF = 'Leave yourself out of userIds: you are in every DM you start';
export const CreateDmShape = {
  /** A DM with one person (spec 1 §7); yourself gives your own notes-to-self DM. */
  userId2: z
    .string({ error: DM_USER_REQUIRED })
    .min(1, DM_USER_REQUIRED)
    .max(100)
    .optional()
    .describe('The one other person of a 1:1 DM (your own id: your notes-to-self DM). Not with userIds.'),
  /** A group DM with these 2–8 other people, yourself left out: the same set in any order is the same DM. */
  userIds: z
    .array(z.string({ error: 'userIds must be user ids' }).min(1, 'userIds must be user ids').max(100), {
      error: 'userIds must be a list of user ids',
    })
    .min(2, GROUP_DM_SIZE)
    .max(GROUP_DM_MAX_OTHERS, GROUP_DM_SIZE)
    .optional()
    .describe(
      `A group DM: 2 to ${GROUP_DM_MAX_OTHERS} other members, each once, yourself left out. The same people in any ` +
        'order give the same DM. Not with userId2.',
    ),
};
/** Exactly one of `userId2` and `userIds`, the list without repeats. */
export const checkDmPeople = (body: { userId2?: string; userIds?: string[] }, ctx: z.RefinementCtx): void => {
  const { userId2, userIds } = body;
  if (userId2 !== undefined && userIds !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['userIds'], message: DM_ONE_OR_GROUP });
  } else if (userId2 === undefined && userIds === undefined) {
    ctx.addIssue({ code: 'custom', path: ['userId2'], message: DM_USER_REQUIRED });
  } else if (userIds !== undefined && new Set(userIds.map((id) => id.toLowerCase())).size !== userIds.length) {
    ctx.addIssue({ code: 'custom', path: ['userIds'], message: GROUP_DM_DUPLICATE });
  }
};
export const CreateDmSchema = z.object(CreateDmShape).superRefine(checkDmPeople);
export type CreateDm = z.infer<typeof CreateDmSchema>;

export const MESSAGE_EMPTY = 'Message must have either content or an image';
export const MESSAGE_MAX = 4000;
export const MESSAGE_TOO_LONG = `Message must be at most ${MESSAGE_MAX} characters`;
/** Fields of a new message, shared by the HTTP body, the bus request and the socket's `message` frame. */
export const MessageInputShape = {
  content: z.string({ error: 'Content must be text' }).max(MESSAGE_MAX, MESSAGE_TOO_LONG).optional().nullable(),
  imageUrl: z.string({ error: 'Image must be a URL' }).max(2048, 'Image URL too long').optional().nullable(),
  /** A file attachment: the /attachments/... address of a file upload of the workspace (name, size, type from media). */
  fileUrl: z.string({ error: 'File must be a URL' }).max(2048, 'File URL too long').optional().nullable(),
  /** Chosen by the client; a repeat of one it already used returns the stored message instead of a duplicate. */
  clientMsgId: z
    .string({ error: 'clientMsgId must be text' })
    .min(1)
    .max(100, 'clientMsgId too long')
    .optional()
    .nullable(),
  /** A thread reply: the root message's id (a top-level message of the same channel; one level deep). */
  threadId: z
    .string({ error: 'threadId must be a message id' })
    .max(100, 'threadId must be a message id')
    .optional()
    .nullable(),
  /** A thread reply also shown in the channel ("Also send to channel"). */
  alsoInChannel: z.boolean({ error: 'alsoInChannel must be true or false' }).optional().nullable(),
};
export const hasMessageBody = (m: {
  content?: string | null;
  imageUrl?: string | null;
  fileUrl?: string | null;
}): boolean =>
  (m.content?.trim().length ?? 0) > 0 || (m.imageUrl?.trim().length ?? 0) > 0 || (m.fileUrl?.trim().length ?? 0) > 0;
export const CreateMessageSchema = z.object(MessageInputShape).refine(hasMessageBody, { message: MESSAGE_EMPTY });
export type CreateMessage = z.infer<typeof CreateMessageSchema>;

/**
 * `PATCH /api/messages/{id}`: the new content, with a new message's rules. It may be blank only on a message that has an
 * attachment (the service knows; MESSAGE_EMPTY otherwise).
 */
export const EditMessageSchema = z.object({
  content: z.string({ error: 'Content must be text' }).max(MESSAGE_MAX, MESSAGE_TOO_LONG),
});
export type EditMessage = z.infer<typeof EditMessageSchema>;

export const MESSAGE_PAGE_DEFAULT = 50;
export const MESSAGE_PAGE_MAX = 200;
export const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MESSAGE_PAGE_MAX}`;
export const MESSAGE_CURSOR_CONFLICT = 'Use only one of before, after and around';
/**
 * `?before=` is a message id or an ISO timestamp: the page holds messages older than it. `?after=` (a message id)
 * holds the messages newer than it, and `?around=` (a message id, as a search result opens it) that message with the
 * messages on both sides of it. Every page is oldest first.
 */
export const ListMessagesQuerySchema = z.object({
  before: z.string().max(100, 'Invalid before cursor').optional(),
  after: z.uuid('Invalid after cursor').optional(),
  around: z.uuid('Invalid around message').optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(MESSAGE_PAGE_MAX, LIMIT_MESSAGE)
    .optional()
    .default(MESSAGE_PAGE_DEFAULT),
});
/** The HTTP query also refuses two cursors at once (the bus contract reuses the shape above). */
export const ListMessagesHttpQuerySchema = ListMessagesQuerySchema.refine(
  (q) => [q.before, q.after, q.around].filter((c) => c !== undefined).length <= 1,
  { message: MESSAGE_CURSOR_CONFLICT },
);
export type ListMessagesQuery = z.infer<typeof ListMessagesQuerySchema>;

export const SEARCH_LIMIT = 50;
/** The response header carrying the cursor of the next page of results (absent on the last page). */
export const SEARCH_CURSOR_HEADER = 'X-Next-Cursor';
export const SEARCH_CURSOR_INVALID = 'Invalid search cursor';
export const SEARCH_TZ_INVALID = 'Unknown time zone';
/**
 * Zones found valid, so that each is tried with Intl once per process: trying one builds a formatter (0.1–0.15 ms on
 * the servers), and every search from the web client names its zone, checked at the edge and again by the chat
 * service. Bounded, since spellings of a valid zone that differ only in case are as many as a client cares to send.
 */
const knownTimeZones = new Set<string>();
export const KNOWN_TIME_ZONES_MAX = 1_000;
const isTimeZone = (tz: string): boolean => {
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  if (knownTimeZones.size >= KNOWN_TIME_ZONES_MAX) knownTimeZones.clear();
  knownTimeZones.add(tz);
  return true;
};
export const SearchQuerySchema = z.object({
  q: z
    .string({ error: 'Query must be text' })
    .max(200, 'Search query too long')
    .optional()
    .default('')
    .superRefine((q, ctx) => {
      const parsed = parseSearchQuery(q);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
  /** From the previous page's `X-Next-Cursor` header, with the same `q`. */
  cursor: z
    .string()
    .max(300, SEARCH_CURSOR_INVALID)
    .regex(/^[\w-]*$/, SEARCH_CURSOR_INVALID)
    .optional(),
  /** IANA zone that `before:`, `after:` and `on:` dates are read in (default UTC). */
  tz: z.string().max(64, SEARCH_TZ_INVALID).refine(isTimeZone, SEARCH_TZ_INVALID).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const ChannelSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  sectionId: z.uuid().nullable(),
  type: z.enum(['regular', 'direct']),
  /** The channel's members (every channel, DMs included); null only from servers older than membership. */
  participantIds: z.array(z.uuid()).nullable(),
  icon: z.enum(CHANNEL_ICONS),
  order: z.number(),
  createdAt: z.string(),
  /** DMs are private. */
  visibility: z.enum(CHANNEL_VISIBILITIES),
  /** A line shown in the channel header; null when none was set. */
  topic: z.string().nullable(),
  /** Archived: read-only, out of the sidebar, still searchable and linkable. */
  archived: z.boolean(),
  /** New members of the workspace join it (the workspace's first channel, and any an admin marks). */
  isDefault: z.boolean(),
  /** How many members it has (the member count badge). */
  memberCount: z.number().int(),
  /** Whether the caller is a member (always true in `GET /api/channels`; the browser and preview say). */
  joined: z.boolean(),
  /** Who created it (null for channels made before membership, and DMs). */
  createdBy: z.uuid().nullable(),
});
export type Channel = z.infer<typeof ChannelSchema>;

export const CHANNEL_MEMBER_ROLES = ['admin', 'member'] as const;
/** One member of a channel: `admin` is a channel admin (its creator); workspace admins are channel admins everywhere. */
export const ChannelMemberSchema = z.object({
  userId: z.uuid(),
  role: z.enum(CHANNEL_MEMBER_ROLES),
  joinedAt: z.string(),
});
export type ChannelMember = z.infer<typeof ChannelMemberSchema>;

/** A private channel as workspace admins see it for governance: its name and member count, never its messages. */
export const PrivateChannelSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  memberCount: z.number().int(),
  archived: z.boolean(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
});
export type PrivateChannelSummary = z.infer<typeof PrivateChannelSummarySchema>;

export const SectionSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  name: z.string(),
  order: z.number(),
  createdAt: z.string(),
  /** One of the caller's own sections, which no one else sees (false: the workspace's, everyone's default). */
  personal: z.boolean(),
});
export type Section = z.infer<typeof SectionSchema>;

/** Who applied one reaction to a message. */
export const ReactionSummarySchema = z.object({
  reactionId: z.string(),
  count: z.number().int(),
  userIds: z.array(z.uuid()),
});
export type ReactionSummary = z.infer<typeof ReactionSummarySchema>;

/** The summary a thread root carries: how many replies, the latest reply's time, up to three latest repliers. */
export const MessageThreadSummarySchema = z.object({
  replyCount: z.number().int(),
  lastReplyAt: z.string().nullable(),
  replierIds: z.array(z.uuid()),
});
export type MessageThreadSummary = z.infer<typeof MessageThreadSummarySchema>;

/** A file attached to a message: its private address, original name, size in bytes and content type. */
export const MessageFileSchema = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
});
export type MessageFile = z.infer<typeof MessageFileSchema>;

export const SYSTEM_EVENTS = [
  'joined',
  'left',
  'added',
  'removed',
  'topic',
  'purpose',
  'archived',
  'unarchived',
  'converted',
  'renamed',
] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];
/**
 * What a system message records ("Ada joined", "Ada added Pat", "Topic set to …"): who did it (`actorId`, also the
 * message's `userId`), to whom (`userIds`: added or removed), and the new text (`text`: topic, purpose, name). The
 * message's `content` is the sentence as stored (searchable); clients may word it from these fields instead.
 */
export const SystemEventSchema = z.object({
  event: z.enum(SYSTEM_EVENTS),
  actorId: z.uuid(),
  userIds: z.array(z.uuid()).optional(),
  text: z.string().nullable().optional(),
});
export type SystemEventInfo = z.infer<typeof SystemEventSchema>;

export const MessageSchema = z.object({
  id: z.uuid(),
  channelId: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  content: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  agentId: z.string().nullable().optional(),
  clientMsgId: z.string().nullable().optional(),
  reactions: z.array(ReactionSummarySchema).optional(),
  /** When anything members see last changed (created, edited, deleted, reacted to, pinned, replied to). */
  updatedAt: z.string().optional(),
  /** Set once the author edited the content ("(edited)"). */
  editedAt: z.string().nullable().optional(),
  /** A deleted thread root kept for its replies: no content nor attachment ("This message was deleted."). */
  deleted: z.boolean().optional(),
  /** On a thread reply: the root message's id. */
  threadId: z.uuid().nullable().optional(),
  /** On a thread reply: also shown in the channel ("Also send to channel"). */
  alsoInChannel: z.boolean().optional(),
  /** On a thread root with replies. */
  thread: MessageThreadSummarySchema.optional(),
  pinnedAt: z.string().nullable().optional(),
  pinnedBy: z.uuid().nullable().optional(),
  /** A non-image attachment (an image keeps `imageUrl`). */
  file: MessageFileSchema.nullable().optional(),
  /** `system`: a membership or settings change posted by the server (see `system`); absent or `user` otherwise. */
  kind: z.enum(['user', 'system']).optional(),
  /** On a system message: what happened. */
  system: SystemEventSchema.optional(),
  /**
   * Only on the answer to its author: people the message @-mentions who are not members of the channel (the client
   * offers to add them; in a private channel they are not notified).
   */
  mentionedNonMembers: z.array(z.uuid()).optional(),
});
export type Message = z.infer<typeof MessageSchema>;

export const SearchResultSchema = z.object({
  id: z.uuid(),
  channelId: z.uuid(),
  channelName: z.string(),
  username: z.string(),
  content: z.string().nullable(),
  createdAt: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
/** One page of search results; `nextCursor` asks for the next (null on the last page). */
export const SearchPageSchema = z.object({ results: z.array(SearchResultSchema), nextCursor: z.string().nullable() });
export type SearchPage = z.infer<typeof SearchPageSchema>;

export const REACTION_NAME_MESSAGE = 'Reaction name must be 1 to 32 letters, numbers, underscores or hyphens.';
export const CreateCustomReactionSchema = z.object({
  name: z
    .string({ error: REACTION_NAME_MESSAGE })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, REACTION_NAME_MESSAGE),
  imageUrl: z.string({ error: 'Image is required' }).trim().min(1, 'Image is required').max(2048, 'Image URL too long'),
  /** Sent by the client (spec 2 §7); the server records the signed-in user instead. */
  createdBy: z.string().optional().nullable(),
});
export type CreateCustomReaction = z.infer<typeof CreateCustomReactionSchema>;

export const CustomReactionSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  name: z.string(),
  imageUrl: z.string(),
  createdBy: z.uuid(),
  createdAt: z.string(),
});
export type CustomReaction = z.infer<typeof CustomReactionSchema>;

/** At most this many distinct reactions on one message. */
export const MAX_REACTIONS_PER_MESSAGE = 50;
export const REACTION_REQUIRED = 'Reaction is required: send emoji or reactionId';
export const REACTION_ONE_OF = 'Send either emoji or reactionId, not both';
export const EMOJI_INVALID = 'emoji must be exactly one Unicode emoji';
/**
 * Exactly one of: `emoji`, one Unicode emoji (with its modifiers); `reactionId`, a custom reaction's id or a standard
 * emoji (one emoji, possibly with modifiers, or a :short_code:).
 */
export const ReactionBodySchema = z
  .object({
    reactionId: z
      .string({ error: REACTION_REQUIRED })
      .trim()
      .min(1, REACTION_REQUIRED)
      .max(64, 'Unknown reaction')
      .optional(),
    emoji: z
      .string({ error: EMOJI_INVALID })
      .trim()
      .max(64, EMOJI_INVALID)
      .refine(isUnicodeEmoji, EMOJI_INVALID)
      .optional(),
  })
  .refine((b) => b.reactionId !== undefined || b.emoji !== undefined, { message: REACTION_REQUIRED })
  .refine((b) => b.reactionId === undefined || b.emoji === undefined, { message: REACTION_ONE_OF });
export type ReactionBody = z.infer<typeof ReactionBodySchema>;

export const MessageReactionsSchema = z.object({ messageId: z.uuid(), reactions: z.array(ReactionSummarySchema) });
export type MessageReactions = z.infer<typeof MessageReactionsSchema>;

/**
 * Unread counts (per channel, and of mentions) stop at this number: a count of `UNREAD_COUNT_CAP` means that many or
 * more (shown as "99+"), so the server counts at most this many however much is unread.
 */
export const UNREAD_COUNT_CAP = 100;

/** Server-side unread state: messages from others after the caller's last read, per readable channel with any. */
export const UnreadCountSchema = z.object({ channelId: z.uuid(), count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
export const ReadStateSchema = z.object({ channelId: z.uuid(), lastReadAt: z.string() });
export type ReadState = z.infer<typeof ReadStateSchema>;
