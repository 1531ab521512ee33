// Profile → Notifications (issue 19): desktop notifications (asked for here, never on load), the default level,
// keywords and sound. Kept on the server, so every device of the user follows them.
import { NOTIFY_LEVELS, type NotifyLevel } from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/Button.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { NOTIFICATION_PREFS_KEY, notificationPrefsQuery, updateNotificationPrefs } from './api.js';
import { notificationPermission, playChime, requestNotificationPermission, type PermissionState } from './notifier.js';
import sectionStyles from '../settings/section.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './NotificationSettings.module.css';

export const LEVEL_LABELS: Record<NotifyLevel, string> = {
  all: 'All new messages',
  mentions: 'Direct messages, mentions, followed threads and keywords',
  nothing: 'Nothing',
};

const PERMISSION_TEXT: Record<PermissionState, string> = {
  granted: 'Desktop notifications are on for this browser.',
  denied: 'This browser blocks notifications from this site: allow them in the browser’s site settings.',
  default: 'Desktop notifications are off for this browser.',
  unsupported: 'This browser cannot show desktop notifications.',
};

/** "deploy, outage" → ["deploy", "outage"] */
export const parseKeywords = (text: string): string[] =>
  text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

export const NotificationSettings = () => {
  const qc = useQueryClient();
  const prefs = useQuery(notificationPrefsQuery());
  const [permission, setPermission] = useState<PermissionState>(notificationPermission);
  const [level, setLevel] = useState<NotifyLevel>('mentions');
  const [keywords, setKeywords] = useState('');
  const [sound, setSound] = useState(false);
  const ids = { heading: useId(), keywords: useId(), sound: useId(), level: useId() };

  useEffect(() => {
    if (!prefs.data) return;
    setLevel(prefs.data.level);
    setKeywords(prefs.data.keywords.join(', '));
    setSound(prefs.data.sound);
  }, [prefs.data]);

  const save = useMutation({
    mutationFn: () => updateNotificationPrefs({ level, keywords: parseKeywords(keywords), sound }),
    onSuccess: (saved) => {
      qc.setQueryData(NOTIFICATION_PREFS_KEY, saved);
      notify.success('Notification preferences saved');
    },
    onError: (err) => notify.error(errorMessage(err, 'Could not save notification preferences')),
  });

  const enable = async () => setPermission(await requestNotificationPermission());

  return (
    <form
      className={`${sectionStyles.section} ${styles.settings}`}
      aria-labelledby={ids.heading}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h3 id={ids.heading} className={sectionStyles.title}>
        Notifications
      </h3>
      <p className={styles.permission} data-testid="notification-permission">
        {PERMISSION_TEXT[permission]}
      </p>
      {permission === 'default' ? (
        <Button type="button" variant="outline" onClick={() => void enable()}>
          Enable desktop notifications
        </Button>
      ) : null}
      <fieldset className={styles.levels}>
        <legend id={ids.level}>Notify me about</legend>
        {NOTIFY_LEVELS.map((l) => (
          <label key={l} className={styles.level}>
            <input type="radio" name="notify-level" value={l} checked={level === l} onChange={() => setLevel(l)} />
            {LEVEL_LABELS[l]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={ids.keywords} className={formStyles.label}>
        Keywords that notify me (comma-separated)
      </label>
      <input
        id={ids.keywords}
        className={formStyles.input}
        value={keywords}
        placeholder="deploy, outage"
        onChange={(e) => setKeywords(e.target.value)}
      />
      <label className={styles.sound} htmlFor={ids.sound}>
        <input id={ids.sound} type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} />
        Play a sound
      </label>
      <p className={styles.hint}>
        Nothing notifies you while your status is Do Not Disturb, or for a channel you are looking at.
      </p>
      <div className={formStyles.stackActions}>
        <Button type="button" variant="ghost" onClick={playChime}>
          Test sound
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save Notifications
        </Button>
      </div>
    </form>
  );
};
