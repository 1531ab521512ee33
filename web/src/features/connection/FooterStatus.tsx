// The sidebar footer's status (spec 1 §3: STATUS ACTIVE): what the live connection says, so a tab cut off from the
// server does not claim to be active.
import { useConnectionView } from './connection-view.js';
import styles from './FooterStatus.module.css';

export const FooterStatus = () => {
  const view = useConnectionView();
  const text =
    view === 'reconnecting' ? 'STATUS RECONNECTING…' : view === 'offline' ? 'STATUS OFFLINE' : 'STATUS ACTIVE';
  const tone = view === 'reconnecting' ? styles.isReconnecting : view === 'offline' ? styles.isOffline : '';
  return (
    <span className={styles.status} data-connection={view}>
      <span className={`${styles.dot} ${tone}`} aria-hidden="true" />
      <span>{text}</span>
    </span>
  );
};
