// The sidebar footer's status (spec 1 §3: STATUS ACTIVE): what the live connection says, so a tab cut off from the
// server does not claim to be active, and then the status the person chose (Do Not Disturb is not ACTIVE).
import { STATUS_LABELS, useUserStatus, type PickerStatus } from '../chat/status.js';
import { useConnectionView, type ConnectionView } from './connection-view.js';
import styles from './FooterStatus.module.css';

type Tone = 'active' | 'away' | 'busy' | 'offline' | 'reconnecting';

const TONE: Record<PickerStatus, Tone> = {
  online: 'active',
  offline: 'offline',
  'coffee-break': 'away',
  'deep-focus': 'busy',
  dnd: 'busy',
  'in-meeting': 'busy',
};

/** The footer's words and dot for a connection and a chosen status. */
export const footerStatus = (view: ConnectionView, chosen: PickerStatus): { text: string; tone: Tone } => {
  if (view === 'reconnecting') return { text: 'STATUS RECONNECTING…', tone: 'reconnecting' };
  if (view === 'offline') return { text: 'STATUS OFFLINE', tone: 'offline' };
  if (chosen === 'online') return { text: 'STATUS ACTIVE', tone: 'active' };
  return { text: `STATUS ${STATUS_LABELS[chosen].toUpperCase()}`, tone: TONE[chosen] };
};

const TONE_CLASS: Record<Tone, string | undefined> = {
  active: undefined,
  away: styles.isAway,
  busy: styles.isBusy,
  offline: styles.isOffline,
  reconnecting: styles.isReconnecting,
};

export const FooterStatus = () => {
  const view = useConnectionView();
  const chosen = useUserStatus();
  const { text, tone } = footerStatus(view, chosen);
  return (
    <span className={styles.status} data-connection={view} data-tone={tone}>
      <span className={[styles.dot, TONE_CLASS[tone]].filter(Boolean).join(' ')} aria-hidden="true" />
      <span>{text}</span>
    </span>
  );
};
