// Start a direct message: search the workspace's users, pick one, Start DM.
import type { PublicUser } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateDm } from '../../api/channels.js';
import { usersQuery } from '../../api/users.js';
import { Avatar } from '../../components/Avatar.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import commandStyles from '../../components/ui/command.module.css';
import formStyles from '../../components/ui/form.module.css';
import dialogStyles from '../../components/ui/Dialog.module.css';

const displayName = (u: PublicUser) => [u.firstName, u.lastName].filter(Boolean).join(' ');

export const StartDmDialog = ({
  open,
  onOpenChange,
  currentUserId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentUserId: string;
}) => {
  const navigate = useNavigate();
  const users = useQuery({ ...usersQuery(), enabled: open });
  const createDm = useCreateDm();
  const [picked, setPicked] = useState<PublicUser | null>(null);

  // The roster is cached forever (spec query defaults); teammates who joined since must show up here.
  const { refetch } = users;
  useEffect(() => {
    if (open) void refetch();
    else setPicked(null);
  }, [open, refetch]);

  const others = (users.data ?? []).filter((u) => u.id !== currentUserId);

  const start = async () => {
    if (!picked) return;
    try {
      const channel = await createDm.mutateAsync(picked.id);
      notify.success('DM Created', `You can now message ${picked.username}.`);
      onOpenChange(false);
      void navigate(ROUTES.channel(channel.id));
    } catch {
      notify.error('Failed to create DM channel');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Start Direct Message"
      description="Pick a teammate to message privately."
    >
      <Command className={commandStyles.command} label="Users" loop>
        <Command.Input className={formStyles.input} placeholder="Search users..." autoFocus />
        <Command.List className={commandStyles.list}>
          {users.isPending ? (
            <Command.Loading>
              <div className={commandStyles.empty}>Loading users...</div>
            </Command.Loading>
          ) : (
            <Command.Empty className={commandStyles.empty}>No users found</Command.Empty>
          )}
          {others.map((u) => (
            <Command.Item
              key={u.id}
              value={`${u.username} ${displayName(u)} ${u.handle ?? ''} ${u.id}`}
              onSelect={() => setPicked(u)}
              className={[commandStyles.item, picked?.id === u.id ? commandStyles.isPicked : '']
                .filter(Boolean)
                .join(' ')}
            >
              <Avatar name={u.username} src={u.profileImageUrl} size={28} shape="round" />
              <span className={commandStyles.itemText}>
                <span className={commandStyles.itemTitle} data-testid="command-item-title">
                  {u.username}
                </span>
                {displayName(u) ? <span className={commandStyles.itemSub}>{displayName(u)}</span> : null}
              </span>
              {picked?.id === u.id ? <Check size={16} className={commandStyles.check} aria-label="Selected" /> : null}
            </Command.Item>
          ))}
        </Command.List>
      </Command>
      <div className={dialogStyles.actions}>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        {picked ? (
          <Button onClick={() => void start()} loading={createDm.isPending}>
            Start DM
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
};
