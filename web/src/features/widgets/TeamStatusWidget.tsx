// Spec 2 §2 team status: roster sorted online, away, busy, offline; online/total where total counts pending invites.
import type { CurrentUser } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { usersQuery } from '../../api/users.js';
import { usePresence } from '../chat/live-store.js';
import { rosterStatus, sortRoster, useUserStatus } from '../chat/status.js';
import { invitesQuery } from '../settings/api.js';
import { UserHoverCard } from '../chat/UserHoverCard.js';
import { Avatar } from '../chat/ui.js';
import type { PanelSize } from './panel-size.js';
import badgeStyles from '../../components/ui/badge.module.css';
import noteStyles from '../../components/ui/note.module.css';
import styles from './TeamStatusWidget.module.css';

const DOT_CLASS: Record<string, string | undefined> = {
  online: badgeStyles.dotOnline,
  away: badgeStyles.dotAway,
  busy: badgeStyles.dotBusy,
  offline: badgeStyles.dotOffline,
};
const STATUS_CLASS: Record<string, string | undefined> = {
  online: styles.statusOnline,
  busy: styles.statusBusy,
  away: styles.statusAway,
};

export const TEAM_LIST_HEIGHT = { full: 300, compact: 200 } as const;

export const TeamStatusWidget = ({ user, density }: { user: CurrentUser; density: PanelSize }) => {
  const users = useQuery(usersQuery());
  // Only admins may list invites; for everyone else the total is the user count.
  const invites = useQuery({ ...invitesQuery(), enabled: user.isAdmin });
  const presence = usePresence();
  const myStatus = useUserStatus();
  const list = users.data ?? [];
  const entries = sortRoster(
    list.map((u) => {
      // This tab is connected, and its own choice is known before the server's copy catches up.
      const self = u.id === user.id;
      const status = rosterStatus(self ? myStatus : u.status, self ? 'online' : presence.get(u.id));
      return { user: u, name: u.username, status };
    }),
  );
  const online = entries.filter((e) => e.status === 'online').length;
  const total = list.length + (invites.data?.length ?? 0);

  return (
    <div>
      <div className={styles.count} data-testid="team-online-count">
        <span className={`${badgeStyles.dot} ${badgeStyles.dotOnline}`} aria-hidden="true" /> {online}/{total} online
      </div>
      <ul className={styles.list} style={{ maxHeight: TEAM_LIST_HEIGHT[density] }} aria-label="Team members">
        {users.isPending ? <li className={noteStyles.note}>Loading…</li> : null}
        {entries.map(({ user: member, status }) => (
          <li key={member.id} className={styles.member} data-status={status}>
            <UserHoverCard user={member} fallbackName={member.username}>
              <button type="button" className={styles.memberButton}>
                <span className={styles.avatar}>
                  <Avatar name={member.username} src={member.profileImageUrl} size={24} />
                  <span className={`${badgeStyles.dot} ${DOT_CLASS[status]} ${styles.presence}`} aria-hidden="true" />
                </span>
                <span className={styles.name}>{member.username}</span>
                <span className={`${styles.status} ${STATUS_CLASS[status] ?? ''}`}>{status}</span>
              </button>
            </UserHoverCard>
          </li>
        ))}
      </ul>
    </div>
  );
};
