// The workspace's members: stars, the admin switch and removal (never for oneself).
import * as Switch from '@radix-ui/react-switch';
import type { CurrentUser, PublicUser } from '@teamchat/contracts';
import { Star } from 'lucide-react';
import { Avatar } from '../../chat/ui.js';
import { RemoveUserButton } from './RemoveUserButton.js';
import { useToggleAdmin } from './use-toggle-admin.js';

export const UsersSection = ({ user, users }: { user: CurrentUser; users: readonly PublicUser[] }) => {
  const { toggle, toggling } = useToggleAdmin();
  return (
    <section className="tc-admin-section" aria-label="Users">
      <h3 className="tc-settings-section__title">Users</h3>
      <ul className="tc-admin-list" aria-label="Workspace users">
        {users.map((member) => {
          const self = member.id === user.id;
          return (
            <li key={member.id} className="tc-admin-list__row" data-testid="admin-user-row">
              <Avatar name={member.username} src={member.profileImageUrl} size={24} />
              <span className="tc-admin-list__name">
                {member.username}
                {self ? <span className="field__hint"> (you)</span> : null}
              </span>
              <span className="tc-admin-list__stars" title="Stars">
                <Star size={12} aria-hidden="true" /> {member.stars}
              </span>
              <span className="tc-admin-list__spacer" />
              <label className="tc-switch-label">
                <span>Admin</span>
                <Switch.Root
                  className="tc-switch"
                  checked={member.isAdmin}
                  disabled={self || toggling}
                  onCheckedChange={(isAdmin) => toggle(member, isAdmin)}
                  aria-label={`Admin: ${member.username}`}
                >
                  <Switch.Thumb className="tc-switch__thumb" />
                </Switch.Root>
              </label>
              {self ? (
                <span className="tc-admin-list__placeholder" />
              ) : (
                <RemoveUserButton member={member} workspaceId={user.workspaceId} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
};
