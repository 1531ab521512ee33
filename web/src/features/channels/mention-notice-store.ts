// People a message of this tab's user @-mentioned who are not members of its channel (the `mention_not_members`
// frame), per channel, until the user adds them or dismisses the notice.
import { useSyncExternalStore } from 'react';

export interface MentionNotice {
  messageId: string;
  userIds: readonly string[];
  /** False in a private channel: they were not notified. */
  notified: boolean;
}

let notices: ReadonlyMap<string, MentionNotice> = new Map();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const mentionNotices = {
  /** The latest message's non-members replace an earlier notice of the same channel. */
  set(channelId: string, notice: MentionNotice): void {
    if (notice.userIds.length === 0) return;
    notices = new Map(notices).set(channelId, notice);
    emit();
  },
  clear(channelId: string): void {
    if (!notices.has(channelId)) return;
    const next = new Map(notices);
    next.delete(channelId);
    notices = next;
    emit();
  },
  reset(): void {
    notices = new Map();
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useMentionNotice = (channelId: string): MentionNotice | undefined =>
  useSyncExternalStore(mentionNotices.subscribe, () => notices.get(channelId));
