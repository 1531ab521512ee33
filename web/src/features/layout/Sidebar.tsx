// Sidebar: the workspace menu, tasks entry, private messages, channel sections, create buttons and the status footer.
import * as Collapsible from '@radix-ui/react-collapsible';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Channel, CurrentUser, PublicUser, Section, WorkspaceListItem } from '@teamchat/contracts';
import {
  ChevronDown,
  ChevronRight,
  Compass,
  FolderPlus,
  Keyboard,
  ListTodo,
  MessageCircle,
  Plus,
  Settings,
} from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { Avatar } from '../../components/Avatar.js';
import { AvatarStack } from '../../components/AvatarStack.js';
import { dmName, dmOthers, isGroupDm } from '../chat/dm-people.js';
import { DEFAULT_NAME_PREFS, useNamePrefs, type NamePrefs } from '../../lib/display-name.js';
import { ROUTES } from '../../routes.js';
import { ChannelSections } from './ChannelSections.js';
import { useShellDialogs } from './ShellDialogs.js';
import { MentionsLink } from '../notifications/MentionsLink.js';
import buttonStyles from '../../components/ui/Button.module.css';
import menuStyles from '../../components/ui/menu.module.css';
import badgeStyles from '../../components/ui/badge.module.css';
import styles from './Sidebar.module.css';
import { unreadBadge } from '../chat/format.js';
import { FooterStatus } from '../connection/FooterStatus.js';

interface SidebarProps {
  user: CurrentUser;
  workspaceName: string;
  sections: Section[];
  groups: Map<string | null, Channel[]>;
  channels: Channel[];
  dms: Channel[];
  users: PublicUser[];
  unread: ReadonlyMap<string, number>;
  /** The current workspace as the switcher lists it: its admins get its settings in the workspace menu. */
  workspace?: WorkspaceListItem;
  onShowShortcuts?: () => void;
  onNavigate?: () => void;
}

/**
 * What a DM is called: the other participant's display name (Unknown when they are not, or no longer, in the user
 * list), with that user; a group DM's other members' names ("Ada, Pat, Sam"), with no one user.
 */
export const dmPartnerName = (
  dm: Channel,
  meId: string,
  users: readonly PublicUser[],
  prefs: NamePrefs = DEFAULT_NAME_PREFS,
): { name: string; user?: PublicUser } => {
  const name = dmName(dm, meId, users, prefs);
  return isGroupDm(dm) ? { name } : { name, user: dmOthers(dm, meId, users, prefs)[0]?.user };
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
  workspace,
  onShowShortcuts,
  onNavigate,
}: SidebarProps) => {
  const [dmOpen, setDmOpen] = useState(true);
  const prefs = useNamePrefs();
  const dialogs = useShellDialogs();
  // From the mobile drawer, a dialog replaces the drawer rather than stacking over it.
  const openDialog = (show: () => void) => () => {
    onNavigate?.();
    show();
  };
  const regularCount = [...groups.values()].reduce((n, list) => n + list.length, 0);

  return (
    <aside className={styles.sidebar} aria-label="Sidebar">
      <header className={styles.header}>
        {/* the workspace menu, where Slack has it: what concerns the whole workspace (signing out is in the header) */}
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className={styles.identity}>
            <span className={styles.workspaceRow}>
              <span className={styles.workspace} title={workspaceName} data-testid="sidebar-workspace">
                {workspaceName}
              </span>
              <ChevronDown size={14} className={styles.workspaceChevron} aria-hidden />
            </span>
            <span className={styles.user}>@{user.username}</span>
            <span className="visually-hidden">: workspace menu</span>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className={menuStyles.menu} align="start" sideOffset={6}>
              <DropdownMenu.Label className={menuStyles.label}>{workspaceName}</DropdownMenu.Label>
              <DropdownMenu.Item className={menuStyles.item} onSelect={openDialog(dialogs.startDm)}>
                <MessageCircle size={14} aria-hidden /> Start direct message
              </DropdownMenu.Item>
              <DropdownMenu.Item className={menuStyles.item} onSelect={openDialog(dialogs.createChannel)}>
                <Plus size={14} aria-hidden /> Create channel
              </DropdownMenu.Item>
              <DropdownMenu.Item className={menuStyles.item} onSelect={openDialog(dialogs.browseChannels)}>
                <Compass size={14} aria-hidden /> Browse channels
              </DropdownMenu.Item>
              {workspace?.role === 'admin' ? (
                <DropdownMenu.Item
                  className={menuStyles.item}
                  onSelect={openDialog(() => dialogs.workspaceSettings(workspace))}
                >
                  <Settings size={14} aria-hidden /> Workspace settings
                </DropdownMenu.Item>
              ) : null}
              {onShowShortcuts ? (
                <>
                  <DropdownMenu.Separator className={menuStyles.separator} />
                  <DropdownMenu.Item className={menuStyles.item} onSelect={openDialog(onShowShortcuts)}>
                    <Keyboard size={14} aria-hidden /> Keyboard shortcuts
                  </DropdownMenu.Item>
                </>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </header>

      <div className={styles.scroll}>
        <NavLink
          to={ROUTES.tasks}
          className={({ isActive }) =>
            [styles.link, styles.linkEntry, isActive ? styles.isActive : ''].filter(Boolean).join(' ')
          }
          onClick={onNavigate}
        >
          <ListTodo size={16} className={styles.linkIcon} aria-hidden />
          <span className={styles.linkLabel} data-testid="sidebar-link-label">
            Tasks
          </span>
        </NavLink>
        <MentionsLink onNavigate={onNavigate} />
        <button
          type="button"
          className={`${styles.link} ${styles.linkEntry} ${styles.linkButton}`}
          onClick={openDialog(dialogs.browseChannels)}
        >
          <Compass size={16} className={styles.linkIcon} aria-hidden />
          <span className={styles.linkLabel} data-testid="sidebar-link-label">
            Browse channels
          </span>
        </button>

        <Collapsible.Root open={dmOpen} onOpenChange={setDmOpen} className={styles.section} data-testid="section-dms">
          <div className={styles.sectionRow}>
            <Collapsible.Trigger className={styles.sectionTrigger} data-testid="sidebar-section-trigger">
              <ChevronRight size={14} className={styles.sectionChevron} aria-hidden />
              <span className={styles.sectionTitle} data-testid="sidebar-section-title">
                Private Messages
              </span>
              <span className={styles.sectionCount}>{dms.length}</span>
            </Collapsible.Trigger>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.xs}`}
              aria-label="Start direct message"
              onClick={openDialog(dialogs.startDm)}
            >
              <Plus size={14} aria-hidden />
            </button>
          </div>
          <Collapsible.Content>
            <ul className={styles.list} aria-label="Private messages">
              {dms.map((dm) => {
                const partner = dmPartnerName(dm, user.id, users, prefs);
                const count = unread.get(dm.id) ?? 0;
                return (
                  <li key={dm.id} className={styles.item}>
                    <NavLink
                      to={ROUTES.channel(dm.id)}
                      className={({ isActive }) =>
                        [styles.link, isActive ? styles.isActive : '', count > 0 ? styles.hasUnread : '']
                          .filter(Boolean)
                          .join(' ')
                      }
                      onClick={onNavigate}
                    >
                      {isGroupDm(dm) ? (
                        <AvatarStack
                          people={dmOthers(dm, user.id, users, prefs).map((p) => ({
                            name: p.name,
                            src: p.user?.profileImageUrl,
                          }))}
                        />
                      ) : (
                        <Avatar name={partner.name} src={partner.user?.profileImageUrl} size={18} shape="round" />
                      )}
                      <span className={styles.linkLabel} data-testid="sidebar-link-label" title={partner.name}>
                        {partner.name}
                      </span>
                      {count > 0 ? (
                        <span
                          className={`${badgeStyles.count} ${styles.badge}`}
                          aria-label={`${unreadBadge(count)} unread`}
                        >
                          {unreadBadge(count)}
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                );
              })}
              {dms.length === 0 ? (
                <li className={styles.listEmpty}>
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

      <div className={styles.actions}>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.outline} ${buttonStyles.sm}`}
          onClick={openDialog(dialogs.createChannel)}
        >
          <Plus size={14} aria-hidden /> Channel
        </button>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.outline} ${buttonStyles.sm}`}
          onClick={openDialog(dialogs.createSection)}
        >
          <FolderPlus size={14} aria-hidden /> Section
        </button>
      </div>

      <footer className={styles.footer} aria-label="Status">
        <FooterStatus />
        <span className={styles.footerCounts}>
          {regularCount} {regularCount === 1 ? 'CHANNEL' : 'CHANNELS'} · {dms.length} {dms.length === 1 ? 'DM' : 'DMS'}
        </span>
      </footer>
    </aside>
  );
};
