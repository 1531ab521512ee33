// Admin → Whole-channel mentions (issue 19): keep @channel, @everyone and @here in large channels to admins.
import { LARGE_CHANNEL_MEMBERS, Routes } from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { callApi, type RouteResult } from '../../lib/api-client.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import adminStyles from '../settings/admin/admin.module.css';
import sectionStyles from '../settings/section.module.css';
import notificationSettingsStyles from './NotificationSettings.module.css';
import formStyles from '../../components/ui/form.module.css';
import buttonStyles from '../../components/ui/Button.module.css';

export const BROADCAST_POLICY_KEY = ['/api/broadcast-mentions'] as const;

export const BroadcastMentionsSection = () => {
  const qc = useQueryClient();
  const policy = useQuery<RouteResult<typeof Routes.getBroadcastMentionPolicy>>({ queryKey: BROADCAST_POLICY_KEY });
  const [adminsOnly, setAdminsOnly] = useState(false);
  const [size, setSize] = useState(String(LARGE_CHANNEL_MEMBERS));
  const ids = { check: useId(), size: useId() };
  useEffect(() => {
    if (!policy.data) return;
    setAdminsOnly(policy.data.adminsOnlyInLargeChannels);
    setSize(String(policy.data.largeChannelMembers));
  }, [policy.data]);
  const save = useMutation({
    mutationFn: () =>
      callApi(Routes.setBroadcastMentionPolicy, {
        body: { adminsOnlyInLargeChannels: adminsOnly, largeChannelMembers: Number(size) },
      }),
    onSuccess: (saved) => {
      qc.setQueryData(BROADCAST_POLICY_KEY, saved);
      notify.success('Whole-channel mentions updated');
    },
    onError: (err) => notify.error(errorMessage(err, 'Could not change who may notify a whole channel')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section className={adminStyles.section} aria-label="Whole-channel mentions">
      <h3 className={sectionStyles.title}>Whole-channel mentions</h3>
      <form className={notificationSettingsStyles.settings} onSubmit={submit} noValidate>
        <label className={notificationSettingsStyles.sound} htmlFor={ids.check}>
          <input
            id={ids.check}
            type="checkbox"
            checked={adminsOnly}
            onChange={(e) => setAdminsOnly(e.target.checked)}
          />
          Only admins may use @channel, @everyone and @here in large channels
        </label>
        <label className={notificationSettingsStyles.sound} htmlFor={ids.size}>
          Large means more than
          <input
            id={ids.size}
            className={`${formStyles.input} ${formStyles.narrow}`}
            type="number"
            min={2}
            step={1}
            value={size}
            onChange={(e) => setSize(e.target.value)}
          />
          members
        </label>
        <div className={formStyles.stackActions}>
          <button
            type="submit"
            className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}
            disabled={save.isPending}
          >
            Save Mentions Policy
          </button>
        </div>
      </form>
    </section>
  );
};
