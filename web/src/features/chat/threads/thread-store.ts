// Which thread is open in the panel beside its channel (one at a time), readable from anywhere on the channel screen.
import { useSyncExternalStore } from 'react';

export interface OpenThread {
  rootId: string;
  channelId: string;
}

let current: OpenThread | null = null;
const listeners = new Set<() => void>();
const set = (next: OpenThread | null) => {
  current = next;
  for (const listener of [...listeners]) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Opens the thread of this root (a reply opens its root's thread). */
export const openThread = (message: { id: string; channelId: string; threadId?: string | null }): void =>
  set({ rootId: message.threadId ?? message.id, channelId: message.channelId });

export const closeThread = (): void => set(null);

export const openThreadNow = (): OpenThread | null => current;

/** The root id of the thread open beside this channel, if any. */
export const useOpenThread = (channelId: string | undefined): string | null => {
  const open = useSyncExternalStore(subscribe, () => current);
  return open && open.channelId === channelId ? open.rootId : null;
};
