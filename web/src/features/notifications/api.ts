// Notification preferences (issue 19): read once per workspace, changed from settings and the channel header.
import type {
  ChannelNotificationPref,
  MentionsPage,
  NotificationPrefs,
  UpdateChannelNotificationPref,
  UpdateNotificationPrefs,
} from '@teamchat/contracts';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/request.js';

export const MENTIONS_KEY = ['/api/mentions'] as const;

export const NOTIFICATION_PREFS_KEY = ['/api/notification-preferences'] as const;

export const notificationPrefsQuery = () => queryOptions<NotificationPrefs>({ queryKey: NOTIFICATION_PREFS_KEY });

export const updateNotificationPrefs = (prefs: UpdateNotificationPrefs) =>
  apiJson<NotificationPrefs>('PATCH', '/api/notification-preferences', prefs);

export const updateChannelNotificationPref = (channelId: string, pref: UpdateChannelNotificationPref) =>
  apiJson<ChannelNotificationPref>('PATCH', `/api/channels/${channelId}/notification-preferences`, pref);

/** Puts a channel's new setting into the cached preferences (a default, unmuted channel is not listed). */
export const applyChannelPref = (qc: QueryClient, pref: ChannelNotificationPref): void => {
  qc.setQueryData<NotificationPrefs>(NOTIFICATION_PREFS_KEY, (prefs) => {
    if (!prefs) return prefs;
    const others = prefs.channels.filter((c) => c.channelId !== pref.channelId);
    const differs = pref.level !== 'default' || pref.muted;
    return { ...prefs, channels: differs ? [...others, pref] : others };
  });
};

/** The Mentions view, page by page (`before` the oldest entry shown). Its first page also carries the unread count. */
export const mentionsQuery = () =>
  infiniteQueryOptions({
    queryKey: MENTIONS_KEY,
    queryFn: ({ pageParam }) =>
      apiJson<MentionsPage>(
        'GET',
        pageParam ? `/api/mentions?before=${encodeURIComponent(pageParam)}` : '/api/mentions',
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });

export const markMentionsRead = () => apiJson<{ readAt: string }>('POST', '/api/mentions/read');
