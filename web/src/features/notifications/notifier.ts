// Browser notifications and their sound (issue 19). Permission is asked only from the settings control, never on load.
import type { Message } from '@teamchat/contracts';
import { ROUTES } from '../../routes.js';
import type { NotifyReason } from './decide.js';
import { badgedFavicon } from './favicon.js';

export type PermissionState = NotificationPermission | 'unsupported';

export const notificationPermission = (): PermissionState =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** Asks the browser once the user chose to turn notifications on (a click: browsers refuse it otherwise). */
export const requestNotificationPermission = async (): Promise<PermissionState> => {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
};

let open: (path: string) => void = (path) => window.location.assign(path);

/** The shell's router: clicking a notification opens the message without reloading the app. */
export const setNotificationOpener = (opener: (path: string) => void): void => {
  open = opener;
};

/** A short two-note chime made with Web Audio (no file to load); silent where audio is not allowed yet. */
export const playChime = (): void => {
  const Ctx = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
    [880, 1320].forEach((hz, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = hz;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.12);
      osc.stop(ctx.currentTime + 0.35);
    });
    setTimeout(() => void ctx.close(), 600);
  } catch {
    // no audio device or autoplay refused: the notification itself still shows
  }
};

const TITLES: Record<NotifyReason, (who: string, where: string) => string> = {
  dm: (who) => `${who} sent you a message`,
  mention: (who, where) => `${who} mentioned you in ${where}`,
  broadcast: (who, where) => `${who} notified ${where}`,
  keyword: (who, where) => `${who} in ${where}`,
  thread: (who, where) => `${who} replied to a thread in ${where}`,
  message: (who, where) => `${who} in ${where}`,
};

/** Shows one notification for a message; clicking it focuses the tab and opens the message. */
export const showMessageNotification = (
  message: Message,
  reason: NotifyReason,
  where: string,
  sound: boolean,
): Notification | null => {
  if (notificationPermission() !== 'granted') return null;
  const body = (message.content ?? (message.imageUrl ? 'Sent an image' : message.file ? 'Sent a file' : '')).slice(
    0,
    200,
  );
  const notification = new Notification(TITLES[reason](message.username, where), {
    body,
    tag: message.id,
    icon: badgedFavicon(null),
  });
  notification.onclick = () => {
    window.focus();
    open(ROUTES.channelAt(message.channelId, message.id));
    notification.close();
  };
  if (sound) playChime();
  return notification;
};
