// Keeps loaded threads and the followed-threads list in step with live frames. A thread-only reply never joins the
// channel's pages (use-live-updates leaves it to this file); its root's new summary arrives as message_updated.
import type { CurrentUser, FollowedThread, Message, ServerFrame, Thread } from '@teamchat/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '../../../api/auth.js';
import { chatKeys } from '../api.js';
import { flattenPages, type MessagePages } from '../message-cache.js';
import { markThreadRead, threadKeys } from './api.js';
import { openThreadNow } from './thread-store.js';

const byTime = (a: Message, b: Message): number =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id);

/** A newer version wins; one older than the held one (a replay repeating a change) is ignored. */
const newer = (held: Message, next: Message): Message =>
  held.updatedAt && next.updatedAt && Date.parse(held.updatedAt) > Date.parse(next.updatedAt)
    ? held
    : { ...next, reactions: next.reactions ?? held.reactions };

/** The thread with this reply in it, once, in time order. */
export const withReply = (thread: Thread, reply: Message): Thread =>
  thread.replies.some((r) => r.id === reply.id)
    ? thread
    : { ...thread, replies: [...thread.replies, reply].sort(byTime) };

export const addReplyToCache = (qc: QueryClient, reply: Message): void => {
  if (!reply.threadId) return;
  qc.setQueryData<Thread>(threadKeys.thread(reply.threadId), (t) => (t ? withReply(t, reply) : t));
};

const updateThreads = (qc: QueryClient, change: (t: Thread) => Thread): void => {
  for (const [key, thread] of qc.getQueriesData<Thread>({ queryKey: [...threadKeys.all, 'thread'] })) {
    if (thread) {
      const next = change(thread);
      if (next !== thread) qc.setQueryData(key, next);
    }
  }
};

const replaceEverywhere = (qc: QueryClient, message: Message): void => {
  updateThreads(qc, (t) => {
    if (t.root.id === message.id) return { ...t, root: newer(t.root, message) };
    if (!t.replies.some((r) => r.id === message.id)) return t;
    return { ...t, replies: t.replies.map((r) => (r.id === message.id ? newer(r, message) : r)) };
  });
  qc.setQueryData<FollowedThread[]>(threadKeys.followed, (list) =>
    list?.map((f) => (f.root.id === message.id ? { ...f, root: newer(f.root, message) } : f)),
  );
};

/** Unread replies of a followed thread. */
export const unreadOf = (list: readonly FollowedThread[] | undefined, rootId: string): number =>
  list?.find((f) => f.root.id === rootId)?.unreadCount ?? 0;

export const setThreadUnread = (qc: QueryClient, rootId: string, unreadCount: number): void => {
  qc.setQueryData<FollowedThread[]>(threadKeys.followed, (list) =>
    list?.map((f) => (f.root.id === rootId ? { ...f, unreadCount } : f)),
  );
};

/** The open thread is read as its replies arrive: a burst becomes one call. */
const readTimers = new Map<string, ReturnType<typeof setTimeout>>();
export const markThreadReadSoon = (qc: QueryClient, rootId: string): void => {
  setThreadUnread(qc, rootId, 0);
  if (readTimers.has(rootId)) return;
  readTimers.set(
    rootId,
    setTimeout(() => {
      readTimers.delete(rootId);
      markThreadRead(rootId).catch((err: unknown) => console.warn('thread read failed', err));
    }, 500),
  );
};

const mentions = (content: string | null, user: Pick<CurrentUser, 'username' | 'handle'> | undefined): boolean => {
  if (!content || !user) return false;
  const names = [user.username, user.handle].filter(Boolean).map((n) => n!.toLowerCase());
  return [...content.toLowerCase().matchAll(/(^|[^\w@])@([\w-]+(?:\.[\w-]+)*)/g)].some((m) => names.includes(m[2]!));
};

/**
 * A reply arrived: it joins its loaded thread. Followers count it unread unless the thread is open on screen (then it
 * is read); a reply that makes this user a follower (theirs, to their message, or mentioning them) refreshes the list.
 */
const noteReply = (qc: QueryClient, reply: Message, userId: string): void => {
  addReplyToCache(qc, reply);
  const rootId = reply.threadId!;
  const list = qc.getQueryData<FollowedThread[]>(threadKeys.followed);
  if (!list) return;
  const followed = list.some((f) => f.root.id === rootId);
  if (reply.userId === userId) {
    if (!followed) void qc.invalidateQueries({ queryKey: threadKeys.followed });
    return;
  }
  if (followed) {
    if (openThreadNow()?.rootId === rootId && document.visibilityState !== 'hidden') markThreadReadSoon(qc, rootId);
    else setThreadUnread(qc, rootId, unreadOf(list, rootId) + 1);
    return;
  }
  // the signed-in user's own names (username, handle), as a mention of them would spell them
  const signedIn = qc.getQueryData<CurrentUser | null>(authKeys.user);
  const me = signedIn?.id === userId ? signedIn : undefined;
  const root =
    qc.getQueryData<Thread>(threadKeys.thread(rootId))?.root ??
    flattenPages(qc.getQueryData<MessagePages>(chatKeys.messagePages(reply.channelId))).find((m) => m.id === rootId);
  if (mentions(reply.content, me) || root?.userId === userId)
    void qc.invalidateQueries({ queryKey: threadKeys.followed });
};

/** Applies a live frame to the loaded threads and the followed list. */
export const applyThreadFrame = (qc: QueryClient, frame: ServerFrame, userId: string): void => {
  switch (frame.type) {
    case 'message':
      if (frame.message.threadId) noteReply(qc, frame.message, userId);
      break;
    case 'message_updated':
      replaceEverywhere(qc, frame.message);
      break;
    case 'message_deleted':
      updateThreads(qc, (t) =>
        t.replies.some((r) => r.id === frame.messageId)
          ? { ...t, replies: t.replies.filter((r) => r.id !== frame.messageId) }
          : t,
      );
      break;
    case 'reactions':
      updateThreads(qc, (t) => {
        if (t.root.id === frame.messageId) return { ...t, root: { ...t.root, reactions: frame.reactions } };
        if (!t.replies.some((r) => r.id === frame.messageId)) return t;
        return {
          ...t,
          replies: t.replies.map((r) => (r.id === frame.messageId ? { ...r, reactions: frame.reactions } : r)),
        };
      });
      break;
    case 'resync':
      void qc.invalidateQueries({ queryKey: threadKeys.all });
      void qc.invalidateQueries({ queryKey: threadKeys.followed });
      break;
    case 'joined':
      void qc.invalidateQueries({ queryKey: threadKeys.followed });
      break;
    case 'typing':
    case 'presence':
    case 'presence_subscribed':
    case 'online_count':
    case 'tasks':
    case 'workspace':
    case 'settings':
    case 'channel_updated':
    case 'channel_member_added':
    case 'channel_member_removed':
    case 'channel_removed':
    case 'mention_not_members':
    case 'sidebar_changed':
    case 'read':
    case 'error':
      break;
  }
};
