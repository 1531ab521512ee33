// Turns a live message into a browser notification when the user's preferences say so (issue 19).
import {
  CHANNEL_MENTION,
  type Channel,
  type CurrentUser,
  type Message,
  type NotificationPrefs,
  type PublicUser,
} from '@teamchat/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '../../api/auth.js';
import { channelKeys } from '../../api/channels.js';
import { userByIdQuery } from '../../api/directory.js';
import { displayName, readNamePrefs } from '../../lib/display-name.js';
import { readUserStatus } from '../chat/status.js';
import { flattenPages, type MessagePages } from '../chat/message-cache.js';
import { chatKeys } from '../chat/api.js';
import { MENTIONS_KEY, NOTIFICATION_PREFS_KEY } from './api.js';
import { namesMe, notifyReason } from './decide.js';
import { notificationPermission, showMessageNotification } from './notifier.js';

/** A thread the user wrote its root of, or replied to (as far as this tab knows). */
const followsThread = (qc: QueryClient, message: Message, me: string): boolean => {
  if (!message.threadId) return false;
  const pages = qc.getQueryData<MessagePages>(chatKeys.messagePages(message.channelId));
  const root = flattenPages(pages).find((m) => m.id === message.threadId);
  return !!root && (root.userId === me || (root.thread?.replierIds ?? []).includes(me));
};

/** A message naming the user or the channel (not @here: that is for whoever is online now) joins their Mentions view. */
const refreshMentionsIfNamed = (qc: QueryClient, message: Message, me: CurrentUser): void => {
  const text = message.content ?? '';
  if (namesMe(text, me) || CHANNEL_MENTION.test(text)) void qc.invalidateQueries({ queryKey: MENTIONS_KEY });
};

/** A reaction to one of the user's messages joins their Mentions view. */
export const refreshMentionsOnReaction = (qc: QueryClient, channelId: string, messageId: string): void => {
  const me = qc.getQueryData<CurrentUser | null>(authKeys.user);
  const pages = qc.getQueryData<MessagePages>(chatKeys.messagePages(channelId));
  const message = flattenPages(pages).find((m) => m.id === messageId);
  if (me && (!message || message.userId === me.id)) void qc.invalidateQueries({ queryKey: MENTIONS_KEY });
};

/** The message's channel from the cache; a channel this tab has not seen yet (a new DM) is fetched first. */
const channelOf = async (qc: QueryClient, channelId: string): Promise<Channel | undefined> => {
  const cached = [
    ...(qc.getQueryData<Channel[]>(channelKeys.dms) ?? []),
    ...(qc.getQueryData<Channel[]>(channelKeys.all) ?? []),
  ];
  const found = cached.find((c) => c.id === channelId);
  if (found) return found;
  const [dms, channels] = await Promise.all([
    qc.fetchQuery({ queryKey: channelKeys.dms, staleTime: 0 }) as Promise<Channel[]>,
    qc.fetchQuery({ queryKey: channelKeys.all, staleTime: 0 }) as Promise<Channel[]>,
  ]).catch(() => [[], []] as Channel[][]);
  return [...dms, ...channels].find((c) => c.id === channelId);
};

/** Shows a notification for `message` if it should raise one; resolves whether it did. */
export const notifyForMessage = async (
  qc: QueryClient,
  message: Message,
  openChannelId: string | undefined,
): Promise<boolean> => {
  const me = qc.getQueryData<CurrentUser | null>(authKeys.user);
  if (!me) return false;
  refreshMentionsIfNamed(qc, message, me);
  if (notificationPermission() !== 'granted') return false;
  const channel = await channelOf(qc, message.channelId);
  // a public channel the user has not joined (its messages reach every member's socket): only a mention of them counts
  if (!channel && !namesMe(message.content ?? '', me)) return false;
  const dm = channel?.type === 'direct' ? channel : undefined;
  const prefs = qc.getQueryData<NotificationPrefs>(NOTIFICATION_PREFS_KEY);
  const reason = notifyReason({
    message,
    me: { id: me.id, username: me.username, handle: me.handle },
    prefs,
    status: readUserStatus(),
    direct: !!dm,
    followsThread: followsThread(qc, message, me.id),
    openChannelId,
    visible: document.visibilityState === 'visible' && document.hasFocus(),
  });
  if (!reason) return false;
  // the author by id (batched, cached): the shell holds no whole roster to look them up in
  const author: PublicUser | null = await qc.fetchQuery(userByIdQuery(message.userId)).catch(() => null);
  const named = author ? { ...message, username: displayName(author, readNamePrefs()) } : message;
  const where = dm ? 'a direct message' : channel ? `#${channel.name}` : 'a channel';
  return showMessageNotification(named, reason, where, prefs?.sound ?? false) !== null;
};
