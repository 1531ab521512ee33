// The banner over the content while the live socket is down (issue 70): reconnecting…, or offline, with a Retry.
import { RefreshCw, WifiOff } from 'lucide-react';
import { retryConnection, useConnectionView } from './connection-view.js';
import styles from './ConnectionBanner.module.css';

export const ConnectionBanner = () => {
  const view = useConnectionView();
  if (view !== 'reconnecting' && view !== 'offline') return null;
  const offline = view === 'offline';
  return (
    <div className={styles.banner} role="status" data-connection={view}>
      {offline ? (
        <WifiOff size={16} aria-hidden="true" />
      ) : (
        <RefreshCw size={16} aria-hidden="true" className={styles.spinning} />
      )}
      <span className={styles.text}>
        <strong>{offline ? 'You are offline' : 'Reconnecting…'}</strong>{' '}
        <span className={styles.detail}>
          {offline
            ? 'New messages will appear when the network is back.'
            : 'The live connection dropped; new messages will appear once it is back.'}
        </span>
      </span>
      <button type="button" className={styles.retry} onClick={retryConnection}>
        Retry
      </button>
    </div>
  );
};
