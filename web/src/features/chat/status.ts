// Presence statuses (spec 2 §3): the picker's six values and the roster's four groups.
import { useEffect, useState } from 'react';
import { StorageKeys, readLocal, writeLocal } from '../widgets/storage-keys.js';
import type { Presence } from './presence-store.js';

export const PICKER_STATUSES = ['online', 'offline', 'coffee-break', 'deep-focus', 'dnd', 'in-meeting'] as const;
export type PickerStatus = (typeof PICKER_STATUSES)[number];

export const STATUS_LABELS: Record<PickerStatus, string> = {
  online: 'Online',
  offline: 'Offline',
  'coffee-break': 'Coffee Break',
  'deep-focus': 'Deep Focus',
  dnd: 'Do Not Disturb',
  'in-meeting': 'In Meeting',
};

export const ROSTER_STATUSES = ['online', 'away', 'busy', 'offline'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

export const isPickerStatus = (value: unknown): value is PickerStatus =>
  (PICKER_STATUSES as readonly unknown[]).includes(value);

/** Spec 2 §4: default online, persisted locally when changed. */
export const readUserStatus = (): PickerStatus => {
  const stored = readLocal(StorageKeys.userStatus);
  return isPickerStatus(stored) ? stored : 'online';
};

/** Whether this browser holds a status the user chose (rather than the default). */
export const hasChosenUserStatus = (): boolean => isPickerStatus(readLocal(StorageKeys.userStatus));

const USER_STATUS_EVENT = 'userStatusChange';

/** Saves the choice and tells every status control in the tab (the strip and the settings dialog). */
export const saveUserStatus = (status: PickerStatus): void => {
  writeLocal(StorageKeys.userStatus, status);
  window.dispatchEvent(new CustomEvent<PickerStatus>(USER_STATUS_EVENT, { detail: status }));
};

export const useUserStatus = (): PickerStatus => {
  const [status, setStatus] = useState<PickerStatus>(readUserStatus);
  useEffect(() => {
    const onChange = () => setStatus(readUserStatus());
    window.addEventListener(USER_STATUS_EVENT, onChange);
    return () => window.removeEventListener(USER_STATUS_EVENT, onChange);
  }, []);
  return status;
};

/**
 * Where a user sits in the roster. The live connection decides online or offline when it is known; the chosen status
 * then refines an online user (a break is away; focus, do-not-disturb and meetings are busy). Without connection
 * news the stored status decides, and a profile that never chose one (stored offline) stays offline.
 */
export const rosterStatus = (chosen: string | null | undefined, presence: Presence | undefined): RosterStatus => {
  if (presence === 'offline') return 'offline';
  switch (chosen ?? '') {
    case 'away':
    case 'coffee-break':
      return 'away';
    case 'busy':
    case 'deep-focus':
    case 'dnd':
    case 'in-meeting':
      return 'busy';
    case 'online':
      return 'online';
    default:
      return presence === 'online' ? 'online' : 'offline';
  }
};

const ROSTER_RANK: Record<RosterStatus, number> = { online: 0, away: 1, busy: 2, offline: 3 };

/** Spec 2 §2: sorted online, away, busy, offline (then by name). */
export const sortRoster = <T extends { status: RosterStatus; name: string }>(entries: readonly T[]): T[] =>
  [...entries].sort((a, b) => ROSTER_RANK[a.status] - ROSTER_RANK[b.status] || a.name.localeCompare(b.name));
