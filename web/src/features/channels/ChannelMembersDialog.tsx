// The channel's members panel (from the header's member badge or menu): who is in it, add people, remove members
// (channel admins: its creator and workspace admins).
import type { Channel, CurrentUser, PublicUser } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Lock, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { usersQuery } from '../../api/users.js';
import { channelMembersQuery, useAddChannelMembers, useRemoveChannelMember } from '../../api/channels.js';
import { Avatar } from '../../components/Avatar.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { PeoplePicker } from './PeoplePicker.js';
import { isChannelAdmin } from './permissions.js';
import badgeStyles from '../../components/ui/badge.module.css';
import noteStyles from '../../components/ui/note.module.css';
import styles from './channels.module.css';

export const ChannelMembersDialog = ({
  open,
  onOpenChange,
  channel,
  user,
  users,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  channel: Channel;
  user: CurrentUser;
  users: readonly PublicUser[];
}) => {
  const members = useQuery({ ...channelMembersQuery(channel.id), enabled: open });
  // the people who may be added: the workspace's roster, loaded only while the dialog is open
  const roster = useQuery({ ...usersQuery(), enabled: open });
  const everyone = roster.data ?? users;
  const add = useAddChannelMembers();
  const remove = useRemoveChannelMember();
  const [picked, setPicked] = useState<string[]>([]);
  const usersById = new Map(everyone.map((u) => [u.id, u]));
  const memberIds = new Set((members.data ?? []).map((m) => m.userId));
  const addable = everyone.filter((u) => !memberIds.has(u.id));
  const admin = isChannelAdmin(channel, user);
  // posting and membership changes stop in an archived channel; a preview is read by someone not in it yet
  const canAdd = channel.joined && !channel.archived;

  const onAdd = () =>
    add.mutate(
      { channelId: channel.id, userIds: picked },
      {
        onSuccess: () => {
          notify.success('Members added', `${picked.length === 1 ? '1 person' : `${picked.length} people`} added.`);
          setPicked([]);
        },
        onError: (err) => notify.error(errorMessage(err, 'Could not add them. Please try again.')),
      },
    );
  const onRemove = (member: PublicUser | undefined, userId: string) =>
    remove.mutate(
      { channelId: channel.id, userId },
      {
        onSuccess: () =>
          notify.success('Member removed', `${member?.username ?? 'Unknown'} was removed from #${channel.name}.`),
        onError: (err) => notify.error(errorMessage(err, 'Could not remove them. Please try again.')),
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setPicked([]);
        onOpenChange(o);
      }}
      title={`Members of #${channel.name}`}
      description={
        channel.visibility === 'private' ? (
          <span className={styles.barText}>
            <Lock size={13} aria-hidden /> Private: only its members can find and read this channel.
          </span>
        ) : (
          'Public: anyone in the workspace can find, read and join this channel.'
        )
      }
    >
      <div className={styles.panelSection}>
        <h3 className={styles.panelHeading}>
          {channel.memberCount} {channel.memberCount === 1 ? 'member' : 'members'}
        </h3>
        {members.isPending ? <p className={noteStyles.note}>LOADING MEMBERS...</p> : null}
        {members.isError ? (
          <p className={`${noteStyles.note} ${noteStyles.error}`}>
            {errorMessage(members.error, 'Could not load members')}
          </p>
        ) : null}
        <ul className={styles.members} aria-label="Channel members">
          {(members.data ?? []).map((m) => {
            const member = usersById.get(m.userId);
            const name = member?.username ?? 'Unknown';
            return (
              <li key={m.userId} className={styles.member} data-testid="channel-member">
                <Avatar name={name} src={member?.profileImageUrl} size={28} shape="round" />
                <span className={styles.memberName}>
                  {name}
                  {m.userId === user.id ? <span className={styles.panelNote}>(you)</span> : null}
                  {m.role === 'admin' ? <span className={badgeStyles.label}>Channel admin</span> : null}
                </span>
                {admin && m.userId !== user.id && !channel.archived ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${name}`}
                    onClick={() => onRemove(member, m.userId)}
                    disabled={remove.isPending}
                  >
                    <UserMinus size={14} aria-hidden /> Remove
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      {canAdd ? (
        <div className={styles.panelSection}>
          <h3 className={styles.panelHeading}>Add people</h3>
          {addable.length === 0 && members.isSuccess ? (
            <p className={styles.panelNote}>Everyone in the workspace is in this channel.</p>
          ) : (
            <>
              <PeoplePicker users={addable} picked={picked} onChange={setPicked} label="People to add" />
              <div>
                <Button onClick={onAdd} disabled={picked.length === 0} loading={add.isPending}>
                  Add {picked.length > 0 ? picked.length : ''} to channel
                </Button>
              </div>
            </>
          )}
        </div>
      ) : null}
    </Dialog>
  );
};
