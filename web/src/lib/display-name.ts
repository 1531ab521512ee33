// What a person is called on every screen: their handle if they set one, else their first and last name, else their
// username, with the username as the secondary line. "Display full names" off shows usernames only, as the spec's
// screens did. The setting is stored in local storage beside the theme and panel size, and followed live.
import type { PublicUser } from '@teamchat/contracts';
import { useCallback, useSyncExternalStore } from 'react';

export type NamedUser = Pick<PublicUser, 'username' | 'firstName' | 'lastName' | 'handle'>;

export interface NamePrefs {
  /** Show handles and real names instead of usernames (default on). */
  fullNames: boolean;
}

export const DISPLAY_FULL_NAMES_KEY = 'display_full_names';
const CHANGE_EVENT = 'displayFullNamesChange';
export const DEFAULT_NAME_PREFS: NamePrefs = { fullNames: true };

/** The one rule for a person's name. Without a user (not, or no longer, in the list) the fallback is shown as is. */
export const displayName = (user: NamedUser | null | undefined, prefs: NamePrefs, fallback = 'Unknown'): string => {
  if (!user) return fallback;
  if (!prefs.fullNames) return user.username;
  const handle = user.handle?.trim();
  if (handle) return handle;
  const full = [user.firstName, user.lastName]
    .map((n) => n?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username;
};

/** The username beside a display name, when it says something the name does not. */
export const secondaryName = (user: NamedUser | null | undefined, prefs: NamePrefs): string | null =>
  user && displayName(user, prefs) !== user.username ? `@${user.username}` : null;

const readFullNames = (): boolean => {
  try {
    return window.localStorage.getItem(DISPLAY_FULL_NAMES_KEY) !== 'false';
  } catch {
    return true;
  }
};

export const setDisplayFullNames = (on: boolean): void => {
  try {
    window.localStorage.setItem(DISPLAY_FULL_NAMES_KEY, String(on));
  } catch {
    // storage refused (private mode): the choice still holds for this tab
  }
  memo = on;
  window.dispatchEvent(new Event(CHANGE_EVENT));
};

const FULL: NamePrefs = { fullNames: true };
const USERNAMES: NamePrefs = { fullNames: false };
let memo: boolean | null = null;
const subscribe = (onChange: () => void) => {
  const refresh = () => {
    memo = readFullNames();
    onChange();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === DISPLAY_FULL_NAMES_KEY || event.key === null) refresh();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
};
const snapshot = (): boolean => (memo ??= readFullNames());

/** The name preferences now, for code outside React (notifications). */
export const readNamePrefs = (): NamePrefs => (snapshot() ? FULL : USERNAMES);

/** The name preferences, following changes in this tab and others. */
export const useNamePrefs = (): NamePrefs => {
  const fullNames = useSyncExternalStore(subscribe, snapshot, () => true);
  return fullNames ? FULL : USERNAMES;
};

/** `nameOf(user, fallback)` with the current preferences. */
export const useDisplayName = () => {
  const prefs = useNamePrefs();
  return useCallback(
    (user: NamedUser | null | undefined, fallback?: string) => displayName(user, prefs, fallback),
    [prefs],
  );
};
