// Admin: invite links (seat-limited), pending invites, members with admin switch and removal, star awards, and the
// workspace's private channels (names and member counts).
import type { CurrentUser } from '@teamchat/contracts';
import { useState } from 'react';
import { useDirectory } from '../../api/directory.js';
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
  // the members directory a page at a time: everyone (for the seat count and the star award's choice), and the list
  // as searched (the same query while the search is empty)
  const all = useDirectory({});
  const [search, setSearch] = useState('');
  const shown = useDirectory({ q: search });
  return (
    <div className={adminStyles.admin}>
      <InvitesSection memberCount={all.total ?? all.users.length} />
      <UsersSection user={user} members={shown} search={search} onSearch={setSearch} />
      <StarsSection users={all.users} />
      <PrivateChannelsSection />
      <BroadcastMentionsSection />
    </div>
  );
};
