// The users whose presence this tab shows, told to the server as one `presence_subscribe` frame: every component
// showing someone's presence watches them while mounted, and the socket gets presence frames for those users only.
import { PRESENCE_SUBSCRIBE_MAX, type PresenceSubscribeFrame } from '@teamchat/contracts';
import { useEffect } from 'react';
import { usePresenceOf, type Presence } from './presence-store.js';

type Send = (frame: PresenceSubscribeFrame) => boolean;

/** Changes within this long (a roster mounting its rows) become one frame. */
export const PRESENCE_WATCH_BATCH_MS = 50;

/** How many components watch each user; a Map keeps the order they were first watched in (the first are kept). */
const watched = new Map<string, number>();
let send: Send | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
/** What the server was last told, so an unmount and remount of the same rows sends nothing. */
let lastSent: string | null = null;

const currentIds = (): string[] => [...watched.keys()].slice(0, PRESENCE_SUBSCRIBE_MAX);

const flush = (): void => {
  timer = null;
  if (!send) return;
  const userIds = currentIds();
  const key = userIds.join(',');
  if (key === lastSent) return;
  if (send({ type: 'presence_subscribe', userIds })) lastSent = key;
};

const schedule = (): void => {
  if (timer === null) timer = setTimeout(flush, PRESENCE_WATCH_BATCH_MS);
};

/** The tab's socket: how frames are sent (false when it is not open; `resubscribe` follows every join). */
export const connectPresenceWatch = (sender: Send): (() => void) => {
  send = sender;
  return () => {
    if (send === sender) send = null;
  };
};

/** A socket joined (a new connection, or another workspace): it watches no one until told again. */
export const resubscribePresence = (): void => {
  lastSent = null;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (watched.size > 0) flush();
};

/** Watches these users until the returned function is called. */
export const watchPresence = (userIds: readonly string[]): (() => void) => {
  let added = false;
  for (const userId of userIds) {
    const n = watched.get(userId) ?? 0;
    watched.set(userId, n + 1);
    if (n === 0) added = true;
  }
  if (added) schedule();
  return () => {
    let removed = false;
    for (const userId of userIds) {
      const n = (watched.get(userId) ?? 0) - 1;
      if (n > 0) watched.set(userId, n);
      else {
        watched.delete(userId);
        removed = true;
      }
    }
    if (removed) schedule();
  };
};

/** The one hook for showing users' presence: the server sends it for these users while the component is mounted. */
export const useWatchPresence = (userIds: readonly string[]): void => {
  const key = userIds.join(',');
  useEffect(() => watchPresence(key ? key.split(',') : []), [key]);
};

/** One user's presence, watched while mounted; re-renders only when theirs changes. */
export const useUserPresence = (userId: string | undefined): Presence | undefined => {
  useWatchPresence(userId ? [userId] : []);
  return usePresenceOf(userId);
};

/** What the tab watches now (for tests). */
export const watchedPresence = (): string[] => currentIds();

/** For tests: forget everything. */
export const resetPresenceWatch = (): void => {
  watched.clear();
  lastSent = null;
  if (timer !== null) clearTimeout(timer);
  timer = null;
};
