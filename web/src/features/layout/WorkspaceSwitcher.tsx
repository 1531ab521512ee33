// Far-left column: every workspace of the user (logo, name, role), gear on the current one for admins.
import type { CurrentUser, WorkspaceListItem } from '@teamchat/contracts';
import * as Tooltip from '@radix-ui/react-tooltip';
import { useQuery } from '@tanstack/react-query';
import { ChevronsLeft, ChevronsRight, Plus, Settings } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useSwitchWorkspace, workspacesQuery } from '../../api/workspaces.js';
import { Avatar } from '../../components/Avatar.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import { useShellDialogs } from './ShellDialogs.js';
import buttonStyles from '../../components/ui/Button.module.css';
import menuStyles from '../../components/ui/menu.module.css';
import styles from './WorkspaceSwitcher.module.css';

interface Props {
  user: CurrentUser;
  collapsed: boolean;
  /** Absent where the width is fixed (the mobile drawer). */
  onToggle?: () => void;
}

export const WorkspaceSwitcher = ({ user, collapsed, onToggle }: Props) => {
  const navigate = useNavigate();
  const { data: workspaces = [] } = useQuery(workspacesQuery());
  const switchWorkspace = useSwitchWorkspace();
  const dialogs = useShellDialogs();

  const choose = async (ws: WorkspaceListItem) => {
    if (ws.id === user.workspaceId || switchWorkspace.isPending) return;
    try {
      await switchWorkspace.mutateAsync(ws.id);
      void navigate(ROUTES.home);
    } catch {
      notify.error('Failed to switch workspace');
    }
  };

  const gear = (ws: WorkspaceListItem) => (
    <button
      type="button"
      className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.sm} ${styles.gear}`}
      aria-label="Workspace settings"
      onClick={() => dialogs.workspaceSettings(ws)}
    >
      <Settings size={15} aria-hidden />
    </button>
  );

  return (
    <Tooltip.Provider delayDuration={300}>
      <nav
        className={[styles.switcher, collapsed ? styles.isCollapsed : ''].filter(Boolean).join(' ')}
        aria-label="Workspaces"
      >
        <div className={styles.top}>
          {!collapsed ? <span className={styles.heading}>WORKSPACES</span> : null}
          {onToggle ? (
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.sm}`}
              onClick={onToggle}
              aria-label={collapsed ? 'Expand workspace switcher' : 'Collapse workspace switcher'}
              aria-expanded={!collapsed}
            >
              {collapsed ? <ChevronsRight size={16} aria-hidden /> : <ChevronsLeft size={16} aria-hidden />}
            </button>
          ) : null}
        </div>
        <ul className={styles.list}>
          {workspaces.map((ws) => {
            const current = ws.id === user.workspaceId;
            const item = (
              <div className={[styles.item, current ? styles.isCurrent : ''].filter(Boolean).join(' ')}>
                <button
                  type="button"
                  className={styles.select}
                  onClick={() => void choose(ws)}
                  aria-current={current ? 'true' : undefined}
                  aria-label={collapsed ? `${ws.name} (${ws.role})` : undefined}
                >
                  <Avatar name={ws.name} src={ws.profileImageUrl || null} size={32} className={styles.avatar} />
                  {!collapsed ? (
                    <span className={styles.text}>
                      <span className={styles.name}>{ws.name}</span>
                      <span className={styles.role}>{ws.role}</span>
                    </span>
                  ) : null}
                </button>
                {current && user.isAdmin && !collapsed ? gear(ws) : null}
              </div>
            );
            return (
              <li key={ws.id}>
                {collapsed ? (
                  <Tooltip.Root>
                    <Tooltip.Trigger asChild>{item}</Tooltip.Trigger>
                    <Tooltip.Portal>
                      <Tooltip.Content className={menuStyles.tooltip} side="right" sideOffset={8}>
                        {ws.name} · {ws.role}
                      </Tooltip.Content>
                    </Tooltip.Portal>
                  </Tooltip.Root>
                ) : (
                  item
                )}
                {/* Collapsed, the gear gets its own row under the current workspace. */}
                {current && user.isAdmin && collapsed ? gear(ws) : null}
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className={styles.add}
          onClick={() => navigate(ROUTES.createWorkspace)}
          aria-label="New workspace"
        >
          <Plus size={16} aria-hidden />
          {!collapsed ? <span>New workspace</span> : null}
        </button>
      </nav>
    </Tooltip.Provider>
  );
};
