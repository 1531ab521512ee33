// Spec 2 §2 status strip: online, offline, coffee-break, deep-focus, dnd, in-meeting; saved locally and on the profile.
import type { CurrentUser } from '@teamchat/contracts';
import { Circle, Coffee, Focus, MinusCircle, Users, WifiOff } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useUpdateUser } from '../../api/users.js';
import {
  PICKER_STATUSES,
  STATUS_LABELS,
  hasChosenUserStatus,
  saveUserStatus,
  useUserStatus,
  type PickerStatus,
} from './status.js';
import styles from './StatusSelector.module.css';

const ICONS: Record<PickerStatus, ReactNode> = {
  online: <Circle size={12} aria-hidden="true" />,
  offline: <WifiOff size={12} aria-hidden="true" />,
  'coffee-break': <Coffee size={12} aria-hidden="true" />,
  'deep-focus': <Focus size={12} aria-hidden="true" />,
  dnd: <MinusCircle size={12} aria-hidden="true" />,
  'in-meeting': <Users size={12} aria-hidden="true" />,
};

export const StatusSelector = ({ user, compact }: { user: CurrentUser; compact?: boolean }) => {
  const status = useUserStatus();
  const update = useUpdateUser();
  const synced = useRef(false);

  // Bring the profile in line with what this browser last chose — only a choice: a browser that never chose shows the
  // default and writes nothing (a write reaches every open screen of the workspace, and on a first load it would
  // change nothing anyone sees, as a connected user's roster status is online either way).
  useEffect(() => {
    if (synced.current || user.status === status || !hasChosenUserStatus()) return;
    synced.current = true;
    update.mutate({ id: user.id, patch: { status } });
  }, [status, update, user.id, user.status]);

  const choose = (next: PickerStatus) => {
    saveUserStatus(next);
    synced.current = true;
    update.mutate({ id: user.id, patch: { status: next } });
  };

  return (
    <div
      className={[styles.strip, compact ? styles.isCompact : ''].filter(Boolean).join(' ')}
      role="radiogroup"
      aria-label="Status"
    >
      {PICKER_STATUSES.map((s) => (
        <button
          key={s}
          type="button"
          role="radio"
          aria-checked={s === status}
          className={[styles.chip, s === status ? styles.isActive : ''].filter(Boolean).join(' ')}
          onClick={() => choose(s)}
          title={STATUS_LABELS[s]}
        >
          {ICONS[s]}
          <span>{STATUS_LABELS[s]}</span>
        </button>
      ))}
    </div>
  );
};
