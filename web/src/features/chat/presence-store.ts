// Who is connected, as the live socket said, kept per user: a component showing one user's presence re-renders when
// that user changes, not when anyone does. What the tab shows is what it watches (see presence-watch.ts).
import { useRef, useSyncExternalStore } from 'react';

export type Presence = 'online' | 'offline';

/** Who is connected, as the live socket has told it so far. */
export interface PresenceView {
  /** What the socket last said about the user; undefined while it has said nothing. */
  get(userId: string): Presence | undefined;
}

type Listener = () => void;

let known = new Map<string, Presence>();
/** Status of users not in `known`: offline once an older server's snapshot listed everyone connected. */
let others: Presence | undefined;
/** A fresh view object on every change, so hooks over the whole map see that something changed. */
let view: PresenceView = { get: (userId) => known.get(userId) ?? others };
let onlineCount: number | undefined;

const userListeners = new Map<string, Set<Listener>>();
const allListeners = new Set<Listener>();
const countListeners = new Set<Listener>();

const notify = (userIds: Iterable<string> | 'everyone'): void => {
  const current = known;
  view = { get: (userId) => current.get(userId) ?? others };
  if (userIds === 'everyone') for (const set of userListeners.values()) for (const l of [...set]) l();
  else for (const userId of userIds) for (const l of [...(userListeners.get(userId) ?? [])]) l();
  for (const l of [...allListeners]) l();
};

/** What the socket says about some users; only their own subscribers hear of it. */
export const setPresences = (changes: Iterable<readonly [string, Presence]>): void => {
  const changed: string[] = [];
  let next: Map<string, Presence> | null = null;
  for (const [userId, status] of changes) {
    if ((next ?? known).get(userId) === status) continue;
    next ??= new Map(known);
    next.set(userId, status);
    changed.push(userId);
  }
  if (!next) return;
  known = next;
  notify(changed);
};

export const setPresence = (userId: string, status: Presence): void => setPresences([[userId, status]]);

/** An older server's `joined` list of everyone connected in the workspace: they are online, everyone else offline. */
export const applyPresenceSnapshot = (online: readonly string[]): void => {
  known = new Map(online.map((userId) => [userId, 'online' as const]));
  others = 'offline';
  notify('everyone');
};

/** A socket for another workspace (or none): what was known is about other people. */
export const forgetPresence = (): void => {
  known = new Map();
  others = undefined;
  onlineCount = undefined;
  notify('everyone');
  for (const l of [...countListeners]) l();
};

export const setOnlineCount = (count: number): void => {
  if (count === onlineCount) return;
  onlineCount = count;
  for (const l of [...countListeners]) l();
};

const subscribeUser = (userId: string, listener: Listener) => {
  const set = userListeners.get(userId) ?? new Set<Listener>();
  userListeners.set(userId, set);
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) userListeners.delete(userId);
  };
};

/** One user's presence; re-renders only when theirs changes. Pair with useWatchPresence to have the server send it. */
export const usePresenceOf = (userId: string | undefined): Presence | undefined =>
  useSyncExternalStore(
    (listener) => (userId ? subscribeUser(userId, listener) : () => undefined),
    () => (userId ? (known.get(userId) ?? others) : undefined),
  );

const subscribeAll = (listener: Listener) => {
  allListeners.add(listener);
  return () => {
    allListeners.delete(listener);
  };
};

/**
 * Something derived from everyone's presence (an order, a tally), worked out once per change but re-rendering only
 * when the derived value changes: `select` must return a value comparable with `===` (a string, a number).
 */
export const usePresenceSelector = <T extends string | number | boolean | undefined>(
  select: (presence: PresenceView) => T,
): T => {
  const last = useRef<{ view: PresenceView; select: (presence: PresenceView) => T; value: T } | null>(null);
  return useSyncExternalStore(subscribeAll, () => {
    const memo = last.current;
    if (memo && memo.view === view && memo.select === select) return memo.value;
    const value = select(view);
    last.current = { view, select, value };
    return value;
  });
};

/** The whole view: re-renders on any change (for a screen that shows a handful of users). */
export const usePresence = (): PresenceView => useSyncExternalStore(subscribeAll, () => view);

/** How many users of the workspace are online, as the server counts them; undefined until it said. */
export const useOnlineCount = (): number | undefined =>
  useSyncExternalStore(
    (listener) => {
      countListeners.add(listener);
      return () => countListeners.delete(listener);
    },
    () => onlineCount,
  );

/** For tests: forget everything. */
export const resetPresence = (): void => {
  known = new Map();
  others = undefined;
  onlineCount = undefined;
  view = { get: (userId) => known.get(userId) ?? others };
};
