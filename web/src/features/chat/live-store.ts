// Live state that is not server data: who is typing where and messages still being sent (who is connected: presence-store.ts).
import type { Message, MessageFile } from '@teamchat/contracts';
import { useSyncExternalStore } from 'react';
import { resetPresence } from './presence-store.js';
import { resetPresenceWatch } from './presence-watch.js';

/** A tiny observable value for useSyncExternalStore. */
class Store<T> {
  private listeners = new Set<() => void>();
  constructor(private value: T) {}
  get = (): T => this.value;
  set(next: T): void {
    if (next === this.value) return;
    this.value = next;
    for (const l of [...this.listeners]) l();
  }
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

// ---- typing -------------------------------------------------------------------------------------------------------

/** A typing notice is dropped if the typist goes quiet without saying they stopped. */
export const TYPING_TTL_MS = 6000;

interface Typist {
  username: string;
  until: number;
}

/** Where someone types: a channel, or one thread of it (typing there is not typing in the channel). */
const typingPlace = (channelId: string, threadId: string | null | undefined): string =>
  threadId ? `${channelId}:thread:${threadId}` : channelId;

const typingStore = new Store<ReadonlyMap<string, ReadonlyMap<string, Typist>>>(new Map());
let typingSweep: ReturnType<typeof setTimeout> | null = null;

const sweepTyping = (): void => {
  typingSweep = null;
  const now = Date.now();
  let next = Infinity;
  let changed = false;
  const places = new Map<string, ReadonlyMap<string, Typist>>();
  for (const [place, typists] of typingStore.get()) {
    const kept = new Map([...typists].filter(([, t]) => t.until > now));
    if (kept.size !== typists.size) changed = true;
    if (kept.size > 0) places.set(place, kept);
    for (const t of kept.values()) next = Math.min(next, t.until);
  }
  if (changed) typingStore.set(places);
  if (next !== Infinity) typingSweep = setTimeout(sweepTyping, next - now + 10);
};

/** `threadId`: typed in that thread's composer; absent or null: in the channel itself. */
export const setTyping = (
  channelId: string,
  userId: string,
  username: string,
  isTyping: boolean,
  threadId?: string | null,
): void => {
  const place = typingPlace(channelId, threadId);
  const places = new Map(typingStore.get());
  const typists = new Map(places.get(place) ?? []);
  if (isTyping) typists.set(userId, { username, until: Date.now() + TYPING_TTL_MS });
  else typists.delete(userId);
  if (typists.size > 0) places.set(place, typists);
  else places.delete(place);
  typingStore.set(places);
  if (!typingSweep) typingSweep = setTimeout(sweepTyping, TYPING_TTL_MS + 10);
};

/** A message from someone means they stopped typing where they wrote it (the channel, or the thread of a reply). */
export const clearTyping = (channelId: string, userId: string, threadId?: string | null): void => {
  if (typingStore.get().get(typingPlace(channelId, threadId))?.has(userId))
    setTyping(channelId, userId, '', false, threadId);
};

/** Who is typing in the channel itself, or (with `threadId`) in that thread only. */
export const useTypingUsernames = (channelId: string | undefined, threadId?: string | null): string[] => {
  const places = useSyncExternalStore(typingStore.subscribe, typingStore.get);
  const typists = channelId ? places.get(typingPlace(channelId, threadId)) : undefined;
  return typists ? [...typists.values()].map((t) => t.username) : [];
};

/** "ada is typing…", "ada and bob are typing…", "ada, bob and 2 others are typing…". */
export const typingText = (usernames: readonly string[]): string => {
  if (usernames.length === 0) return '';
  if (usernames.length === 1) return `${usernames[0]} is typing…`;
  if (usernames.length === 2) return `${usernames[0]} and ${usernames[1]} are typing…`;
  return `${usernames[0]}, ${usernames[1]} and ${usernames.length - 2} others are typing…`;
};

// ---- outbox -------------------------------------------------------------------------------------------------------

export interface OutgoingMessage {
  clientMsgId: string;
  channelId: string;
  userId: string;
  username: string;
  content: string | null;
  imageUrl: string | null;
  /** A file attachment, as uploaded (the server answers media's record of it). */
  file?: MessageFile | null;
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why the server refused it, when it said so. */
  error?: string;
}

const outboxStore = new Store<readonly OutgoingMessage[]>([]);

export const outbox = {
  get: outboxStore.get,
  put(message: OutgoingMessage): void {
    const rest = outboxStore.get().filter((m) => m.clientMsgId !== message.clientMsgId);
    outboxStore.set([...rest, message]);
  },
  mark(clientMsgId: string, status: OutgoingMessage['status'], error?: string): void {
    outboxStore.set(
      outboxStore.get().map((m) => (m.clientMsgId === clientMsgId ? { ...m, status, ...(error ? { error } : {}) } : m)),
    );
  },
  /** The server stored it: the real message takes its place. */
  settle(clientMsgId: string): void {
    if (outboxStore.get().some((m) => m.clientMsgId === clientMsgId)) {
      outboxStore.set(outboxStore.get().filter((m) => m.clientMsgId !== clientMsgId));
    }
  },
  find(clientMsgId: string): OutgoingMessage | undefined {
    return outboxStore.get().find((m) => m.clientMsgId === clientMsgId);
  },
  subscribe: outboxStore.subscribe,
};

export const useOutbox = (channelId: string | undefined): OutgoingMessage[] => {
  const all = useSyncExternalStore(outbox.subscribe, outbox.get);
  return channelId ? all.filter((m) => m.channelId === channelId) : [];
};

/** Pending messages render like stored ones until the server's copy arrives. */
export const asMessage = (m: OutgoingMessage): Message => ({
  id: `pending:${m.clientMsgId}`,
  channelId: m.channelId,
  userId: m.userId,
  username: m.username,
  content: m.content,
  imageUrl: m.imageUrl,
  createdAt: m.createdAt,
  clientMsgId: m.clientMsgId,
  ...(m.file ? { file: m.file } : {}),
});

/** For tests: forget everything. */
export const resetLiveState = (): void => {
  typingStore.set(new Map());
  resetPresence();
  resetPresenceWatch();
  outboxStore.set([]);
};
