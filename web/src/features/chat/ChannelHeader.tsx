// Spec 2 §2 channel header: name, id, description, member badge, search, profile, DM flag, settings, logout, rename;
// for a regular channel also its Lock when private, its topic, an Archived flag and the channel menu. On a phone the
// secondary actions (profile, settings, logout, the panel) go into a "More actions" menu, so the name keeps its room.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Channel, CurrentUser, PublicUser } from '@teamchat/contracts';
import {
  Archive,
  CircleUser,
  EllipsisVertical,
  LogOut,
  PanelRightOpen,
  Pencil,
  Search,
  Settings,
  Users,
  UsersRound,
} from 'lucide-react';
import { useState } from 'react';
import { useDirectory } from '../../api/directory.js';
import { logout } from '../../api/auth.js';
import { useIsMobile } from '../../lib/use-media-query.js';
import { SearchDialog } from '../search/SearchDialog.js';
import type { SettingsTab } from '../settings/SettingsDialog.js';
import { LazySettingsDialog, preloadSettings } from '../settings/LazySettingsDialog.js';
import { RenameChannelDialog } from './RenameChannelDialog.js';
import { dmName, isGroupDm } from './dm-people.js';
import { DEFAULT_NAME_PREFS, useNamePrefs, type NamePrefs } from '../../lib/display-name.js';
import { PinnedMessages } from './pins/PinnedMessages.js';
import { Avatar, IconButton } from './ui.js';
import { ChannelNotifyMenu } from '../notifications/ChannelNotifyMenu.js';
import { ChannelGlyph } from '../../components/ChannelIcon.js';
import { ChannelMenu } from '../channels/ChannelMenu.js';
import badgeStyles from '../../components/ui/badge.module.css';
import buttonStyles from '../../components/ui/Button.module.css';
import menuStyles from '../../components/ui/menu.module.css';
import styles from './ChannelHeader.module.css';

export const isDirect = (channel: Pick<Channel, 'type'>): boolean =>
  channel.type === 'direct' || (channel.type as string) === 'dm';

/**
 * A DM is named after the other participant ("Unknown" when they are not in the user list), a group DM after its other
 * members.
 */
export const channelTitle = (
  channel: Channel,
  me: string | undefined,
  users: readonly PublicUser[],
  prefs: NamePrefs = DEFAULT_NAME_PREFS,
): string => (isDirect(channel) ? dmName(channel, me, users, prefs) : channel.name);

/** The header's actions beside Search and notifications on a wide screen: profile, settings, logout, the panel. */
const DesktopActions = ({
  user,
  panelCollapsed,
  onShowPanel,
  onSettings,
}: {
  user: CurrentUser;
  panelCollapsed: boolean;
  onShowPanel: () => void;
  onSettings: (tab: SettingsTab) => void;
}) => (
  <>
    <button
      type="button"
      className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.sm} ${styles.profileButton}`}
      aria-label="Update profile"
      title="Update profile"
      onPointerEnter={preloadSettings}
      onFocus={preloadSettings}
      onClick={() => onSettings('profile')}
    >
      <Avatar name={user.username} src={user.profileImageUrl} size={26} />
    </button>
    <IconButton
      label="Settings"
      onPointerEnter={preloadSettings}
      onFocus={preloadSettings}
      onClick={() => onSettings('appearance')}
    >
      <Settings size={18} />
    </IconButton>
    <IconButton label="Log out" onClick={logout}>
      <LogOut size={18} />
    </IconButton>
    {panelCollapsed ? (
      <IconButton label="Show panel" onClick={onShowPanel}>
        <PanelRightOpen size={18} />
      </IconButton>
    ) : null}
  </>
);

/** Spec 2 §2: the member count falls back to the user count when participantIds is absent. */
export const memberCount = (channel: Channel, users: readonly unknown[]): number =>
  channel.participantIds?.length ?? users.length;

export const ChannelHeader = ({
  channel,
  user,
  users,
  panelCollapsed,
  onShowPanel,
}: {
  channel: Channel;
  user: CurrentUser;
  users: readonly PublicUser[];
  panelCollapsed: boolean;
  onShowPanel: () => void;
}) => {
  const [searchOpen, setSearchOpen] = useState(false);
  const [settingsTab, setSettingsTab] = useState<SettingsTab | null>(null);
  const [renameOpen, setRenameOpen] = useState(false);
  const [membersOpen, setMembersOpen] = useState(false);
  const direct = isDirect(channel);
  const prefs = useNamePrefs();
  const isMobile = useIsMobile();
  // a channel from a server older than channel membership has no member list: everyone in the workspace reads it
  const everyone = useDirectory({ limit: 1 }, { enabled: !channel.participantIds });
  const count = channel.participantIds
    ? channel.participantIds.length
    : (everyone.total ?? memberCount(channel, everyone.users.length > 0 ? everyone.users : users));
  const canRename = !direct && channel.id.length > 0 && channel.archived !== true;
  const isPrivate = !direct && channel.visibility === 'private';

  return (
    <header className={styles.header}>
      <div className={styles.info}>
        <div className={styles.titleRow}>
          <h1 className={styles.title} title={channelTitle(channel, user.id, users, prefs)}>
            {direct ? (
              isGroupDm(channel) ? (
                <UsersRound size={18} className={styles.groupIcon} aria-hidden />
              ) : (
                '@'
              )
            ) : isPrivate ? (
              <ChannelGlyph channel={channel} size={15} className={styles.lock} />
            ) : (
              '#'
            )}
            {channelTitle(channel, user.id, users, prefs)}
          </h1>
          {direct ? <span className={`${badgeStyles.label} ${badgeStyles.labelAccent}`}>DM</span> : null}
          {!direct && channel.archived ? (
            <span className={`${badgeStyles.label} ${badgeStyles.labelWarn}`} data-testid="archived-flag">
              <Archive size={12} aria-hidden="true" /> Archived
            </span>
          ) : null}
          {direct ? (
            <span className={badgeStyles.label} title={`${count} members`} data-testid="member-count">
              <Users size={12} aria-hidden="true" /> {count}
            </span>
          ) : (
            <button
              type="button"
              className={`${badgeStyles.label} ${styles.memberButton}`}
              title={`${count} members`}
              aria-label={`${count} members: show members`}
              data-testid="member-count"
              onClick={() => setMembersOpen(true)}
            >
              <Users size={12} aria-hidden="true" /> {count}
            </button>
          )}
          {channel.id ? <PinnedMessages channelId={channel.id} users={users} /> : null}
          {canRename ? (
            <IconButton label="Rename channel" onClick={() => setRenameOpen(true)} size="xs">
              <Pencil size={14} />
            </IconButton>
          ) : null}
          {!direct && channel.id ? (
            <ChannelMenu
              channel={channel}
              user={user}
              users={users}
              membersOpen={membersOpen}
              onMembersOpenChange={setMembersOpen}
            />
          ) : null}
        </div>
        <div className={styles.sub}>
          {channel.topic ? (
            <span className={styles.topic} title={channel.topic} data-testid="channel-topic">
              {channel.topic}
            </span>
          ) : null}
          <span className={styles.id}>ID: {channel.id}</span>
          {channel.description ? <span className={styles.description}>{channel.description}</span> : null}
        </div>
      </div>
      <div className={styles.actions}>
        <IconButton label="Search messages" onClick={() => setSearchOpen(true)}>
          <Search size={18} />
        </IconButton>
        <ChannelNotifyMenu channelId={channel.id} />
        {isMobile ? (
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <IconButton label="More actions" onPointerEnter={preloadSettings} onFocus={preloadSettings}>
                <EllipsisVertical size={18} />
              </IconButton>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content className={menuStyles.menu} align="end" sideOffset={6}>
                <DropdownMenu.Item className={menuStyles.item} onSelect={() => setSettingsTab('profile')}>
                  <CircleUser size={14} aria-hidden /> Update profile
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuStyles.item} onSelect={() => setSettingsTab('appearance')}>
                  <Settings size={14} aria-hidden /> Settings
                </DropdownMenu.Item>
                {panelCollapsed ? (
                  <DropdownMenu.Item className={menuStyles.item} onSelect={onShowPanel}>
                    <PanelRightOpen size={14} aria-hidden /> Show panel
                  </DropdownMenu.Item>
                ) : null}
                <DropdownMenu.Separator className={menuStyles.separator} />
                <DropdownMenu.Item className={menuStyles.item} onSelect={logout}>
                  <LogOut size={14} aria-hidden /> Log out
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        ) : (
          <DesktopActions
            user={user}
            panelCollapsed={panelCollapsed}
            onShowPanel={onShowPanel}
            onSettings={setSettingsTab}
          />
        )}
      </div>
      <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} />
      <LazySettingsDialog
        open={settingsTab !== null}
        initialTab={settingsTab ?? undefined}
        onOpenChange={(open) => !open && setSettingsTab(null)}
        user={user}
      />
      {canRename ? <RenameChannelDialog channel={channel} open={renameOpen} onOpenChange={setRenameOpen} /> : null}
    </header>
  );
};
