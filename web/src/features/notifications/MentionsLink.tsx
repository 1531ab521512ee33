// The sidebar's "Mentions" entry, with how many arrived since the view was last opened.
import { useInfiniteQuery } from '@tanstack/react-query';
import { AtSign } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { ROUTES } from '../../routes.js';
import { mentionsQuery } from './api.js';
import sidebarStyles from '../layout/Sidebar.module.css';
import badgeStyles from '../../components/ui/badge.module.css';
import { unreadBadge } from '../chat/format.js';

export const MentionsLink = ({ onNavigate }: { onNavigate?: () => void }) => {
  const mentions = useInfiniteQuery(mentionsQuery());
  const unread = mentions.data?.pages[0]?.unread ?? 0;
  const badge = unreadBadge(unread);
  return (
    <NavLink
      to={ROUTES.mentions}
      className={({ isActive }) =>
        [sidebarStyles.link, sidebarStyles.linkEntry, isActive ? sidebarStyles.isActive : ''].filter(Boolean).join(' ')
      }
      onClick={onNavigate}
    >
      <AtSign size={16} className={sidebarStyles.linkIcon} aria-hidden />
      <span className={sidebarStyles.linkLabel} data-testid="sidebar-link-label">
        Mentions
      </span>
      {unread > 0 ? (
        <span className={`${badgeStyles.count} ${sidebarStyles.badge}`} aria-label={`${badge} unread mentions`}>
          {badge}
        </span>
      ) : null}
    </NavLink>
  );
};
