// Notification preferences (issue 19): read once per workspace, changed from settings and the channel header.
import {
  Routes,
  type ChannelNotificationPref,
  type MentionsPage,
  type NotificationPrefs,
  type UpdateChannelNotificationPref,
  type UpdateNotificationPrefs,
} from '@teamchat/contracts';
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { callApi, type RouteResult } from '../../lib/api-client.js';

export const MENTIONS_KEY = ['/api/mentions'] as const;

export const NOTIFICATION_PREFS_KEY = ['/api/notification-preferences'] as const;

export const notificationPrefsQuery = () =>
  queryOptions<RouteResult<typeof Routes.getNotificationPreferences>>({ queryKey: NOTIFICATION_PREFS_KEY });

export const updateNotificationPrefs = (prefs: UpdateNotificationPrefs) =>
  callApi(Routes.updateNotificationPreferences, { body: prefs });

export const updateChannelNotificationPref = (channelId: string, pref: UpdateChannelNotificationPref) =>
  callApi(Routes.updateChannelNotificationPreference, { params: { channelId }, body: pref });

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
    queryFn: ({ pageParam }) => callApi(Routes.listMentions, { query: { before: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });

export const markMentionsRead = () => callApi(Routes.markMentionsRead);

/** The Mentions badge as this tab has it. */
export const mentionsUnread = (qc: QueryClient): number =>
  qc.getQueryData<InfiniteData<MentionsPage>>(MENTIONS_KEY)?.pages[0]?.unread ?? 0;
