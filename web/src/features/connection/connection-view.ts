// What the person sees of the live socket (issue 70): nothing while it is up, a banner and a footer that say so while
// it is down — reconnecting, or offline when the browser has no network.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { realtime, type ConnectionState } from '../chat/realtime.js';

/**
 * `starting`: the tab's first connection is being made (nothing to report yet); `connected`; `reconnecting`: it was
 * up and is being made again; `offline`: the browser says there is no network; `ended`: the session ended elsewhere
 * (the app shows the login page).
 */
export type ConnectionView = 'starting' | 'connected' | 'reconnecting' | 'offline' | 'ended';

/** How long the socket may be down before it is reported: a reconnect within it (a server restart) shows nothing. */
export const REPORT_AFTER_MS = 1500;

/** `tried`: a connection of this tab has opened or closed (a first one that fails is reported as well). */
export const connectionView = (state: ConnectionState, tried: boolean, browserOnline: boolean): ConnectionView => {
  if (state === 'open') return 'connected';
  if (state === 'ended') return 'ended';
  if (!browserOnline) return 'offline';
  return tried ? 'reconnecting' : 'starting';
};

let tried = realtime.state === 'open' || realtime.state === 'closed';
realtime.onStateChange((state) => {
  if (state === 'open' || state === 'closed') tried = true;
});

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** The drop has been down long enough to be reported, for every view of it in the tab. */
let reportedDown = false;

/** Whether the socket is down is said only once it has been down for {@link REPORT_AFTER_MS}; that it is up, at once. */
export const useConnectionView = (): ConnectionView => {
  const state = useSyncExternalStore(
    (cb) => realtime.onStateChange(cb),
    () => realtime.state,
  );
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const now = connectionView(state, tried, online);
  const down = now === 'reconnecting' || now === 'offline';
  // a view mounted while the drop is already reported (the shell switching between its phone and desk layouts)
  // says so at once
  const [reported, setReported] = useState(() => down && reportedDown);
  useEffect(() => {
    if (!down) {
      reportedDown = false;
      return setReported(false);
    }
    if (reportedDown) return setReported(true);
    const timer = setTimeout(() => {
      reportedDown = true;
      setReported(true);
    }, REPORT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [down]);
  if (!down) return now;
  return reported ? now : 'connected';
};

/** Skips the rest of the reconnect backoff (the banner's Retry). */
export const retryConnection = (): void => realtime.reconnectNow();
