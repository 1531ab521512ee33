// Wires the tab's socket into the query cache: live messages, unread counts, typing, presence, resync, tasks, and
// whether the workspace is read-only.
import { ErrorCodes, type Channel, type CurrentUser, type UnreadCount } from '@teamchat/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { authKeys } from '../../api/auth.js';
import { workspaceKeys } from '../../api/workspaces.js';
import { applyChannel, channelKeys, dropChannel, isKnownNonMember, refreshSidebar } from '../../api/channels.js';
import { mentionNotices } from '../channels/mention-notice-store.js';
import { errorStatus } from '../../lib/request.js';
import { chatKeys, markChannelRead } from './api.js';
import { clearTyping, outbox, setTyping } from './live-store.js';
import { applyPresenceSnapshot, forgetPresence, setOnlineCount, setPresence, setPresences } from './presence-store.js';
import { connectPresenceWatch, resubscribePresence } from './presence-watch.js';
import { patchCachedUser } from '../../api/users.js';
import {
  addMessageToCache,
  clearUnread,
  unreadCountOf,
  incrementUnread,
  isMessagePagesKey,
  removeMessageFromCache,
  replaceMessageInCache,
  setReactionsInCache,
} from './message-cache.js';
import { realtime, type ConnectionState } from './realtime.js';
import { refuseOutgoing } from './use-send-message.js';
import { applyThreadFrame } from './threads/thread-cache.js';
import { applyPinsFrame } from './pins/pins-api.js';
import { notifyForMessage, refreshMentionsOnReaction } from '../notifications/notify-message.js';
import { MENTIONS_KEY, mentionsUnread } from '../notifications/api.js';

const TASKS_KEY = ['/api/tasks'] as const;
const USERS_KEY = ['/api/users'] as const;
const INVITES_KEY = ['/api/invites'] as const;
const SUBSCRIPTION_KEY = ['/api/subscription-details'] as const;

/**
 * Read marks: `now` for a channel the user selects (sent at once, then the counts are refetched so they match the
 * server), `soon` for messages arriving in the channel on screen (a burst becomes one call).
 */
/** A read mark moved: the Mentions badge is asked again if it shows any (its mentions in that channel are read). */
const refreshMentionsBadge = (qc: QueryClient): void => {
  if (mentionsUnread(qc) > 0) void qc.invalidateQueries({ queryKey: MENTIONS_KEY });
};

const useReadMarker = () => {
  const qc = useQueryClient();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);
  // the tab that moved the mark refreshes its own Mentions badge (mentions in the channel are read now) without
  // waiting for the `read` frame, which a socket still joining after a page load never gets
  const refreshMentions = () => refreshMentionsBadge(qc);
  const now = (channelId: string) => {
    clearUnread(qc, channelId, true);
    markChannelRead(channelId)
      .then(() => {
        refreshMentions();
        return qc.invalidateQueries({ queryKey: chatKeys.unread });
      })
      .catch(markReadFailed);
  };
  const soon = (channelId: string) => {
    clearUnread(qc, channelId);
    const pending = timers.current;
    if (pending.has(channelId)) return;
    pending.set(
      channelId,
      setTimeout(() => {
        pending.delete(channelId);
        markChannelRead(channelId).then(refreshMentions).catch(markReadFailed);
      }, 500),
    );
  };
  return { now, soon };
};

/** A channel that no longer exists (deleted, or a stale link) has nothing to mark read: only other failures are worth a word. */
const markReadFailed = (err: unknown): void => {
  if (errorStatus(err) !== 404) console.warn('mark read failed', err);
};

/** This user is no longer in a channel (`channel_removed`): its name as the sidebar knew it, for the notice. */
export interface ChannelRemoval {
  channelId: string;
  name: string | undefined;
  reason: 'removed' | 'left';
}

const channelName = (qc: QueryClient, channelId: string): string | undefined =>
  (qc.getQueryData<Channel[]>(channelKeys.all) ?? []).find((c) => c.id === channelId)?.name ??
  qc.getQueryData<Channel>(channelKeys.one(channelId))?.name;

/**
 * Holds the socket open while mounted and applies its frames. `openChannelId` is the channel on screen: its
 * messages are marked read as they arrive instead of counting as unread. `onChannelRemoved` hears that the user left
 * or was removed from a channel (the shell moves its screen on). Returns the read mark for a selection.
 */
export const useLiveUpdates = (
  user: Pick<CurrentUser, 'id' | 'username' | 'workspaceId'> | null | undefined,
  openChannelId?: string,
  onChannelRemoved?: (removal: ChannelRemoval) => void,
) => {
  const qc = useQueryClient();
  const openRef = useRef(openChannelId);
  openRef.current = openChannelId;
  const onRemovedRef = useRef(onChannelRemoved);
  onRemovedRef.current = onChannelRemoved;
  const marker = useReadMarker();
  const markReadRef = useRef(marker);
  markReadRef.current = marker;
  const userId = user?.id;
  const username = user?.username;
  // after POST /api/switch-workspace the refreshed user names the new workspace: the socket joins again for it
  const workspaceId = user?.workspaceId ?? null;

  useEffect(() => {
    if (!userId) return;
    return realtime.acquire({ userId, username: username ?? '', workspaceId });
  }, [userId, username, workspaceId]);

  // the session ended (logged out in another tab or on another device): asking who is signed in shows the login page
  useEffect(
    () =>
      realtime.onStateChange((state) => {
        if (state === 'ended') void qc.invalidateQueries({ queryKey: authKeys.user });
      }),
    [qc],
  );

  // the users this tab shows presence for are told to the socket (and again after every join)
  useEffect(() => connectPresenceWatch((frame) => realtime.send(frame)), []);

  useEffect(() => {
    if (!userId) return;
    let rejoined = false;
    let joinedWorkspace: string | null = null;
    let usersTimer: ReturnType<typeof setTimeout> | undefined;
    // someone not on the cached roster changed: a newcomer, who usually arrives through an invite no longer pending;
    // rare, and one refetch however many of them come at once
    const refreshUsersSoon = () => {
      clearTimeout(usersTimer);
      usersTimer = setTimeout(() => {
        void qc.invalidateQueries({ queryKey: USERS_KEY });
        void qc.invalidateQueries({ queryKey: INVITES_KEY });
      }, 1000);
    };
    const unsubscribe = realtime.subscribe((frame) => {
      applyThreadFrame(qc, frame, userId);
      applyPinsFrame(qc, frame);
      switch (frame.type) {
        case 'message': {
          const message = frame.message;
          // the author stopped typing where they wrote it: the channel, or the thread's composer for a reply
          clearTyping(message.channelId, message.userId, message.threadId);
          // a reply only in its thread (applyThreadFrame took it) is neither in the channel nor unread there
          if (message.threadId && !message.alsoInChannel) {
            if (message.clientMsgId) outbox.settle(message.clientMsgId);
            if (message.userId !== userId) void notifyForMessage(qc, message, openRef.current);
            break;
          }
          addMessageToCache(qc, message);
          if (message.clientMsgId) outbox.settle(message.clientMsgId);
          if (message.userId === userId) break;
          void notifyForMessage(qc, message, openRef.current);
          if (message.channelId === openRef.current && document.visibilityState !== 'hidden') {
            // a public channel previewed before joining has no read mark to move
            if (!isKnownNonMember(qc, message.channelId)) markReadRef.current.soon(message.channelId);
          } else if (!isKnownNonMember(qc, message.channelId)) {
            incrementUnread(qc, message.channelId);
          }
          break;
        }
        case 'message_updated':
          replaceMessageInCache(qc, frame.message);
          break;
        case 'message_deleted':
          removeMessageFromCache(qc, frame.channelId, frame.messageId);
          break;
        case 'reactions':
          setReactionsInCache(qc, frame.channelId, frame.messageId, frame.reactions);
          refreshMentionsOnReaction(qc, frame.channelId, frame.messageId);
          break;
        case 'typing':
          // with a threadId it was typed in that thread's composer, not in the channel (absent from older clients)
          if (frame.userId !== userId)
            setTyping(frame.channelId, frame.userId, frame.username, frame.isTyping, frame.threadId);
          break;
        case 'presence':
          // only this user's rows re-render; their chosen status comes with `settings` frames, not a refetch
          setPresence(frame.userId, frame.status);
          break;
        case 'presence_subscribed': {
          const online = new Set(frame.online);
          setPresences(frame.userIds.map((id) => [id, online.has(id) ? 'online' : 'offline'] as const));
          break;
        }
        case 'online_count':
          setOnlineCount(frame.count);
          break;
        case 'resync':
          void qc.invalidateQueries({ predicate: (q) => isMessagePagesKey(q.queryKey) });
          void qc.invalidateQueries({ queryKey: chatKeys.unread });
          break;
        case 'tasks':
          void qc.invalidateQueries({ queryKey: TASKS_KEY });
          break;
        case 'workspace':
          // the workspace became read-only or writable again: the banner and the composer follow the refetch
          void qc.invalidateQueries({ queryKey: workspaceKeys.all });
          void qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
          break;
        case 'settings':
          // a role (the settings tabs and the roster), the workspace's name or logo, or its seats changed
          // a member's role or profile: their entry is patched in place when the frame carries the change
          if (frame.change === 'role' || frame.change === 'profile') {
            const patch =
              frame.change === 'role'
                ? frame.isAdmin === undefined
                  ? undefined
                  : { isAdmin: frame.isAdmin }
                : frame.profile;
            if (!frame.userId || !patch) void qc.invalidateQueries({ queryKey: USERS_KEY });
            else if (!patchCachedUser(qc, frame.userId, patch)) refreshUsersSoon();
            if (frame.userId === userId) void qc.invalidateQueries({ queryKey: authKeys.user });
          }
          if (frame.change === 'workspace') void qc.invalidateQueries({ queryKey: workspaceKeys.all });
          if (frame.change === 'seats') {
            void qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
            void qc.invalidateQueries({ queryKey: USERS_KEY });
          }
          break;
        case 'channel_updated':
          // topic, purpose, archived, made private, renamed: the sidebar and open screens show it as it is now
          applyChannel(qc, frame.channel);
          break;
        case 'channel_member_added':
        case 'channel_member_removed':
          // the member count and list change; someone added (this user too) sees it join their sidebar
          applyChannel(qc, frame.channel);
          void qc.invalidateQueries({ queryKey: channelKeys.members(frame.channelId) });
          break;
        case 'channel_removed': {
          // this user left or was removed: out of the sidebar, nothing more of it arrives, and its screen moves on
          const name = channelName(qc, frame.channelId);
          dropChannel(qc, frame.channelId);
          clearUnread(qc, frame.channelId);
          mentionNotices.clear(frame.channelId);
          onRemovedRef.current?.({ channelId: frame.channelId, name, reason: frame.reason });
          break;
        }
        case 'sidebar_changed':
          // this user's own sidebar changed on another of their screens (their sections, where channels are)
          refreshSidebar(qc);
          break;
        case 'mention_not_members':
          mentionNotices.set(frame.channelId, {
            messageId: frame.messageId,
            userIds: frame.userIds,
            notified: frame.notified,
          });
          break;
        case 'read':
          // this user read a channel here or on another tab or device: its count and its mentions are read. Only
          // what this tab still shows as unread is refetched (the tab reading its open channel has nothing to)
          if (unreadCountOf(qc, frame.channelId) > 0) void qc.invalidateQueries({ queryKey: chatKeys.unread });
          refreshMentionsBadge(qc);
          break;
        case 'joined':
          // another workspace's presence says nothing about this one's
          if (joinedWorkspace !== null && joinedWorkspace !== frame.workspaceId) forgetPresence();
          joinedWorkspace = frame.workspaceId;
          if (frame.onlineCount !== undefined) setOnlineCount(frame.onlineCount);
          // an older server lists everyone connected; a current one answers the subscription sent now
          if (frame.online) applyPresenceSnapshot(frame.online);
          resubscribePresence();
          // After a reconnect the replay brought the messages; counts and roster may have moved meanwhile.
          if (rejoined) {
            void qc.invalidateQueries({ queryKey: chatKeys.unread });
            void qc.invalidateQueries({ queryKey: USERS_KEY });
          }
          rejoined = true;
          break;
        case 'error':
          console.error('socket error', frame.code, frame.message);
          if (frame.code === ErrorCodes.workspaceReadOnly) void qc.invalidateQueries({ queryKey: workspaceKeys.all });
          // the server refused a message this tab sent: no echo is coming, so it is sent again now if the refusal
          // was "not now", or fails now rather than after the fallback delay (a retry reuses the clientMsgId)
          if (frame.clientMsgId) refuseOutgoing(frame.clientMsgId, frame.code, frame.message);
          break;
      }
    });
    return () => {
      clearTimeout(usersTimer);
      unsubscribe();
    };
  }, [qc, userId]);

  // Back to a hidden tab: what arrived meanwhile in the channel on screen counted as unread, and is seen now.
  useEffect(() => {
    const onVisible = () => {
      const open = openRef.current;
      if (document.visibilityState !== 'visible' || !open) return;
      const unread = qc.getQueryData<UnreadCount[]>(chatKeys.unread)?.find((u) => u.channelId === open);
      if (unread && unread.count > 0) markReadRef.current.soon(open);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [qc]);

  /** For the shell: the user selected this channel. */
  return marker.now;
};

export const useConnectionState = (): ConnectionState =>
  useSyncExternalStore(
    (cb) => realtime.onStateChange(cb),
    () => realtime.state,
  );
