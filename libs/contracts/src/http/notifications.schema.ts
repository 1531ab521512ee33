// Notification preferences (issue 19): what notifies a member, per workspace, with per-channel overrides and mute.
import { z } from 'zod';
import { storableTimestamp } from '../timestamps.js';

/** Everything, only mentions / DMs / followed threads / keywords, or nothing. */
export const NOTIFY_LEVELS = ['all', 'mentions', 'nothing'] as const;
export type NotifyLevel = (typeof NOTIFY_LEVELS)[number];
/** A channel's level may follow the member's default. */
export const CHANNEL_NOTIFY_LEVELS = ['default', ...NOTIFY_LEVELS] as const;
export type ChannelNotifyLevel = (typeof CHANNEL_NOTIFY_LEVELS)[number];

export const MAX_NOTIFY_KEYWORDS = 20;
export const NOTIFY_LEVEL_MESSAGE = `Level must be one of ${NOTIFY_LEVELS.join(', ')}`;
export const CHANNEL_NOTIFY_LEVEL_MESSAGE = `Level must be one of ${CHANNEL_NOTIFY_LEVELS.join(', ')}`;
export const NOTIFY_KEYWORDS_MESSAGE = `At most ${MAX_NOTIFY_KEYWORDS} keywords, each 2 to 50 characters`;
export const NOTIFY_PREFS_EMPTY = 'Nothing to change';

export const ChannelNotificationPrefSchema = z.object({
  channelId: z.uuid(),
  level: z.enum(CHANNEL_NOTIFY_LEVELS),
  muted: z.boolean(),
});
export type ChannelNotificationPref = z.infer<typeof ChannelNotificationPrefSchema>;

export const NotificationPrefsSchema = z.object({
  level: z.enum(NOTIFY_LEVELS),
  /** Words that notify like a mention (case-insensitive, whole words). */
  keywords: z.array(z.string()),
  /** Play a sound with each notification. */
  sound: z.boolean(),
  /** Only channels whose settings differ from the default (a level of their own, or muted). */
  channels: z.array(ChannelNotificationPrefSchema),
});
export type NotificationPrefs = z.infer<typeof NotificationPrefsSchema>;

const keyword = z.string().trim().min(2, NOTIFY_KEYWORDS_MESSAGE).max(50, NOTIFY_KEYWORDS_MESSAGE);

export const UpdateNotificationPrefsSchema = z
  .object({
    level: z.enum(NOTIFY_LEVELS, { error: NOTIFY_LEVEL_MESSAGE }).optional(),
    keywords: z
      .array(keyword, { error: NOTIFY_KEYWORDS_MESSAGE })
      .max(MAX_NOTIFY_KEYWORDS, NOTIFY_KEYWORDS_MESSAGE)
      .optional(),
    sound: z.boolean({ error: 'sound must be true or false' }).optional(),
  })
  .refine((b) => b.level !== undefined || b.keywords !== undefined || b.sound !== undefined, {
    message: NOTIFY_PREFS_EMPTY,
  });
export type UpdateNotificationPrefs = z.infer<typeof UpdateNotificationPrefsSchema>;

export const UpdateChannelNotificationPrefSchema = z
  .object({
    level: z.enum(CHANNEL_NOTIFY_LEVELS, { error: CHANNEL_NOTIFY_LEVEL_MESSAGE }).optional(),
    muted: z.boolean({ error: 'muted must be true or false' }).optional(),
  })
  .refine((b) => b.level !== undefined || b.muted !== undefined, { message: NOTIFY_PREFS_EMPTY });
export type UpdateChannelNotificationPref = z.infer<typeof UpdateChannelNotificationPrefSchema>;

/** Why an entry is in the Mentions view: you were named, the channel was (@channel, @everyone), or your message got a reaction. */
export const MENTION_KINDS = ['mention', 'channel', 'reaction'] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];

export const MentionItemSchema = z.object({
  kind: z.enum(MENTION_KINDS),
  /** When it happened: the message's time, or the reaction's. */
  at: z.string(),
  messageId: z.uuid(),
  channelId: z.uuid(),
  /** `#name` for a channel, the other person's username for a DM. */
  channelName: z.string(),
  /** Who wrote the message (mention) or reacted (reaction). */
  userId: z.uuid(),
  username: z.string(),
  content: z.string().nullable(),
  /** The reaction applied (a standard emoji or a custom reaction's id). */
  reactionId: z.string().optional(),
  unread: z.boolean(),
});
export type MentionItem = z.infer<typeof MentionItemSchema>;

export const MentionsPageSchema = z.object({
  items: z.array(MentionItemSchema),
  /** Entries after the last visit to the Mentions view (capped at 100). */
  unread: z.number().int(),
  /** Pass back as `before` for older entries; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type MentionsPage = z.infer<typeof MentionsPageSchema>;

export const MENTIONS_CURSOR_MESSAGE = 'before must be an ISO timestamp';
export const MentionsQuerySchema = z.object({
  before: storableTimestamp(MENTIONS_CURSOR_MESSAGE).optional(),
});
export type MentionsQuery = z.infer<typeof MentionsQuerySchema>;

/** By default a channel with more members than this is large: a workspace may keep @channel/@everyone/@here there to admins. */
export const LARGE_CHANNEL_MEMBERS = 20;
export const LARGE_CHANNEL_MESSAGE = 'A large channel must be a whole number of members from 2 to 100000';
export const broadcastMentionRestricted = (largeChannelMembers: number): string =>
  `Only admins can use @channel, @everyone or @here in channels of more than ${largeChannelMembers} members.`;
export const BroadcastMentionPolicySchema = z.object({
  /** Only admins may notify a whole channel of more than `largeChannelMembers` members. */
  adminsOnlyInLargeChannels: z.boolean(),
  largeChannelMembers: z.number().int(),
});
export type BroadcastMentionPolicy = z.infer<typeof BroadcastMentionPolicySchema>;
export const UpdateBroadcastMentionPolicySchema = z.object({
  adminsOnlyInLargeChannels: z.boolean({ error: 'adminsOnlyInLargeChannels must be true or false' }),
  largeChannelMembers: z
    .number({ error: LARGE_CHANNEL_MESSAGE })
    .int(LARGE_CHANNEL_MESSAGE)
    .min(2, LARGE_CHANNEL_MESSAGE)
    .max(100_000, LARGE_CHANNEL_MESSAGE)
    .optional(),
});
export type UpdateBroadcastMentionPolicy = z.infer<typeof UpdateBroadcastMentionPolicySchema>;

/** `@channel` or `@everyone` as a whole word (not inside an e-mail address or a longer name): every member. */
export const CHANNEL_MENTION = /(^|[^\w@.])@(channel|everyone)(?![\w-])/i;
/** `@here` as a whole word: the members online when it is sent. */
export const HERE_MENTION = /(^|[^\w@.])@here(?![\w-])/i;
/** Any of the mentions that notify a whole channel. */
export const BROADCAST_MENTION = /(^|[^\w@.])@(channel|everyone|here)(?![\w-])/i;
