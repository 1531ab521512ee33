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
      className="btn btn--icon btn--sm switcher__gear"
      aria-label="Workspace settings"
      onClick={() => dialogs.workspaceSettings(ws)}
    >
      <Settings size={15} aria-hidden />
    </button>
  );

  return (
    <Tooltip.Provider delayDuration={300}>
      <nav className={['switcher', collapsed ? 'is-collapsed' : ''].filter(Boolean).join(' ')} aria-label="Workspaces">
        <div className="switcher__top">
          {!collapsed ? <span className="switcher__heading">WORKSPACES</span> : null}
          {onToggle ? (
            <button
              type="button"
              className="btn btn--icon btn--sm"
              onClick={onToggle}
              aria-label={collapsed ? 'Expand workspace switcher' : 'Collapse workspace switcher'}
              aria-expanded={!collapsed}
            >
              {collapsed ? <ChevronsRight size={16} aria-hidden /> : <ChevronsLeft size={16} aria-hidden />}
            </button>
          ) : null}
        </div>
        <ul className="switcher__list">
          {workspaces.map((ws) => {
            const current = ws.id === user.workspaceId;
            const item = (
              <div className={['switcher__item', current ? 'is-current' : ''].filter(Boolean).join(' ')}>
                <button
                  type="button"
                  className="switcher__select"
                  onClick={() => void choose(ws)}
                  aria-current={current ? 'true' : undefined}
                  aria-label={collapsed ? `${ws.name} (${ws.role})` : undefined}
                >
                  <Avatar name={ws.name} src={ws.profileImageUrl || null} size={32} />
                  {!collapsed ? (
                    <span className="switcher__text">
                      <span className="switcher__name">{ws.name}</span>
                      <span className="switcher__role">{ws.role}</span>
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
                      <Tooltip.Content className="tooltip" side="right" sideOffset={8}>
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
          className="switcher__add"
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
