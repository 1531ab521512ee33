// Keeps the cached message pages in step with live frames: each message once, in time order, newest page first.
import type { Message, UnreadCount } from '@teamchat/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { chatKeys } from './api.js';

export type MessagePages = InfiniteData<Message[], unknown>;

const byTime = (a: Message, b: Message): number => Date.parse(a.createdAt) - Date.parse(b.createdAt);

/** Oldest first, ready to render. */
export const flattenPages = (data: MessagePages | undefined): Message[] =>
  data ? [...data.pages].reverse().flat() : [];

export const withMessage = (data: MessagePages, message: Message): MessagePages => {
  if (data.pages.some((page) => page.some((m) => m.id === message.id))) return data;
  const [newest = [], ...older] = data.pages;
  return { ...data, pages: [[...newest, message].sort(byTime), ...older] };
};

/**
 * The pages opened at a message, once they reach the newest, as the channel's ordinary pages (which live messages
 * join), keeping any message those already had that is newer still. Refetching them later starts from the newest.
 */
export const asLatestPages = (opened: MessagePages, current: MessagePages | undefined): MessagePages => {
  // an `after` page can come back empty when the previous one ended exactly at the newest message
  const pages = opened.pages.filter((page) => page.length > 0);
  const newest = pages[0]?.[pages[0].length - 1];
  const later = flattenPages(current).filter((m) => !newest || byTime(m, newest) > 0);
  // only the first page's parameter counts when the pages are refetched: undefined is "the newest"
  return later.reduce(withMessage, { pages, pageParams: pages.map(() => undefined) });
};

/** Adds a message to its channel's pages when that channel has been loaded (otherwise its first fetch will have it). */
export const addMessageToCache = (qc: QueryClient, message: Message): void => {
  qc.setQueryData<MessagePages>(chatKeys.messagePages(message.channelId), (data) =>
    data ? withMessage(data, message) : data,
  );
};

export const incrementUnread = (qc: QueryClient, channelId: string): void => {
  qc.setQueryData<UnreadCount[]>(chatKeys.unread, (list) => {
    if (!list) return list;
    const found = list.some((u) => u.channelId === channelId);
    return found
      ? list.map((u) => (u.channelId === channelId ? { ...u, count: u.count + 1 } : u))
      : [...list, { channelId, count: 1 }];
  });
};

/** Unread counts of channels as they were when last opened: where the "New messages" line goes. */
const unreadWhenOpened = new Map<string, number>();

const unreadCountOf = (qc: QueryClient, channelId: string): number =>
  qc.getQueryData<UnreadCount[]>(chatKeys.unread)?.find((u) => u.channelId === channelId)?.count ?? 0;

/**
 * How many messages were unread when the channel was opened. A list rendered in the same commit as the selection
 * still finds the count in the cache (the shell clears it in an effect, after its children render); one mounted later
 * (the channel was still loading) gets the count the clearing remembered.
 */
export const unreadAtOpening = (qc: QueryClient, channelId: string): number =>
  unreadCountOf(qc, channelId) || (unreadWhenOpened.get(channelId) ?? 0);

/** Clears a channel's unread count; `opening` remembers it first, for the "New messages" line. */
export const clearUnread = (qc: QueryClient, channelId: string, opening = false): void => {
  if (opening) unreadWhenOpened.set(channelId, unreadCountOf(qc, channelId));
  qc.setQueryData<UnreadCount[]>(chatKeys.unread, (list) => list?.filter((u) => u.channelId !== channelId));
};

/** Every loaded channel's pages, for a resync. */
export const isMessagePagesKey = (key: readonly unknown[]): boolean =>
  key[0] === chatKeys.messagePages('')[0] && key[2] === 'messages';
