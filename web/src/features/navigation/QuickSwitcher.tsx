// Ctrl/Cmd-K: jump to a channel, a direct message or a person by typing part of the name (cmdk's fuzzy ranking).
// Unread conversations come first; choosing a person without a DM yet starts one.
import type { PublicUser } from '@teamchat/contracts';
import { Command } from 'cmdk';
import { Hash, MessageCircle, User } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useCreateDm } from '../../api/channels.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { ChannelGlyph } from '../../components/ChannelIcon.js';
import { useDisplayName } from '../../lib/display-name.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import type { NavEntry } from './navigation.js';
import commandStyles from '../../components/ui/command.module.css';
import badgeStyles from '../../components/ui/badge.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './QuickSwitcher.module.css';
import { unreadBadge } from '../chat/format.js';

export const QuickSwitcher = ({
  open,
  onOpenChange,
  entries,
  people,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: readonly NavEntry[];
  /** Teammates without a direct message yet (the current user left out). */
  people: readonly PublicUser[];
}) => {
  const navigate = useNavigate();
  const nameOf = useDisplayName();
  const createDm = useCreateDm();
  const go = (channelId: string) => {
    onOpenChange(false);
    void navigate(ROUTES.channel(channelId));
  };
  const startDm = async (person: PublicUser) => {
    try {
      go((await createDm.mutateAsync([person.id])).id);
    } catch {
      notify.error('Failed to create DM channel');
    }
  };
  const unread = entries.filter((e) => e.unread > 0);
  const read = entries.filter((e) => e.unread === 0);
  const item = (e: NavEntry) => (
    <Command.Item
      key={e.id}
      value={`${e.kind === 'channel' ? '#' : '@'}${e.label} ${e.id}`}
      keywords={[e.label]}
      onSelect={() => go(e.id)}
      className={commandStyles.item}
    >
      {e.kind === 'dm' ? (
        <MessageCircle size={16} aria-hidden />
      ) : e.private ? (
        <ChannelGlyph channel={{ icon: 'Lock', visibility: 'private' }} size={16} />
      ) : (
        <Hash size={16} aria-hidden />
      )}
      <span className={commandStyles.itemText}>
        <span className={commandStyles.itemTitle} data-testid="command-item-title">
          {e.label}
        </span>
      </span>
      {e.unread > 0 ? (
        <span className={badgeStyles.label} aria-label={`${unreadBadge(e.unread)} unread`}>
          {unreadBadge(e.unread)}
        </span>
      ) : null}
    </Command.Item>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Jump to" className={styles.switcher}>
      <Command className={commandStyles.command} label="Channels, direct messages and people" loop>
        <Command.Input className={formStyles.input} placeholder="Channel, conversation or person…" autoFocus />
        <Command.List className={`${commandStyles.list} ${styles.list}`}>
          <Command.Empty className={commandStyles.empty}>Nothing matches</Command.Empty>
          {unread.length > 0 ? <Command.Group heading="Unread">{unread.map(item)}</Command.Group> : null}
          {read.some((e) => e.kind === 'channel') ? (
            <Command.Group heading="Channels">{read.filter((e) => e.kind === 'channel').map(item)}</Command.Group>
          ) : null}
          {read.some((e) => e.kind === 'dm') ? (
            <Command.Group heading="Direct messages">{read.filter((e) => e.kind === 'dm').map(item)}</Command.Group>
          ) : null}
          {people.length > 0 ? (
            <Command.Group heading="People">
              {people.map((p) => (
                <Command.Item
                  key={p.id}
                  value={`@${p.username} ${p.firstName ?? ''} ${p.lastName ?? ''} ${p.id}`}
                  keywords={[p.username, p.handle ?? '', nameOf(p)]}
                  onSelect={() => void startDm(p)}
                  className={commandStyles.item}
                >
                  <User size={16} aria-hidden />
                  <span className={commandStyles.itemText}>
                    <span className={commandStyles.itemTitle} data-testid="command-item-title">
                      {nameOf(p)}
                    </span>
                    <span className={commandStyles.itemSub}>Start a direct message</span>
                  </span>
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
        </Command.List>
      </Command>
    </Dialog>
  );
};
