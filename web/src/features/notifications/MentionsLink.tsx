// The sidebar's "Mentions" entry, with how many arrived since the view was last opened.
import { useInfiniteQuery } from '@tanstack/react-query';
import { AtSign } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { ROUTES } from '../../routes.js';
import { mentionsQuery } from './api.js';

export const MentionsLink = ({ onNavigate }: { onNavigate?: () => void }) => {
  const mentions = useInfiniteQuery(mentionsQuery());
  const unread = mentions.data?.pages[0]?.unread ?? 0;
  return (
    <NavLink
      to={ROUTES.mentions}
      className={({ isActive }) =>
        ['sidebar-link', 'sidebar-link--entry', isActive ? 'is-active' : ''].filter(Boolean).join(' ')
      }
      onClick={onNavigate}
    >
      <AtSign size={16} className="sidebar-link__icon" aria-hidden />
      <span className="sidebar-link__label">Mentions</span>
      {unread > 0 ? (
        <span className="badge" aria-label={`${unread} unread mentions`}>
          {unread >= 100 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
};
