// The workspace's members: stars, the admin switch and removal (never for oneself); searched on the server and shown a
// page at a time (a workspace may have thousands).
import * as Switch from '@radix-ui/react-switch';
import type { CurrentUser, PublicUser } from '@teamchat/contracts';
import { Star } from 'lucide-react';
import { Button } from '../../../components/ui/Button.js';
import { Avatar } from '../../chat/ui.js';
import { RemoveUserButton } from './RemoveUserButton.js';
import { useToggleAdmin } from './use-toggle-admin.js';
import adminStyles from './admin.module.css';
import sectionStyles from '../section.module.css';
import formStyles from '../../../components/ui/form.module.css';
import switchStyles from '../../../components/ui/switch.module.css';

export interface MembersPages {
  users: readonly PublicUser[];
  hasMore: boolean;
  fetchMore: () => void;
}

export const UsersSection = ({
  user,
  members,
  search,
  onSearch,
}: {
  user: CurrentUser;
  members: MembersPages;
  search: string;
  onSearch: (search: string) => void;
}) => {
  const { toggle, toggling } = useToggleAdmin();
  return (
    <section className={adminStyles.section} aria-label="Users">
      <h3 className={sectionStyles.title}>Users</h3>
      <input
        className={formStyles.input}
        type="search"
        placeholder="Search members..."
        aria-label="Search members"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <ul className={adminStyles.list} aria-label="Workspace users">
        {members.users.map((member) => {
          const self = member.id === user.id;
          return (
            <li key={member.id} className={adminStyles.listRow} data-testid="admin-user-row">
              <Avatar name={member.username} src={member.profileImageUrl} size={24} />
              <span className={adminStyles.listName}>
                {member.username}
                {self ? <span className={formStyles.hint}> (you)</span> : null}
              </span>
              <span className={adminStyles.listStars} title="Stars">
                <Star size={12} aria-hidden="true" /> {member.stars}
              </span>
              <span className={adminStyles.listSpacer} />
              <label className={switchStyles.label}>
                <span>Admin</span>
                <Switch.Root
                  className={switchStyles.switch}
                  checked={member.isAdmin}
                  disabled={self || toggling}
                  onCheckedChange={(isAdmin) => toggle(member, isAdmin)}
                  aria-label={`Admin: ${member.username}`}
                >
                  <Switch.Thumb className={switchStyles.thumb} />
                </Switch.Root>
              </label>
              {self ? (
                <span className={adminStyles.listPlaceholder} />
              ) : (
                <RemoveUserButton member={member} workspaceId={user.workspaceId} />
              )}
            </li>
          );
        })}
      </ul>
      {members.hasMore ? (
        <Button variant="outline" size="sm" onClick={members.fetchMore}>
          Show more
        </Button>
      ) : null}
    </section>
  );
};
