// The channel header's bell (issue 19): this channel's notification level, or mute it.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CHANNEL_NOTIFY_LEVELS, type ChannelNotifyLevel } from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, Check } from 'lucide-react';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { applyChannelPref, notificationPrefsQuery, updateChannelNotificationPref } from './api.js';
import menuStyles from '../../components/ui/menu.module.css';
import buttonStyles from '../../components/ui/Button.module.css';
import styles from './ChannelNotifyMenu.module.css';

export const CHANNEL_LEVEL_LABELS: Record<ChannelNotifyLevel, string> = {
  default: 'Use my default',
  all: 'All messages',
  mentions: 'Mentions, DMs and keywords',
  nothing: 'Nothing',
};

export const ChannelNotifyMenu = ({ channelId }: { channelId: string }) => {
  const qc = useQueryClient();
  const prefs = useQuery(notificationPrefsQuery());
  const current = prefs.data?.channels.find((c) => c.channelId === channelId);
  const level = current?.level ?? 'default';
  const muted = current?.muted ?? false;
  const change = useMutation({
    mutationFn: (pref: { level?: ChannelNotifyLevel; muted?: boolean }) =>
      updateChannelNotificationPref(channelId, pref),
    onSuccess: (pref) => applyChannelPref(qc, pref),
    onError: (err) => notify.error(errorMessage(err, 'Could not change the notifications of this channel')),
  });
  const label = muted ? 'Channel notifications (muted)' : 'Channel notifications';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className={[buttonStyles.button, buttonStyles.icon, buttonStyles.sm, muted ? styles.muted : '']
            .filter(Boolean)
            .join(' ')}
          aria-label={label}
          title={label}
        >
          {muted ? <BellOff size={18} aria-hidden="true" /> : <Bell size={18} aria-hidden="true" />}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menuStyles.menu} align="end" sideOffset={6}>
          <DropdownMenu.Label className={menuStyles.label}>Notify me about</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={level}
            onValueChange={(value) => change.mutate({ level: value as ChannelNotifyLevel })}
          >
            {CHANNEL_NOTIFY_LEVELS.map((l) => (
              <DropdownMenu.RadioItem key={l} value={l} className={menuStyles.item}>
                <span className={menuStyles.check} aria-hidden="true">
                  <DropdownMenu.ItemIndicator>
                    <Check size={14} />
                  </DropdownMenu.ItemIndicator>
                </span>
                {CHANNEL_LEVEL_LABELS[l]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={menuStyles.separator} />
          <DropdownMenu.CheckboxItem
            className={menuStyles.item}
            checked={muted}
            onCheckedChange={(checked) => change.mutate({ muted: checked === true })}
          >
            <span className={menuStyles.check} aria-hidden="true">
              <DropdownMenu.ItemIndicator>
                <Check size={14} />
              </DropdownMenu.ItemIndicator>
            </span>
            Mute channel
          </DropdownMenu.CheckboxItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};
