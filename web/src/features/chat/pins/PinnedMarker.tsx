// The small "Pinned" line above a pinned message (who pinned it, when known).
import type { Message } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Pin } from 'lucide-react';
import { authUserQuery } from '../../../api/auth.js';
import { usersQuery } from '../../../api/users.js';
import styles from './PinnedMarker.module.css';

export const PinnedMarker = ({ message }: { message: Pick<Message, 'pinnedAt' | 'pinnedBy'> }) => {
  const me = useQuery({ ...authUserQuery(), enabled: !!message.pinnedAt }).data?.id;
  const users = useQuery({ ...usersQuery(), enabled: !!message.pinnedAt }).data;
  if (!message.pinnedAt) return null;
  const by = message.pinnedBy === me ? 'you' : users?.find((u) => u.id === message.pinnedBy)?.username;
  return (
    <div className={styles.marker} data-testid="pinned-marker">
      <Pin size={12} aria-hidden="true" />
      <span>{by ? `Pinned by ${by}` : 'Pinned'}</span>
    </div>
  );
};
