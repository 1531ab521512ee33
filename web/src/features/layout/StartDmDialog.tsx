// Start a direct message: search the workspace's users, pick one (a 1:1 DM) or several (a group DM), Start DM. The
// list is the members directory, searched on the server and paged in as it is scrolled (a workspace may be large).
import { GROUP_DM_MAX_OTHERS, type PublicUser } from '@teamchat/contracts';
import { Command } from 'cmdk';
import { Check, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateDm } from '../../api/channels.js';
import { useDirectory } from '../../api/directory.js';
import { Avatar } from '../../components/Avatar.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { displayName, secondaryName, useNamePrefs } from '../../lib/display-name.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import commandStyles from '../../components/ui/command.module.css';
import formStyles from '../../components/ui/form.module.css';
import dialogStyles from '../../components/ui/Dialog.module.css';
import styles from './StartDmDialog.module.css';

/** How close to the end of the list (px) scrolling asks for the next page. */
const LOAD_MORE_WITHIN = 120;

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
  const createDm = useCreateDm();
  const [picked, setPicked] = useState<PublicUser[]>([]);
  const [search, setSearch] = useState('');
  const users = useDirectory({ q: search }, { enabled: open });
  const prefs = useNamePrefs();

  // Pages are cached forever (spec query defaults); teammates who joined since must show up here.
  const { refetch } = users;
  useEffect(() => {
    if (open) void refetch();
    else {
      setPicked([]);
      setSearch('');
    }
  }, [open, refetch]);

  const others = users.users.filter((u) => u.id !== currentUserId);
  const isPicked = (u: PublicUser) => picked.some((p) => p.id === u.id);
  const full = picked.length >= GROUP_DM_MAX_OTHERS;
  // a pick toggles; the search starts over so the next name can be typed straight away
  const toggle = (u: PublicUser) => {
    if (isPicked(u)) setPicked(picked.filter((p) => p.id !== u.id));
    else if (!full) setPicked([...picked, u]);
    setSearch('');
  };

  const start = async () => {
    if (picked.length === 0) return;
    try {
      const channel = await createDm.mutateAsync(picked.map((u) => u.id));
      notify.success('DM Created', `You can now message ${picked.map((u) => displayName(u, prefs)).join(', ')}.`);
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
      description={`Pick a teammate to message privately, or up to ${GROUP_DM_MAX_OTHERS} for a group.`}
    >
      {picked.length > 0 ? (
        <ul className={styles.picked} aria-label="Picked people">
          {picked.map((u) => (
            <li key={u.id} className={styles.chip}>
              <Avatar name={u.username} src={u.profileImageUrl} size={18} shape="round" />
              {displayName(u, prefs)}
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove ${displayName(u, prefs)}`}
                onClick={() => setPicked(picked.filter((p) => p.id !== u.id))}
              >
                <X size={12} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Command className={commandStyles.command} label="Users" loop shouldFilter={false}>
        <Command.Input
          className={formStyles.input}
          placeholder="Search users..."
          value={search}
          onValueChange={setSearch}
          autoFocus
        />
        <Command.List
          className={commandStyles.list}
          onScroll={(e) => {
            const list = e.currentTarget;
            if (list.scrollHeight - list.scrollTop - list.clientHeight < LOAD_MORE_WITHIN) users.fetchMore();
          }}
        >
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
              value={`${u.username} ${u.firstName} ${u.lastName} ${u.handle ?? ''} ${u.id}`}
              onSelect={() => toggle(u)}
              disabled={full && !isPicked(u)}
              className={[commandStyles.item, isPicked(u) ? commandStyles.isPicked : ''].filter(Boolean).join(' ')}
            >
              <Avatar name={u.username} src={u.profileImageUrl} size={28} shape="round" />
              <span className={commandStyles.itemText}>
                <span className={commandStyles.itemTitle} data-testid="command-item-title">
                  {displayName(u, prefs)}
                </span>
                {secondaryName(u, prefs) ? (
                  <span className={commandStyles.itemSub}>{secondaryName(u, prefs)}</span>
                ) : null}
              </span>
              {isPicked(u) ? <Check size={16} className={commandStyles.check} aria-label="Selected" /> : null}
            </Command.Item>
          ))}
        </Command.List>
      </Command>
      {full ? (
        <p className={styles.limit} role="status">
          A group DM holds up to {GROUP_DM_MAX_OTHERS} other people.
        </p>
      ) : null}
      <div className={dialogStyles.actions}>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        {picked.length > 0 ? (
          <Button onClick={() => void start()} loading={createDm.isPending}>
            Start DM
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
};
