// Display helpers of the message list and the sidebar.
import { UNREAD_COUNT_CAP } from '@teamchat/contracts';

/** Spec 2 §9: timestamps are 24-hour HH:MM:SS in the viewer's local time. */
export const formatTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};

/**
 * An unread badge (channels, DMs, mentions): the count, or "99+" from a hundred on. The server counts no further than
 * UNREAD_COUNT_CAP (100), so a count from there on means "that many or more".
 */
export const unreadBadge = (count: number): string =>
  count >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(count);
