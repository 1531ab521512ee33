// Admin: invite links (seat-limited), pending invites, members with admin switch and removal, star awards, and the
// workspace's private channels (names and member counts).
import type { CurrentUser } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { usersQuery } from '../../api/users.js';
import { BroadcastMentionsSection } from '../notifications/BroadcastMentionsSection.js';
import { InvitesSection } from './admin/InvitesSection.js';
import { PrivateChannelsSection } from './admin/PrivateChannelsSection.js';
import { StarsSection } from './admin/StarsSection.js';
import { UsersSection } from './admin/UsersSection.js';
import adminStyles from './admin/admin.module.css';

export { COPIED_MS } from './admin/use-copied-flag.js';
export { TOKEN_DISPLAY_LENGTH } from './admin/InvitesSection.js';
export { STAR_TEXTS } from './admin/use-award-stars.js';

export const AdminTab = ({ user }: { user: CurrentUser }) => {
  const users = useQuery(usersQuery());
  const list = users.data ?? [];
  return (
    <div className={adminStyles.admin}>
      <InvitesSection users={list} />
      <UsersSection user={user} users={list} />
      <StarsSection users={list} />
      <PrivateChannelsSection />
      <BroadcastMentionsSection />
    </div>
  );
};
