// Sidebar: tasks entry, private messages, channel sections, create buttons and the status footer.
import * as Collapsible from '@radix-ui/react-collapsible';
import type { Channel, CurrentUser, PublicUser, Section } from '@teamchat/contracts';
import { ChevronRight, FolderPlus, ListTodo, LogOut, MessageCircle, Plus } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { logout } from '../../api/auth.js';
import { Avatar } from '../../components/Avatar.js';
import { ROUTES } from '../../routes.js';
import { ChannelSections } from './ChannelSections.js';
import { useShellDialogs } from './ShellDialogs.js';
import { MentionsLink } from '../notifications/MentionsLink.js';

interface SidebarProps {
  user: CurrentUser;
  workspaceName: string;
  sections: Section[];
  groups: Map<string | null, Channel[]>;
  channels: Channel[];
  dms: Channel[];
  users: PublicUser[];
  unread: ReadonlyMap<string, number>;
  onNavigate?: () => void;
}

/** The other participant's username, or Unknown when they are not (or no longer) in the user list. */
export const dmPartnerName = (
  dm: Channel,
  meId: string,
  users: readonly PublicUser[],
): { name: string; user?: PublicUser } => {
  const otherId = (dm.participantIds ?? []).find((id) => id !== meId) ?? meId;
  const other = users.find((u) => u.id === otherId);
  return other ? { name: other.username, user: other } : { name: 'Unknown' };
};

export const Sidebar = ({
  user,
  workspaceName,
  sections,
  groups,
  channels,
  dms,
  users,
  unread,
  onNavigate,
}: SidebarProps) => {
  const [dmOpen, setDmOpen] = useState(true);
  const dialogs = useShellDialogs();
  // From the mobile drawer, a dialog replaces the drawer rather than stacking over it.
  const openDialog = (show: () => void) => () => {
    onNavigate?.();
    show();
  };
  const regularCount = [...groups.values()].reduce((n, list) => n + list.length, 0);

  return (
    <aside className="sidebar" aria-label="Sidebar">
      <header className="sidebar__header">
        <div className="sidebar__identity">
          <span className="sidebar__workspace" title={workspaceName}>
            {workspaceName}
          </span>
          <span className="sidebar__user">@{user.username}</span>
        </div>
        <button type="button" className="btn btn--icon btn--sm" aria-label="Log out" title="Log out" onClick={logout}>
          <LogOut size={15} aria-hidden />
        </button>
      </header>

      <div className="sidebar__scroll">
        <NavLink
          to={ROUTES.tasks}
          className={({ isActive }) =>
            ['sidebar-link', 'sidebar-link--entry', isActive ? 'is-active' : ''].filter(Boolean).join(' ')
          }
          onClick={onNavigate}
        >
          <ListTodo size={16} className="sidebar-link__icon" aria-hidden />
          <span className="sidebar-link__label">Tasks</span>
        </NavLink>
        <MentionsLink onNavigate={onNavigate} />

        <Collapsible.Root open={dmOpen} onOpenChange={setDmOpen} className="sidebar-section">
          <div className="sidebar-section__row">
            <Collapsible.Trigger className="sidebar-section__trigger">
              <ChevronRight size={14} className="sidebar-section__chevron" aria-hidden />
              <span className="sidebar-section__title">Private Messages</span>
              <span className="sidebar-section__count">{dms.length}</span>
            </Collapsible.Trigger>
            <button
              type="button"
              className="btn btn--icon btn--xs"
              aria-label="Start direct message"
              onClick={openDialog(dialogs.startDm)}
            >
              <Plus size={14} aria-hidden />
            </button>
          </div>
          <Collapsible.Content className="sidebar-section__content">
            <ul className="sidebar-list" aria-label="Private messages">
              {dms.map((dm) => {
                const partner = dmPartnerName(dm, user.id, users);
                const count = unread.get(dm.id) ?? 0;
                return (
                  <li key={dm.id} className="sidebar-item">
                    <NavLink
                      to={ROUTES.channel(dm.id)}
                      className={({ isActive }) =>
                        ['sidebar-link', isActive ? 'is-active' : '', count > 0 ? 'has-unread' : '']
                          .filter(Boolean)
                          .join(' ')
                      }
                      onClick={onNavigate}
                    >
                      <Avatar
                        name={partner.name}
                        src={partner.user?.profileImageUrl}
                        size={18}
                        shape="round"
                        className="sidebar-link__avatar"
                      />
                      <span className="sidebar-link__label">{partner.name}</span>
                      {count > 0 ? (
                        <span className="badge" aria-label={`${count} unread`}>
                          {count > 99 ? '99+' : count}
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                );
              })}
              {dms.length === 0 ? (
                <li className="sidebar-list__empty">
                  <MessageCircle size={13} aria-hidden /> No conversations yet
                </li>
              ) : null}
            </ul>
          </Collapsible.Content>
        </Collapsible.Root>

        <ChannelSections
          sections={sections}
          groups={groups}
          allChannels={channels}
          unread={unread}
          onNavigate={onNavigate}
        />
      </div>

      <div className="sidebar__actions">
        <button type="button" className="btn btn--outline btn--sm" onClick={openDialog(dialogs.createChannel)}>
          <Plus size={14} aria-hidden /> Channel
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={openDialog(dialogs.createSection)}>
          <FolderPlus size={14} aria-hidden /> Section
        </button>
      </div>

      <footer className="sidebar__footer" aria-label="Status">
        <span className="status-dot" aria-hidden />
        <span>STATUS ACTIVE</span>
        <span className="sidebar__footer-counts">
          {regularCount} {regularCount === 1 ? 'CHANNEL' : 'CHANNELS'} · {dms.length} {dms.length === 1 ? 'DM' : 'DMS'}
        </span>
      </footer>
    </aside>
  );
};
