// The channel header's bell (issue 19): this channel's notification level, or mute it.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CHANNEL_NOTIFY_LEVELS, type ChannelNotifyLevel } from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, Check } from 'lucide-react';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { applyChannelPref, notificationPrefsQuery, updateChannelNotificationPref } from './api.js';
import './notifications.css';

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
          className={`btn btn--icon btn--sm${muted ? ' tc-notify--muted' : ''}`}
          aria-label={label}
          title={label}
        >
          {muted ? <BellOff size={18} aria-hidden="true" /> : <Bell size={18} aria-hidden="true" />}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu__label">Notify me about</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={level}
            onValueChange={(value) => change.mutate({ level: value as ChannelNotifyLevel })}
          >
            {CHANNEL_NOTIFY_LEVELS.map((l) => (
              <DropdownMenu.RadioItem key={l} value={l} className="menu__item">
                <span className="menu__check" aria-hidden="true">
                  <DropdownMenu.ItemIndicator>
                    <Check size={14} />
                  </DropdownMenu.ItemIndicator>
                </span>
                {CHANNEL_LEVEL_LABELS[l]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.CheckboxItem
            className="menu__item"
            checked={muted}
            onCheckedChange={(checked) => change.mutate({ muted: checked === true })}
          >
            <span className="menu__check" aria-hidden="true">
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
