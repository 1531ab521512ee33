// The channel header's menu: members, topic and purpose, leave, archive or unarchive (channel admins) and make
// private (workspace admins; there is no way back, as in Slack).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Channel, CurrentUser, PublicUser } from '@teamchat/contracts';
import { Archive, ArchiveRestore, Check, ChevronDown, Lock, LogOut, PencilLine, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useArchiveChannel, useConvertChannel, useLeaveChannel, useUpdateChannel } from '../../api/channels.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import { ChannelMembersDialog } from './ChannelMembersDialog.js';
import { EditChannelDialog } from './EditChannelDialog.js';
import { canConvert, isChannelAdmin } from './permissions.js';
import menuStyles from '../../components/ui/menu.module.css';
import buttonStyles from '../../components/ui/Button.module.css';

type Open = 'members' | 'edit' | 'leave' | 'archive' | 'convert' | null;

export const CHANNEL_MENU_LABEL = 'Channel actions';

export const ChannelMenu = ({
  channel,
  user,
  users,
  membersOpen,
  onMembersOpenChange,
}: {
  channel: Channel;
  user: CurrentUser;
  users: readonly PublicUser[];
  /** The members panel also opens from the header's member badge. */
  membersOpen: boolean;
  onMembersOpenChange: (open: boolean) => void;
}) => {
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const leave = useLeaveChannel();
  const archive = useArchiveChannel();
  const convert = useConvertChannel();
  const update = useUpdateChannel();
  const close = () => setOpen(null);
  const admin = isChannelAdmin(channel, user);
  const isPrivate = channel.visibility === 'private';

  const onLeave = () =>
    leave.mutate(channel.id, {
      onSuccess: () => {
        notify.success('Left channel', `You left #${channel.name}.`);
        close();
        void navigate(ROUTES.home, { replace: true });
      },
      onError: (err) => {
        notify.error(errorMessage(err, 'Could not leave the channel. Please try again.'));
        close();
      },
    });
  const onArchive = () =>
    archive.mutate(
      { channelId: channel.id, archive: true },
      {
        onSuccess: () => notify.success('Channel archived', `#${channel.name} is read-only now.`),
        onError: (err) => notify.error(errorMessage(err, 'Could not archive the channel. Please try again.')),
        onSettled: close,
      },
    );
  const onUnarchive = () =>
    archive.mutate(
      { channelId: channel.id, archive: false },
      {
        onSuccess: () => notify.success('Channel unarchived', `#${channel.name} is open for posting again.`),
        onError: (err) => notify.error(errorMessage(err, 'Could not unarchive the channel. Please try again.')),
      },
    );
  const onDefault = (isDefault: boolean) =>
    update.mutate(
      { channelId: channel.id, isDefault },
      {
        onSuccess: () =>
          notify.success(
            isDefault ? 'Default channel' : 'No longer a default channel',
            isDefault ? `New members will join #${channel.name}.` : `New members will not join #${channel.name}.`,
          ),
        onError: (err) => notify.error(errorMessage(err, 'Could not change the channel. Please try again.')),
      },
    );
  const onConvert = () =>
    convert.mutate(channel.id, {
      onSuccess: () => notify.success('Channel made private', `Only members of #${channel.name} can see it now.`),
      onError: (err) => notify.error(errorMessage(err, 'Could not make the channel private. Please try again.')),
      onSettled: close,
    });

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.sm}`}
            aria-label={CHANNEL_MENU_LABEL}
            title={CHANNEL_MENU_LABEL}
          >
            <ChevronDown size={18} aria-hidden />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={menuStyles.menu} align="start" sideOffset={6}>
            <DropdownMenu.Item className={menuStyles.item} onSelect={() => onMembersOpenChange(true)}>
              <Users size={14} aria-hidden /> Members
            </DropdownMenu.Item>
            {channel.joined && !channel.archived ? (
              <DropdownMenu.Item className={menuStyles.item} onSelect={() => setOpen('edit')}>
                <PencilLine size={14} aria-hidden /> Edit topic and purpose
              </DropdownMenu.Item>
            ) : null}
            {canConvert(channel, user) ? (
              <DropdownMenu.Item className={menuStyles.item} onSelect={() => setOpen('convert')}>
                <Lock size={14} aria-hidden /> Make private
              </DropdownMenu.Item>
            ) : null}
            {user.isAdmin && !channel.archived ? (
              <DropdownMenu.CheckboxItem
                className={menuStyles.item}
                checked={channel.isDefault}
                onCheckedChange={(checked) => onDefault(checked === true)}
              >
                <span className={menuStyles.check} aria-hidden="true">
                  <DropdownMenu.ItemIndicator>
                    <Check size={14} />
                  </DropdownMenu.ItemIndicator>
                </span>
                Default for new members
              </DropdownMenu.CheckboxItem>
            ) : null}
            {admin && channel.archived ? (
              <DropdownMenu.Item className={menuStyles.item} onSelect={onUnarchive}>
                <ArchiveRestore size={14} aria-hidden /> Unarchive channel
              </DropdownMenu.Item>
            ) : null}
            {admin && !channel.archived ? (
              <DropdownMenu.Item className={menuStyles.item} onSelect={() => setOpen('archive')}>
                <Archive size={14} aria-hidden /> Archive channel
              </DropdownMenu.Item>
            ) : null}
            {channel.joined ? (
              <>
                <DropdownMenu.Separator className={menuStyles.separator} />
                <DropdownMenu.Item
                  className={`${menuStyles.item} ${menuStyles.itemDanger}`}
                  onSelect={() => setOpen('leave')}
                >
                  <LogOut size={14} aria-hidden /> Leave channel
                </DropdownMenu.Item>
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <ChannelMembersDialog
        open={membersOpen}
        onOpenChange={onMembersOpenChange}
        channel={channel}
        user={user}
        users={users}
      />
      <EditChannelDialog open={open === 'edit'} onOpenChange={(o) => !o && close()} channel={channel} />
      <ConfirmDialog
        open={open === 'leave'}
        onOpenChange={(o) => !o && close()}
        title={`Leave #${channel.name}?`}
        description={
          isPrivate
            ? 'This channel is private: you will need to be added again by one of its members to come back.'
            : 'You can join it again at any time from the channel browser.'
        }
        confirmLabel="Leave Channel"
        onConfirm={onLeave}
        pending={leave.isPending}
      />
      <ConfirmDialog
        open={open === 'archive'}
        onOpenChange={(o) => !o && close()}
        title={`Archive #${channel.name}?`}
        description="Nobody will be able to post in it, and it leaves everyone's sidebar. It stays searchable and its links keep working; a channel admin can unarchive it."
        confirmLabel="Archive Channel"
        onConfirm={onArchive}
        pending={archive.isPending}
      />
      <ConfirmDialog
        open={open === 'convert'}
        onOpenChange={(o) => !o && close()}
        title={`Make #${channel.name} private?`}
        description="Its history and members stay, but only members will be able to find and read it. This cannot be undone."
        confirmLabel="Make Private"
        onConfirm={onConvert}
        pending={convert.isPending}
      />
    </>
  );
};
