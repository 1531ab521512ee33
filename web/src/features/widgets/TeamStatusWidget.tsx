// Spec 2 §2 team status: roster sorted online, away, busy, offline; online/total where total counts pending invites.
// The roster comes from the members directory a page at a time as the list is scrolled, and only the rows in view
// are in the DOM (a workspace may have 20,000 members); the order is that of the members loaded so far.
import { DIRECTORY_LIMIT_MAX, type CurrentUser, type PublicUser } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { useDirectory } from '../../api/directory.js';
import { useOnlineCount, usePresenceSelector, type PresenceView } from '../chat/presence-store.js';
import { useUserPresence } from '../chat/presence-watch.js';
import { useConnectionView } from '../connection/connection-view.js';
import { rosterStatus, sortRoster, useUserStatus, type RosterStatus } from '../chat/status.js';
import { invitesQuery } from '../settings/api.js';
import { UserHoverCard } from '../chat/UserHoverCard.js';
import { Avatar } from '../chat/ui.js';
import { useDisplayName } from '../../lib/display-name.js';
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
/** A row's height (24 px avatar, 5 px padding above and below). */
const ROW_HEIGHT = 34;
/** Rows rendered beyond those in view; the next page is asked for this close to the end of those loaded. */
const OVERSCAN = 10;

/**
 * Oneself: online while this tab's live connection is up (offline while it is down), and one's own choice is known
 * before the server's copy catches up.
 */
const statusOf = (
  member: PublicUser,
  selfId: string,
  myStatus: string,
  presence: PresenceView,
  selfConnected: boolean,
): RosterStatus =>
  member.id === selfId
    ? rosterStatus(myStatus, selfConnected ? 'online' : 'offline')
    : rosterStatus(member.status, presence.get(member.id));

/**
 * One member; re-renders when their own presence or profile changes, not when anyone else's does (the roster's
 * order and count are worked out above it).
 */
const MemberRow = memo(function MemberRow({
  member,
  self,
  myStatus,
  selfConnected,
}: {
  member: PublicUser;
  self: boolean;
  myStatus: string;
  selfConnected: boolean;
}) {
  const presence = useUserPresence(self ? undefined : member.id);
  const name = useDisplayName()(member);
  const status = self
    ? rosterStatus(myStatus, selfConnected ? 'online' : 'offline')
    : rosterStatus(member.status, presence);
  return (
    <li className={styles.member} data-status={status}>
      <UserHoverCard user={member} fallbackName={member.username}>
        <button type="button" className={styles.memberButton}>
          <span className={styles.avatar}>
            <Avatar name={member.username} src={member.profileImageUrl} size={24} />
            <span className={`${badgeStyles.dot} ${DOT_CLASS[status]} ${styles.presence}`} aria-hidden="true" />
          </span>
          <span className={styles.name}>{name}</span>
          <span className={`${styles.status} ${STATUS_CLASS[status] ?? ''}`}>{status}</span>
        </button>
      </UserHoverCard>
    </li>
  );
});

export const TeamStatusWidget = ({ user, density }: { user: CurrentUser; density: PanelSize }) => {
  const users = useDirectory({ limit: DIRECTORY_LIMIT_MAX });
  // Only admins may list invites; for everyone else the total is the user count.
  const invites = useQuery({ ...invitesQuery(), enabled: user.isAdmin });
  const myStatus = useUserStatus();
  const nameOf = useDisplayName();
  const connection = useConnectionView();
  const selfConnected = connection !== 'reconnecting' && connection !== 'offline';
  const list = users.users;
  const byId = useMemo(() => new Map(list.map((u) => [u.id, u])), [list]);
  // the order (and the tally used before the server's count arrives) as strings: a presence change that moves no one
  // re-renders nothing here, and one that does re-renders the list while its rows skip
  const order = usePresenceSelector(
    useCallback(
      (presence: PresenceView) =>
        sortRoster(
          list.map((u) => ({
            id: u.id,
            name: nameOf(u),
            status: statusOf(u, user.id, myStatus, presence, selfConnected),
          })),
        )
          .map((e) => e.id)
          .join(','),
      [list, user.id, myStatus, selfConnected, nameOf],
    ),
  );
  const tally = usePresenceSelector(
    useCallback(
      (presence: PresenceView) =>
        list.filter((u) => statusOf(u, user.id, myStatus, presence, selfConnected) === 'online').length,
      [list, user.id, myStatus, selfConnected],
    ),
  );
  const counted = useOnlineCount();
  const online = counted ?? tally;
  const total = (users.total ?? list.length) + (invites.data?.length ?? 0);
  const members = useMemo(() => (order ? order.split(',').flatMap((id) => byId.get(id) ?? []) : []), [order, byId]);

  const scroller = useRef<HTMLUListElement>(null);
  const height = Math.min(members.length * ROW_HEIGHT, TEAM_LIST_HEIGHT[density]);
  const rows = useVirtualizer({
    count: members.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => members[index]?.id ?? index,
    // a list not laid out (a hidden panel, a test's DOM) measures 0: it is then taken to be as tall as it may grow
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(rect.height > 0 ? rect : { width: rect.width, height: TEAM_LIST_HEIGHT.full }),
      ),
  });
  const shown = rows.getVirtualItems();
  const lastShown = shown.at(-1)?.index ?? -1;
  const { fetchMore } = users;
  useEffect(() => {
    if (lastShown >= members.length - OVERSCAN) fetchMore();
  }, [lastShown, members.length, fetchMore]);
  // the rows in view stay in the list's flow; the space of those above and below is padding
  const before = shown[0]?.start ?? 0;
  const after = shown.length > 0 ? rows.getTotalSize() - shown[shown.length - 1]!.end : 0;

  return (
    <div>
      {/* with the socket down nobody's presence is known: no count from before the drop, the roster dimmed */}
      <div
        className={`${styles.count} ${selfConnected ? '' : styles.isStale}`}
        data-testid="team-online-count"
        title={selfConnected ? undefined : 'Unknown until the connection is back'}
      >
        <span
          className={`${badgeStyles.dot} ${selfConnected ? badgeStyles.dotOnline : badgeStyles.dotOffline}`}
          aria-hidden="true"
        />{' '}
        {selfConnected ? online : '–'}/{total} online
      </div>
      <ul
        ref={scroller}
        className={`${styles.list} ${selfConnected ? '' : styles.isStale}`}
        style={{
          maxHeight: TEAM_LIST_HEIGHT[density],
          height: users.isPending ? undefined : height,
          paddingTop: before,
          paddingBottom: after,
        }}
        aria-label="Team members"
      >
        {users.isPending ? <li className={noteStyles.note}>Loading…</li> : null}
        {shown.map((row) => {
          const member = members[row.index]!;
          return (
            <MemberRow
              key={member.id}
              member={member}
              self={member.id === user.id}
              myStatus={myStatus}
              selfConnected={selfConnected}
            />
          );
        })}
      </ul>
    </div>
  );
};
