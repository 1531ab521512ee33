// Whether a live message should raise a browser notification (issue 19), as a pure function of what the tab knows.
import {
  CHANNEL_MENTION,
  HERE_MENTION,
  type Message,
  type NotificationPrefs,
  type NotifyLevel,
} from '@teamchat/contracts';

/** How long after it was sent a replayed @here still counts as reaching someone online. */
export const HERE_WINDOW_MS = 60_000;

export type NotifyReason = 'dm' | 'mention' | 'broadcast' | 'keyword' | 'thread' | 'message';

export interface NotifyContext {
  message: Message;
  me: { id: string; username: string; handle?: string | null };
  prefs: NotificationPrefs | undefined;
  /** The user's chosen status: `dnd` silences everything. */
  status: string;
  /** Whether the message's channel is a DM of the user. */
  direct: boolean;
  /** Whether the user follows the thread the message replies to. */
  followsThread?: boolean;
  /** Now, in epoch ms (for tests). */
  now?: number;
  /** The channel on screen, and whether the tab is visible: a message in plain sight needs no notification. */
  openChannelId?: string;
  visible: boolean;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `@name` as a whole word (not part of an e-mail address or a longer name). */
const mentions = (text: string, name: string): boolean =>
  new RegExp(`(^|[^\\w@.])@${escape(name)}(?![\\w-])`, 'i').test(text);

/** The text names the user: `@username` or `@handle`. */
export const namesMe = (text: string, me: NotifyContext['me']): boolean =>
  mentions(text, me.username) || (!!me.handle && mentions(text, me.handle));

/** A whole word, case-insensitive. */
const containsWord = (text: string, word: string): boolean =>
  new RegExp(`(^|[^\\p{L}\\p{N}_])${escape(word)}(?![\\p{L}\\p{N}_])`, 'iu').test(text);

/** Why the message concerns the user personally, if it does: DM, mention, @channel/@here/@everyone, keyword, thread. */
const personalReason = (ctx: NotifyContext): NotifyReason | null => {
  const text = ctx.message.content ?? '';
  if (ctx.direct) return 'dm';
  if (namesMe(text, ctx.me)) return 'mention';
  if (CHANNEL_MENTION.test(text)) return 'broadcast';
  // @here reaches those online when it is sent: not someone catching up on it by replay after being away
  if (HERE_MENTION.test(text) && (ctx.now ?? Date.now()) - Date.parse(ctx.message.createdAt) < HERE_WINDOW_MS)
    return 'broadcast';
  if (ctx.prefs?.keywords.some((k) => containsWord(text, k))) return 'keyword';
  if (ctx.message.threadId && ctx.followsThread) return 'thread';
  return null;
};

/**
 * The reason to notify, or null: never for the user's own messages, while they are in Do Not Disturb, in a muted
 * channel, or for a message they can already see (its channel open in a visible tab). Otherwise the channel's level
 * (or the user's default) decides: everything, only what concerns them personally, or nothing.
 */
export const notifyReason = (ctx: NotifyContext): NotifyReason | null => {
  const { message, prefs } = ctx;
  if (message.userId === ctx.me.id || ctx.status === 'dnd') return null;
  if (ctx.visible && ctx.openChannelId === message.channelId && !message.threadId) return null;
  const channel = prefs?.channels.find((c) => c.channelId === message.channelId);
  if (channel?.muted) return null;
  const level: NotifyLevel = channel && channel.level !== 'default' ? channel.level : (prefs?.level ?? 'mentions');
  if (level === 'nothing') return null;
  const personal = personalReason(ctx);
  if (personal) return personal;
  return level === 'all' ? 'message' : null;
};
