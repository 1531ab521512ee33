// Keeps the cached message pages in step with live frames: each message once, in time order, newest page first.
import type { Message, ReactionSummary, UnreadCount } from '@teamchat/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { channelKeys } from '../../api/channels.js';
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

/**
 * Applies `change` to the message with this id wherever the channel's loaded pages hold it: its latest pages and any
 * pages opened at a message (a search result or a permalink).
 */
const updateInPages = (
  qc: QueryClient,
  channelId: string,
  messageId: string,
  change: (m: Message) => Message | null,
): void => {
  qc.setQueriesData<MessagePages>({ queryKey: channelKeys.messages(channelId) }, (data) => {
    if (!data || !Array.isArray(data.pages) || !data.pages.some((page) => page.some((m) => m.id === messageId)))
      return data;
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.flatMap((m) => {
          if (m.id !== messageId) return [m];
          const next = change(m);
          return next ? [next] : [];
        }),
      ),
    };
  });
};

/**
 * A message the pages may hold changed (edited, pinned, its thread, a tombstone): the new version replaces it,
 * keeping the reactions the old one had when the new one does not carry them. A version older than the one held is
 * ignored (a replay may repeat a change).
 */
export const replaceMessageInCache = (qc: QueryClient, message: Message): void =>
  updateInPages(qc, message.channelId, message.id, (held) =>
    held.updatedAt && message.updatedAt && Date.parse(held.updatedAt) > Date.parse(message.updatedAt)
      ? held
      : { ...message, reactions: message.reactions ?? held.reactions },
  );

/** A message was deleted: it leaves the pages. */
export const removeMessageFromCache = (qc: QueryClient, channelId: string, messageId: string): void =>
  updateInPages(qc, channelId, messageId, () => null);

/** The reactions of a message are now these. */
export const setReactionsInCache = (
  qc: QueryClient,
  channelId: string,
  messageId: string,
  reactions: ReactionSummary[],
): void => updateInPages(qc, channelId, messageId, (m) => ({ ...m, reactions }));

/**
 * One more unread message in a channel. A refetch of the counts already under way (after a read mark, say) was asked
 * before this message was stored, and its answer would overwrite the increment: it is asked again, now.
 */
export const incrementUnread = (qc: QueryClient, channelId: string): void => {
  qc.setQueryData<UnreadCount[]>(chatKeys.unread, (list) => {
    if (!list) return list;
    const found = list.some((u) => u.channelId === channelId);
    return found
      ? list.map((u) => (u.channelId === channelId ? { ...u, count: u.count + 1 } : u))
      : [...list, { channelId, count: 1 }];
  });
  if (qc.isFetching({ queryKey: chatKeys.unread }) > 0) void qc.invalidateQueries({ queryKey: chatKeys.unread });
};

/** Unread counts of channels as they were when last opened: where the "New messages" line goes. */
const unreadWhenOpened = new Map<string, number>();

export const unreadCountOf = (qc: QueryClient, channelId: string): number =>
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
